import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('GET /api/countries', () => {
  it('lists Peru first, with timezones and offsets, names in the request language', async () => {
    const res = await t.anon.get('/api/countries');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list[0]).toEqual({
      code: 'PE',
      name: 'Perú',
      timezone: 'America/Lima',
      locale: 'es-PE',
      timezones: [{ timezone: 'America/Lima', name: 'Lima', offset: '-05:00' }],
    });
    expect(list.length).toBeGreaterThanOrEqual(22);
    const en = (await t.anon.get('/api/countries', { 'accept-language': 'en' })).json().data;
    expect(en.find((c: { code: string }) => c.code === 'ES').name).toBe('Spain');
  });

  it('shows one country by code and answers 404 for an unknown one', async () => {
    const mx = await t.anon.get('/api/countries/mx');
    expect(mx.json().data.timezones.length).toBeGreaterThan(1);
    const none = await t.anon.get('/api/countries/zz');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'País no encontrado', code: 'not_found' });
  });
});

describe('GET /api/health', () => {
  it('reports the database answering', async () => {
    const res = await t.anon.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
  });

  it('serves the OpenAPI document built from the schemas', async () => {
    const res = await t.anon.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/countries/{code}']));
    // The platform's routes only for a signed-in super admin.
    expect(Object.keys(res.json().paths).filter((p) => p.startsWith('/api/super-admin'))).toEqual([]);
    const admin = await t.factories.companyAdmin();
    expect(Object.keys((await t.as(admin).get('/api/openapi.json')).json().paths).filter((p) => p.startsWith('/api/super-admin'))).toEqual([]);
    const root = await t.factories.superAdmin();
    expect(Object.keys((await t.as(root).get('/api/openapi.json')).json().paths)).toEqual(expect.arrayContaining(['/api/super-admin/companies']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.anon.get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
