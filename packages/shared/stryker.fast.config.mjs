// The CI part of the mutation run: the attendance rules only (rules, time, judge, periods), floor 90 %.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/attendance/rules.ts', 'src/attendance/time.ts', 'src/attendance/judge.ts', 'src/attendance/periods.ts'],
  jsonReporter: { fileName: 'reports/mutation/mutation-fast.json' },
};
