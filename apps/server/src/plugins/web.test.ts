import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
let dist: string;
let web: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), 'presente-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dist, 'kiosk-sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
  // The build's drawn public pages (apps/web/scripts/prerender.mjs): here the login in both languages and the landing.
  mkdirSync(join(dist, 'prerendered', 'es'), { recursive: true });
  mkdirSync(join(dist, 'prerendered', 'en'), { recursive: true });
  writeFileSync(join(dist, 'prerendered', 'es', 'login.html'), '<html lang="es"><div id="root" data-prerendered="es"><h1>Iniciar sesión</h1></div>');
  writeFileSync(join(dist, 'prerendered', 'en', 'login.html'), '<html lang="en"><div id="root" data-prerendered="en"><h1>Log in</h1></div>');
  writeFileSync(join(dist, 'prerendered', 'es', 'landing.html'), '<html lang="es"><div id="root" data-prerendered="es"><h1>La asistencia</h1></div>');
  web = await buildApp(t.deps, { webDist: dist });
});
afterAll(async () => {
  await web?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('robots.txt', () => {
  it('is a real robots.txt in text/plain, not the SPA page: the landing allowed, the API and the app areas not', async () => {
    const res = await web.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('<');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /$');
    for (const path of ['/api/', '/super-admin', '/company-admin', '/employee', '/attendance/']) expect(lines).toContain(`Disallow: ${path}`);
    // Nothing disallows the landing itself, nor the public auth pages (Lighthouse's SEO audit scored
    // /forgot-password 63 while it was disallowed); the token links stay out.
    expect(lines).not.toContain('Disallow: /');
    for (const path of ['/login', '/register', '/forgot-password']) expect(res.body).not.toContain(`Disallow: ${path}`);
    for (const path of ['/reset-password', '/undo-email-change']) expect(lines).toContain(`Disallow: ${path}`);
  });

  it('keeps sending the SPA for the app routes and hidden build files, 404 JSON for unknown API paths', async () => {
    const page = await web.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The build's manifest (read by bench:web) is not served.
    const manifest = await web.inject({ url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toMatch(/^text\/html/);
    expect(manifest.body).not.toContain('index.html');
    const api = await web.inject({ url: '/api/robots.txt' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});

describe('the public pages drawn at build time (decision 0069)', () => {
  it('sends /login already drawn, in Spanish by default, before any script runs', async () => {
    for (const url of ['/login', '/login?from=x']) {
      const res = await web.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Accept-Language/);
      expect(res.body).toContain('<h1>Iniciar sesión</h1>');
    }
    const landing = await web.inject({ url: '/' });
    expect(landing.body).toContain('<h1>La asistencia</h1>');
  });

  it("sends the reader's language: the stored choice's cookie first, then Accept-Language", async () => {
    const en = await web.inject({ url: '/login', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('<h1>Log in</h1>');
    const chosen = await web.inject({ url: '/login', headers: { 'accept-language': 'en-US', cookie: 'presente_lang=es' } });
    expect(chosen.body).toContain('<h1>Iniciar sesión</h1>');
    const bogus = await web.inject({ url: '/login', headers: { 'accept-language': 'en-US', cookie: 'presente_lang=../x' } });
    expect(bogus.body).toContain('<h1>Log in</h1>');
  });

  it('keeps the SPA page for a page the build did not draw and for every other route', async () => {
    for (const url of ['/register', '/company-admin', '/login/extra', '/reset-password']) {
      const res = await web.inject({ url, headers: { 'accept-language': 'es' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
    // An English landing not in this build: the SPA page, not the Spanish one.
    const landing = await web.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(landing.body).toBe('<!doctype html><div id="root"></div>');
  });
});

describe("the kiosk's service worker (decision 0045)", () => {
  it('is checked for a new release on every visit and may control the kiosk pages only', async () => {
    const res = await web.inject({ url: '/kiosk-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/attendance/');
    // The CSP lets the page register it and read the kiosk's manifest (its own origin only).
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
    // Other files get no such header.
    expect((await web.inject({ url: '/assets/index-abc.js' })).headers['service-worker-allowed']).toBeUndefined();
  });
});

describe('source maps', () => {
  it('serve the build maps to a signed-in super admin only; others get the SPA page, as for a missing file', async () => {
    const url = '/assets/index-abc.js.map';
    const cookie = (u: { sessionToken: string }) => ({ cookie: `presente_session=${u.sessionToken}` });
    const nobody = await web.inject({ url });
    const missing = await web.inject({ url: '/assets/nothing-here.js.map' });
    const admin = await web.inject({ url, headers: cookie(await t.factories.companyAdmin()) });
    const employee = await web.inject({ url, headers: cookie(await t.factories.employeeUser()) });
    for (const res of [nobody, admin, employee]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).not.toContain('mappings');
      expect(res.body).toBe(missing.body);
    }
    const operator = await web.inject({ url, headers: cookie(await t.factories.superAdmin()) });
    expect(operator.statusCode).toBe(200);
    expect(JSON.parse(operator.body)).toMatchObject({ version: 3, sources: ['src/main.tsx'] });
    expect(operator.headers['cache-control']).toBe('private, no-store');
    // The script itself stays public.
    expect((await web.inject({ url: '/assets/index-abc.js' })).body).toBe('console.log(1)');
  });
});
