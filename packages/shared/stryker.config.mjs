// Mutation testing of the shared rules (issue 21): `npm run test:mutation` (everything below) and
// `npm run test:mutation:fast` (stryker.fast.config.mjs: rules, time, judge, periods, the CI part).
// A surviving mutant is a change to the code that no test notices: kill it with a test that asserts what a
// user would see, or, when it changes nothing observable (a cache, a shortcut), mark it in the source with
// `// Stryker disable next-line <mutator>: <reason>`. scripts/mutation-floors.mjs prints the score per file
// and fails under the floors.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/attendance/rules.ts',
    'src/attendance/time.ts',
    'src/attendance/judge.ts',
    'src/attendance/periods.ts',
    'src/attendance/payroll.ts',
    'src/plans.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
