import { describe, expect, it } from 'vitest';
import { kioskRequestKind } from './scope';

/** Decision 0045: what the kiosk's service worker may answer from its cache. */
const ORIGIN = 'https://kiosk.example.test';
const kind = (path: string, mode = 'cors', method = 'GET', origin = ORIGIN) => kioskRequestKind(new URL(path, origin), ORIGIN, mode, method);

describe('kiosk service worker scope', () => {
  it('serves the shell for a kiosk page navigation only', () => {
    expect(kind('/attendance/tok-1', 'navigate')).toBe('shell');
    expect(kind('/attendance/tok-1/', 'navigate')).toBe('shell');
    for (const path of ['/company-admin', '/employee/attendance', '/', '/login', '/attendance/tok-1/x', '/consent-record/1'])
      expect(kind(path, 'navigate')).toBe('network');
  });

  it('never answers an API call from the cache, whoever calls it; the face models are the one exception', () => {
    for (const path of [
      '/api/public/attendance/tok-1',
      '/api/public/attendance/tok-1/manifest.webmanifest',
      '/api/auth/session',
      '/api/company-admin-simple/employees',
      '/api/employee/attendance/today',
      '/socket.io/?EIO=4',
    ])
      expect(kind(path)).toBe('network');
    expect(kind('/api/face/models/human/blazeface.json')).toBe('precache');
    expect(kind('/api/face/models/wasm/tfjs-backend-wasm-simd.wasm')).toBe('precache');
  });

  it('takes only GETs of its own origin', () => {
    expect(kind('/assets/index-abc.js')).toBe('precache');
    expect(kind('/assets/index-abc.js', 'cors', 'POST')).toBe('network');
    expect(kind('/attendance/tok-1', 'navigate', 'POST')).toBe('network');
    expect(kind('/assets/index-abc.js', 'cors', 'GET', 'https://cdn.example.test')).toBe('network');
  });
});
