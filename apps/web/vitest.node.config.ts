import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedMessages } from './shared-messages';
import { NODE_TESTS } from './vitest.node-tests';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The web tests that render nothing, in plain Node (vitest.node-tests.ts, decision 0067). */
export default defineConfig({
  root,
  plugins: [sharedMessages()],
  test: {
    name: 'web-node',
    root,
    environment: 'node',
    include: NODE_TESTS,
    testTimeout: 15000,
    restoreMocks: true,
  },
});
