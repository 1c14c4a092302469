/**
 * What a test file opened (its apps, its databases), closed once the file is done by test/setup.ts, last thing.
 *
 * Closing them in an `afterAll` registered by createTestApp did not work: Vitest ignores a hook registered while
 * hooks run, and most files build their app in a `beforeAll`, so no app and no database was ever closed. Each file's
 * process ended with it, and that hid it until files shared a worker (decision 0088): 40 PGlite instances stayed
 * alive in one worker after 18 apps (heap snapshot), its memory grew ~200 MB a file to 8 GB, and the worker died.
 */
const opened: (() => Promise<unknown>)[] = [];

/** Closes `close`'s thing after this file's tests and hooks, the latest opened first. */
export function closeAfterFile(close: () => Promise<unknown>): void {
  opened.push(close);
}

/** Closes what the file opened; one already closed by its test (a close that throws) does not stop the others. */
export async function closeOpened(): Promise<void> {
  for (const close of opened.splice(0).reverse()) await close().catch(() => {});
}
