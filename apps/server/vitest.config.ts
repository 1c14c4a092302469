import { configDefaults, defineProject } from 'vitest/config';
import { parallelRunExcludes } from '../../scripts/solo-tests.mjs';

/** Server tests on PGlite (TEST_DB=pglite) or PostgreSQL (TEST_DB=postgres); see vitest.pg.config.ts. */
export default defineProject({
  test: {
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    // npm test's parallel run leaves the solo files to their own run (scripts/solo-tests.mjs, decision 0078).
    exclude: [...configDefaults.exclude, ...parallelRunExcludes('apps/server/')],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'pglite', TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
