import { defineConfig } from 'vitest/config';
import { E2E_SOLO, e2ePart } from '../scripts/solo-tests.mjs';

/**
 * Journeys in real Chromium against the real server (built web app, PGlite and PostgreSQL). npm test runs them in two
 * parts (decision 0089): the journeys on two workers, then E2E_SOLO one at a time. Any other run takes every journey,
 * one at a time.
 */
const part = e2ePart();
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: part === 'solo' ? E2E_SOLO : ['specs/**/*.e2e.ts'],
    exclude: part === 'parallel' ? E2E_SOLO : [],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: part === 'parallel',
    maxWorkers: part === 'parallel' ? 2 : 1,
    env: { TZ: 'UTC' },
  },
});
