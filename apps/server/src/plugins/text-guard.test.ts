import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { departments, employees, holidays, schedules, workLocations } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestUser } from '../test/factories.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factories.companyAdmin();
});

const A = '/api/company-admin-simple';
const NUL = 'Lima\u0000Centro';

describe('text no field can hold (NUL, lone surrogates): a 400 that names the field, nothing written', () => {
  it('refuses a NUL byte in the text fields of every kind of write, and in queries', async () => {
    const before = await Promise.all(
      [departments, employees, holidays, schedules, workLocations].map(async (table) => (await t.db.select({ n: count() }).from(table))[0].n),
    );
    const attempts: [string, string, Record<string, unknown> | undefined, string][] = [
      ['POST', `${A}/departments`, { name: NUL }, 'name'],
      ['POST', `${A}/holidays`, { name: NUL, date: '2026-12-08' }, 'name'],
      ['POST', `${A}/schedules`, { name: NUL, startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5' }, 'name'],
      ['POST', `${A}/work-locations`, { name: 'Sede', address: NUL, latitude: -12.05, longitude: -77.04, radius: 100 }, 'address'],
      ['POST', `${A}/employees`, { firstName: 'Ana', lastName: NUL, email: 'ana.nul@example.com', employeeCode: 'N-1', password: 'secreto123' }, 'lastName'],
      ['PUT', `${A}/company/name`, { name: NUL }, 'name'],
      [
        'POST',
        `${A}/employees/import`,
        { rows: [{ firstName: 'Ana', lastName: 'Q', email: 'q@example.com', employeeCode: NUL }], dryRun: true },
        'rows.0.employeeCode',
      ],
      ['POST', `${A}/departments`, { name: 'Ventas \uD800' }, 'name'],
      ['GET', `${A}/employees?search=${encodeURIComponent(NUL)}`, undefined, 'search'],
      ['GET', `${A}/attendance/monthly-calendar?month=1&year=2026&employeeName=${encodeURIComponent(NUL)}`, undefined, 'employeeName'],
    ];
    for (const [method, url, body, field] of attempts) {
      const res = await t.as(admin)[method === 'GET' ? 'get' : method === 'PUT' ? 'put' : 'post'](url, body as never);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 'validation_failed',
        message: 'El texto contiene caracteres no permitidos',
        errors: [{ path: field, message: 'El texto contiene caracteres no permitidos' }],
      });
    }
    const after = await Promise.all(
      [departments, employees, holidays, schedules, workLocations].map(async (table) => (await t.db.select({ n: count() }).from(table))[0].n),
    );
    expect(after).toEqual(before);
  });

  it('keeps every real character: accents, ñ, emoji (a surrogate pair), other scripts', async () => {
    const res = await t.as(admin).post(`${A}/departments`, { name: 'Logística Ñandú 🚚 物流' });
    expect(res.statusCode).toBe(201);
    expect(JSON.stringify(res.json())).toContain('Logística Ñandú 🚚 物流');
  });
});
