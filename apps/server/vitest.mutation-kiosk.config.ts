import { defineProject } from 'vitest/config';

/**
 * The server tests Stryker runs for the kiosk services' mutation run (stryker.kiosk.config.mjs, issue 21): the face
 * module's tests on PGlite with the scripted engine. The two real-engine files are left out (minutes per run).
 */
export default defineProject({
  test: {
    name: 'server-mutation-kiosk',
    include: ['src/modules/face/*.test.ts'],
    exclude: ['src/modules/face/kiosk.test.ts', 'src/modules/face/recognition-engine.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'pglite', TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
