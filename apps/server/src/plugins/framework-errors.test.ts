import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestUser } from '../test/factories.js';

/**
 * Errors the router raises before any hook (a path parameter past 100 characters, broken %-encoding) are
 * answered as every other error: a known code and the request's language. They were Fastify's English
 * FST_ERR_MAX_PARAM_LENGTH 414 and FST_ERR_BAD_URL 400 (found by the route fuzz suite).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factories.companyAdmin();
});

describe('router errors', () => {
  it('an id of 3,000 characters is the 404 of any unknown id, in Spanish and English', async () => {
    const es = await t.as(admin).get(`/api/company-admin-simple/employees/${'x'.repeat(3000)}`);
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ code: 'not_found', message: 'No encontrado' });
    const en = await t.anon.get(`/api/public/attendance/${'x'.repeat(3000)}`, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 'not_found', message: 'Not found' });
  });

  it('a path with broken %-encoding is a 400 in the reader language', async () => {
    const res = await t.as(admin).get('/api/company-admin-simple/employees/%E0%A4%A', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Invalid value' });
  });
});
