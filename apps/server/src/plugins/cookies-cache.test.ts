/**
 * Cookies and caching (issue 15): cookies are Secure whenever PUBLIC_URL is https (a TLS proxy in front with
 * TRUST_PROXY off makes every request look like http), and every /api answer about a session, or that sets
 * a cookie, carries Cache-Control: no-store; public cacheable answers (face models, public config) keep theirs.
 */
import { describe, expect, it } from 'vitest';
import { configSchema, configWarnings } from '../config.js';
import { createTestApp, type Response, type TestApp } from '../test/app.js';
import { TEST_PASSWORD } from '../test/factories.js';

const setCookies = (res: Response) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
};
const sessionCookie = (res: Response) => setCookies(res).find((c) => c.startsWith('presente_session='));

async function login(t: TestApp, headers: Record<string, string> = {}) {
  const admin = await t.factories.companyAdmin();
  const res = await t.anon.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() }, headers);
  expect(res.statusCode).toBe(200);
  return res;
}

describe('Secure cookies', () => {
  it('marks the session and kiosk cookies Secure when PUBLIC_URL is https, though the request reached us as http', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://asistencia.example.com' });
    const res = await login(t, { origin: 'https://asistencia.example.com' });
    expect(sessionCookie(res)).toMatch(/; Secure(;|$)/);
    expect(sessionCookie(res)).toMatch(/HttpOnly/);
    const admin = await t.factories.companyAdmin();
    const token = (await t.as(admin).post('/api/company-admin-simple/face-recognition/attendance-link', { name: 'Recepción' })).json().data.token;
    const kiosk = await t.anon.get(`/api/public/attendance/${token}`);
    expect(setCookies(kiosk).find((c) => c.startsWith('presente_kiosk='))).toMatch(/; Secure(;|$)/);
  });

  it('keeps Secure for a request that is https itself (through a trusted proxy), and leaves it off for plain http', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    expect(sessionCookie(await login(proxied, { 'x-forwarded-proto': 'https' }))).toMatch(/; Secure(;|$)/);
    const plain = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    expect(sessionCookie(await login(plain))).not.toMatch(/Secure/);
  });

  it('warns at start-up when PUBLIC_URL is https and TRUST_PROXY is off, and only then', () => {
    const warnings = (env: Record<string, string>) => configWarnings(configSchema.parse(env));
    expect(warnings({ PUBLIC_URL: 'https://asistencia.example.com' })).toEqual([expect.stringMatching(/^PUBLIC_URL is https but TRUST_PROXY is off/)]);
    expect(warnings({ PUBLIC_URL: 'https://asistencia.example.com', TRUST_PROXY: 'true' })).toEqual([]);
    expect(warnings({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(warnings({})).toEqual([]);
  });
});

describe('Cache-Control on authenticated API answers', () => {
  it('answers no-store to every request with a session, success or error, and to answers that set or clear a cookie', async () => {
    const t = await createTestApp();
    const admin = await t.factories.companyAdmin();
    for (const url of ['/api/auth/verify', '/api/company-admin-simple/holidays', '/api/company-admin-simple/employees/not-a-uuid', '/api/admin/companies']) {
      const res = await t.as(admin).get(url);
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
    }
    expect((await t.as(admin).post('/api/company-admin-simple/holidays', { name: 'Fiesta', date: '2026-07-28' })).headers['cache-control']).toBe('no-store');
    // An expired or unknown session cookie is still a session request: its 401 is not cached either.
    expect((await t.app.inject({ url: '/api/auth/verify', headers: { cookie: 'presente_session=gone' } })).headers['cache-control']).toBe('no-store');
    expect((await login(t)).headers['cache-control']).toBe('no-store');
    expect((await t.as(admin).post('/api/auth/logout')).headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers alone: health without a session, public config, face models', async () => {
    const t = await createTestApp();
    const admin = await t.factories.companyAdmin();
    expect((await t.anon.get('/api/health')).headers['cache-control']).toBeUndefined();
    expect((await t.as(admin).get('/api/config')).headers['cache-control']).toBe('public, max-age=300');
    const model = await t.as(admin).get('/api/face/models/human/blazeface.json');
    expect(model.statusCode).toBe(200);
    expect(model.headers['cache-control']).toBe('public, max-age=604800');
  });
});
