/**
 * The kiosk's service worker (decision 0045), built by vite-plugin-pwa (injectManifest) into /kiosk-sw.js and
 * registered by the kiosk page with the scope /attendance/. It precaches the kiosk's app shell (the chunks the
 * kiosk page needs, chosen from Vite's chunk graph in vite.config.ts) and the face models, so a kiosk reloaded
 * without network still opens; API answers are never cached (scope.ts decides what it answers).
 *
 * Seams for offline punches (issue 25 item 3): a `message` listener and a `sync` listener go here (a queue the
 * page fills in IndexedDB, flushed when the network returns); the routes below stay as they are.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { kioskRequestKind } from './scope';

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  location: Location;
  __WB_MANIFEST: ({ url: string; revision: string | null } | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: Event) => void): void;
}
declare const self: WorkerScope;

/** A navigation that gets no answer within this time is served the precached shell (a stalled network). */
const NAVIGATION_TIMEOUT_MS = 4000;
const SHELL_URL = '/index.html';

// A kiosk runs for weeks without closing its tab: a new release takes over at once rather than waiting for it.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

/** A kiosk page: the network (the newest release, the server's headers), else the precached shell of this worker's release. */
async function kioskPage(request: Request): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    if (response.status < 500) return response;
    return (await matchPrecache(SHELL_URL)) ?? response;
  } catch (err) {
    const shell = await matchPrecache(SHELL_URL);
    if (shell) return shell;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

// Registered before precacheAndRoute's own listener, so navigations are ours; other requests fall through to it,
// and a request neither answers goes to the network untouched (API calls above all).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (kioskRequestKind(url, self.location.origin, event.request.mode, event.request.method) === 'shell') event.respondWith(kioskPage(event.request));
});

// The precache answers only what it holds (the kiosk's shell, icons and face models); anything else is not answered.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/], directoryIndex: '', cleanURLs: false });
