import { defineConfig } from 'vitest/config';

/** Every unit and API test; `node scripts/test.mjs` (npm test) picks the projects and runs e2e after. */
export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.node.config.ts',
    ],
  },
});
