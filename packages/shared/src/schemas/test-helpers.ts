/**
 * What a form shows for a schema's answer (tests only): each refused field's path ("a.b") and message key,
 * in the order the schema reports them; [] when the input is accepted.
 */
export function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** The parsed value of an accepted input; fails the test with the issues when refused. */
export function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (!result.success) throw new Error(`refused: ${JSON.stringify(issuesOf(result))}`);
  return result.data;
}
