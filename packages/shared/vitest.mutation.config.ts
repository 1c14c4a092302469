import { defineProject } from 'vitest/config';

/** The shared tests as Stryker runs them (stryker.config.mjs): the daylight-saving sweep over two years instead of eleven. */
export default defineProject({
  test: { name: 'shared', include: ['src/**/*.test.ts'], env: { TZ: 'UTC', MUTATION_SWEEP_YEARS: '2' } },
});
