import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-postgres',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'postgres', TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
