import { defineProject } from 'vitest/config';

/** The tests of the kiosk's small checks, for their mutation run (stryker.kiosk-units.config.mjs, issue 21). */
export default defineProject({
  test: {
    name: 'server-mutation-kiosk-units',
    include: ['src/modules/face/burst-identity.test.ts', 'src/modules/face/frame-hashes.test.ts', 'src/modules/face/kiosk-limits.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'pglite', TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
