import { afterAll } from 'vitest';
import { closeOpened } from './open-apps.js';

// Every server test file: what it opened is closed after it (test/open-apps.ts).
afterAll(closeOpened);
