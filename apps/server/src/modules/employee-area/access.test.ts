import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { BASE } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Call = [method: 'get' | 'put' | 'post', path: string, body?: Record<string, unknown>];
const endpoints: Call[] = [
  ['get', '/dashboard'],
  ['get', '/profile'],
  ['put', '/profile', { phone: '999888777' }],
  ['put', '/profile/password', { currentPassword: 'Password123!', newPassword: 'nueva-clave' }],
  ['put', '/profile/email', { newEmail: 'nuevo@example.com' }],
  ['get', '/attendance/today'],
  ['post', '/attendance/check-in', {}],
  ['post', '/attendance/check-out', {}],
  ['get', '/attendance/history'],
  ['get', '/attendance/stats'],
  ['get', '/attendance/calendar?month=3&year=2026'],
  ['get', '/work-info'],
  ['get', '/available-years'],
  ['get', '/activity'],
];

const send = (client: TestApp['anon'], [method, path, body]: Call) =>
  method === 'get' ? client.get(`${BASE}${path}`) : client[method](`${BASE}${path}`, body);

describe('employee area access (EMPLOYEE only, linked to an employee)', () => {
  it.each(endpoints)('%s %s: 401 without a session', async (...call) => {
    const res = await send(t.anon, call);
    expect(res.statusCode).toBe(401);
  });

  it.each(endpoints)('%s %s: 403 for a company admin and a super admin', async (...call) => {
    const admin = await t.factories.companyAdmin();
    const sa = await t.factories.superAdmin();
    for (const user of [admin, sa] as TestUser[]) {
      const res = await send(t.as(user), call);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it.each(endpoints)("%s %s: an EMPLOYEE user without an employee row is told it's not linked", async (...call) => {
    const orphan = await t.factories.employeeUser();
    const res = await send(t.as(orphan), call);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Tu usuario no está vinculado a un empleado');
  });

  it("a deleted employee's account is not linked any more", async () => {
    const emp = await t.factories.employee(undefined, { deletedAt: new Date() });
    const res = await t.as(emp.account).get(`${BASE}/dashboard`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Tu usuario no está vinculado a un empleado');
  });

  it('answers in English with Accept-Language: en', async () => {
    const orphan = await t.factories.employeeUser();
    const res = await t.as(orphan).get(`${BASE}/dashboard`, { 'accept-language': 'en' });
    expect(res.json().message).toBe('Your user is not linked to an employee');
  });
});
