import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { parallelRunExcludes } from '../../scripts/solo-tests.mjs';
import { sharedMessages } from './shared-messages';
import { NODE_TESTS } from './vitest.node-tests';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), sharedMessages()],
  // Mantine's CSS is irrelevant to behaviour tests; skip PostCSS processing.
  css: { postcss: { plugins: [] } },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The tests that render nothing run in plain Node: the web-node project (vitest.node.config.ts, decision 0067).
    // npm test's parallel run leaves the solo files to their own run (scripts/solo-tests.mjs).
    exclude: ['**/node_modules/**', ...NODE_TESTS, ...parallelRunExcludes('apps/web/')],
    css: false,
    testTimeout: 15000,
    restoreMocks: true,
  },
});
