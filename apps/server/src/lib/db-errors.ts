/** PostgreSQL's unique_violation (23505), as thrown by pg or PGlite, optionally for one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const found = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return !!found && (!constraint || found.constraint === constraint);
}

/** Escapes LIKE wildcards in user text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
