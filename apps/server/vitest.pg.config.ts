import { configDefaults, defineProject } from 'vitest/config';
import { parallelRunExcludes } from '../../scripts/solo-tests.mjs';

export default defineProject({
  test: {
    name: 'server-postgres',
    include: ['src/**/*.test.ts'],
    // npm test's parallel run leaves the solo files to their own run (scripts/solo-tests.mjs, decision 0078).
    exclude: [...configDefaults.exclude, ...parallelRunExcludes('apps/server/')],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'postgres', TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
