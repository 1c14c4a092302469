import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { attendanceRecords } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const calendar = '/api/company-admin-simple/attendance/monthly-calendar?month=3&year=2026&limit=1000';

describe('API answers are compressed for clients that accept it', () => {
  it('sends the streamed calendar as Brotli or gzip, the same JSON as without compression; only its own company', async () => {
    const c = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: c.id });
    const other = await t.factories.company({ timezone: 'America/Lima' });
    const stranger = await t.factories.employee(other.id, { firstName: 'Ajeno', hireDate: '2026-01-01' });
    for (let i = 0; i < 5; i++) {
      const e = await t.factories.employee(c.id, { firstName: `Empleado ${i}`, hireDate: '2026-01-01' });
      await t.db.insert(attendanceRecords).values(
        [2, 3, 4].map((d) => ({
          companyId: c.id,
          employeeId: e.id,
          date: `2026-03-0${d}`,
          checkIn: new Date(`2026-03-0${d}T14:0${i}:00Z`),
          notes: 'Ñandú 🚗',
        })),
      );
    }
    const plain = await t.as(admin).get(calendar);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    const json = plain.json();
    expect(json.data).toHaveLength(5);
    expect(plain.body).not.toContain(stranger.id);

    const br = await t.as(admin).get(calendar, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gz = await t.as(admin).get(calendar, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);
  });

  it('leaves small answers (under 1 KiB) and refusals readable as they are', async () => {
    const health = await t.anon.get('/api/health', { 'accept-encoding': 'br' });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    const refused = await t.anon.get(calendar, { 'accept-encoding': 'br' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().code).toBe('unauthorized');
  });
});

describe('the web app is sent as compressed at build time', () => {
  // A build folder whose .br and .gz copies say something else than the file: the answer shows which one was sent.
  const dist = mkdtempSync(join(tmpdir(), 'presente-dist-'));
  const page = `<!doctype html><html><body>${'Presente '.repeat(300)}</body></html>`;
  const script = `console.log(${JSON.stringify('asistencia '.repeat(300))});`;
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(`br:${page}`));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(`gz:${page}`));
  writeFileSync(join(dist, 'assets', 'app-1.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(`br:${script}`));
  writeFileSync(join(dist, 'assets', 'app-1.js.gz'), gzipSync(`gz:${script}`));
  let web: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    web = await buildApp(t.deps, { webDist: dist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the .br copy to a browser that accepts Brotli, the .gz one for gzip, the file itself otherwise', async () => {
    const get = (url: string, encoding?: string) => web.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`br:${script}`);
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`gz:${script}`);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed for the root and for the app routes, never cached', async () => {
    for (const url of ['/', '/company-admin/attendance']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`br:${page}`);
    }
    expect((await web.inject({ url: '/company-admin/attendance' })).body).toBe(page);
  });
});
