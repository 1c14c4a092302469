// Mutation testing of the server services (issue 21): `npm run test:mutation -w apps/server`. The punch path
// (punch.service.ts, punch-write.ts) and the plan limits (plan.service.ts), against the PGlite server tests that
// drive them (vitest.mutation.config.ts). Floor 80 % (scripts/mutation-floors.mjs of packages/shared prints the
// table). A survivor that changes nothing observable is marked in the source with
// `// Stryker disable next-line <mutator>: <reason>`, as in the shared rules. Not in `npm test`: a full run takes
// tens of minutes on 2 cores.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/modules/attendance/punch.service.ts', 'src/modules/attendance/punch-write.ts', 'src/modules/company/plan.service.ts'],
  coverageAnalysis: 'perTest',
  // Module-level constants (the 2-minute repeat, the batching switch, the limit tables: ~19 mutants) would each run
  // every selected test (~5 min apiece on 2 cores): left out and reported as ignored. The 2-minute edge and the
  // limits are asserted by the tests of the code that reads them.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
