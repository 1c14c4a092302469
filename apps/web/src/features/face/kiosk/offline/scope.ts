/**
 * What the kiosk's service worker may answer, in one place (decision 0045). The worker is registered with the
 * scope /attendance/, so it controls kiosk pages only: a signed-in page (/company-admin, /employee, ...) is never
 * its client, and its navigations never reach it. Within its clients it answers three kinds of request:
 * - `shell`: a kiosk page's navigation (/attendance/{token}): the network first, the precached index.html when the
 *   network fails (offline reload);
 * - `precache`: the kiosk's app shell (hashed assets, icons) and the face models, from the precache;
 * - everything else (`network`), /api/* above all: not touched, so no API answer is ever stored or replayed.
 */
export const KIOSK_SW_URL = '/kiosk-sw.js';
export const KIOSK_SCOPE = '/attendance/';
/** The face models the kiosk's guidance loads (faceGuide.ts CONFIG: detector + mesh) and the tfjs wasm binaries. */
export const FACE_MODEL_PREFIXES = ['/api/face/models/human/', '/api/face/models/wasm/'] as const;

export type KioskRequestKind = 'shell' | 'precache' | 'network';

/** A kiosk page's path: /attendance/{token} (one segment, no file). */
export function isKioskPage(pathname: string): boolean {
  return /^\/attendance\/[^/]+\/?$/.test(pathname);
}

/**
 * How the worker treats a request (its URL, mode and method; same-origin only). Only GETs are ever answered
 * from the cache, and of /api/ only the face model files (public, the same for every company).
 */
export function kioskRequestKind(url: URL, origin: string, mode: string, method: string): KioskRequestKind {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  if (mode === 'navigate') return isKioskPage(url.pathname) ? 'shell' : 'network';
  if (FACE_MODEL_PREFIXES.some((p) => url.pathname.startsWith(p))) return 'precache';
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return 'network';
  return 'precache';
}
