// Mutation testing of the kiosk services (issue 21): `npm run test:mutation:kiosk -w apps/server`. The kiosk mark,
// the offline punch, the pairing and signatures (the small checks they call have their own run:
// stryker.kiosk-units.config.mjs), against the face module's PGlite tests on the scripted engine
// (vitest.mutation-kiosk.config.ts). The real-engine tests (kiosk.test.ts, recognition-engine.test.ts) take minutes
// per run and are left out: they prove the engine, which the scripted one stands in for. Floor 80 %, as the punch run.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-kiosk.config.ts' },
  mutate: ['src/modules/face/kiosk.service.ts', 'src/modules/face/kiosk-offline.service.ts', 'src/modules/face/pairing.service.ts'],
  jsonReporter: { fileName: 'reports/mutation/kiosk.json' },
  // ~600 mutants at ~10 s each on 2 cores: the results are kept (committed), so a run re-tests only the mutants whose
  // code or covering tests changed, and a run can be split by file (`-- --mutate <file>`).
  incremental: true,
  incrementalFile: 'mutation/stryker-incremental-kiosk.json',
};
