import { defineConfig } from 'vitest/config';
import { serverProject } from './apps/server/vitest.project';
import { inParallelRun } from './scripts/solo-tests.mjs';

/**
 * Every unit and API test; `node scripts/test.mjs` (npm test) picks the projects and runs e2e after. Its parallel run
 * adds the isolated server projects (decision 0088: the rest of the server files share a module graph per worker).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.node.config.ts',
      ...(inParallelRun() ? [serverProject('pglite', 'isolated'), serverProject('postgres', 'isolated')] : []),
    ],
  },
});
