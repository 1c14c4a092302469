import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../lib/i18n';
import { resources } from './i18n-resources';

// The dashboard is a lazy chunk that grows with every tab; its first import in a test file can take
// a couple of seconds on a loaded machine, so findBy/waitFor wait up to 5 s (passing tests are not slower).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};

// The ALTCHA web component needs Web Crypto workers jsdom cannot run: tests see a plain <altcha-widget>.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/es-419', () => ({}));

// No server to hold a socket or a tour overlay in jsdom: an inert realtime client and tour by default.
// Tests of those features mock the modules themselves (their vi.mock wins over these).
vi.mock('socket.io-client', () => {
  const manager = { on: () => manager, removeAllListeners: () => manager };
  const socket = {
    io: manager,
    active: false,
    connected: false,
    on: () => socket,
    onAny: () => socket,
    connect: () => socket,
    disconnect: () => socket,
    removeAllListeners: () => socket,
  };
  return { io: () => socket };
});
vi.mock('driver.js', () => ({ driver: () => ({ drive: () => {}, destroy: () => {}, isActive: () => false }) }));

// The browser loads catalogues lazily; tests have them all from the start.
for (const [lang, namespaces] of Object.entries(resources)) {
  for (const [ns, words] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, words, true, true);
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('es');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
