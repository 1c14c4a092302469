import { defineProject } from 'vitest/config';

/** Server tests on PGlite (TEST_DB=pglite) or PostgreSQL (TEST_DB=postgres); see vitest.pg.config.ts. */
export default defineProject({
  test: {
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'pglite', TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
