import { defineConfig } from 'vitest/config';

/** Journeys in real Chromium against the real server (built web app, PGlite and PostgreSQL). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    env: { TZ: 'UTC' },
  },
});
