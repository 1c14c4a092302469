// Mutation testing of the kiosk's small checks (issue 21): `npm run test:mutation:kiosk-units -w apps/server`. The
// burst's identity, the frames seen before, the identity's refusals and the kiosk's cool-down, against their own tests
// (vitest.mutation-kiosk-units.config.ts). Every kiosk mark calls them, so against the face module's API tests each
// mutant would run most of them (~20 s a mutant on 2 cores, decision 0079); their own tests take a second or two.
// Floor 80 %, as the services.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-kiosk-units.config.ts' },
  mutate: [
    'src/modules/face/burst-identity.ts',
    'src/modules/face/frame-hashes.ts',
    'src/modules/face/identity-limits.ts',
    'src/modules/face/kiosk-cooldown.ts',
  ],
  jsonReporter: { fileName: 'reports/mutation/kiosk-units.json' },
  incremental: true,
  incrementalFile: 'mutation/stryker-incremental-kiosk-units.json',
};
