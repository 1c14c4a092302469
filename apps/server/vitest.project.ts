import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';
import { ISOLATED_TESTS, inParallelRun, parallelRunExcludes } from '../../scripts/solo-tests.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = 'apps/server/';
const isolatedHere = ISOLATED_TESTS.filter((f) => f.startsWith(workspace)).map((f) => f.slice(workspace.length));

/**
 * The server tests on one database: `server-pglite` (TEST_DB=pglite) or `server-postgres` (TEST_DB=postgres).
 *
 * In npm test's parallel run (decision 0088) the files share one module graph per worker (`isolate: false`): the server's
 * modules are imported once per worker rather than once per file. The files that change what every module of the worker
 * sees (a `vi.mock`, a spy on `Date.now` or argon2, fake timers: ISOLATED_TESTS) run there in their own isolated project,
 * `server-<db>-isolated`; the solo files run later, alone (decision 0078). Any other run (a file, a project) isolates
 * every file, as before.
 */
export function serverProject(db: 'pglite' | 'postgres', part: 'shared-graph' | 'isolated' = 'shared-graph') {
  const parallel = inParallelRun();
  return defineProject({
    root,
    test: {
      name: part === 'isolated' ? `server-${db}-isolated` : `server-${db}`,
      root,
      include: part === 'isolated' ? isolatedHere : ['src/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...parallelRunExcludes(workspace), ...(parallel && part === 'shared-graph' ? isolatedHere : [])],
      isolate: part === 'isolated' || !parallel,
      globalSetup: ['src/test/global-setup.ts'],
      setupFiles: ['src/test/setup.ts'],
      env: { TEST_DB: db, TZ: 'UTC' },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
}
