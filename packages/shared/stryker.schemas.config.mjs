// The schemas' logic (issue 21 item 1): the refinements, transforms and checks inside src/schemas/, against the
// shared tests. The schemas' declarative parts (field names, limits, messages) are module-level code: Stryker calls
// them static and would run every test for each (`ignoreStatic`); the contract tests (the OpenAPI document, the
// spec's paths and fields, the typed web mocks) hold those.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/schemas/*.ts', '!src/schemas/*.test.ts', '!src/schemas/test-helpers.ts'],
  ignoreStatic: true,
  thresholds: { high: 90, low: 80, break: 80 },
  jsonReporter: { fileName: 'reports/mutation/mutation-schemas.json' },
};
