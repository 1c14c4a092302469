// The CI part of the mutation run: the attendance rules only (rules, time, judge, periods), floor 90 %.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/attendance/rules.ts', 'src/attendance/time.ts', 'src/attendance/judge.ts', 'src/attendance/periods.ts'],
  jsonReporter: { fileName: 'reports/mutation/mutation-fast.json' },
  // Incremental (decision 0064): the last run's results are committed in mutation/, so a run re-tests only the
  // mutants whose code or covering tests changed since; `npm run test:mutation:fast -- --force` re-tests them all.
  incremental: true,
  incrementalFile: 'mutation/stryker-incremental-fast.json',
};
