import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const id = '00000000-0000-4000-8000-000000000000';
const base = '/api/company-admin-simple';
/** Every company-admin call: method, path. */
const calls: [string, string][] = [
  ['GET', '/dashboard'],
  ['GET', '/company/settings'],
  ['GET', '/company/attendance-settings'],
  ['PUT', '/company/attendance-settings'],
  ['PUT', '/company/name'],
  ['PUT', '/profile/password'],
  ['PUT', '/profile/email'],
  ['GET', '/available-years'],
  ['GET', '/tour/status'],
  ['POST', '/tour/complete'],
  ['POST', '/tour/reset'],
  ['GET', '/departments'],
  ['POST', '/departments'],
  ['PUT', `/departments/${id}`],
  ['DELETE', `/departments/${id}`],
  ['GET', '/schedules'],
  ['POST', '/schedules'],
  ['PUT', `/schedules/${id}`],
  ['DELETE', `/schedules/${id}`],
  ['GET', '/work-locations'],
  ['POST', '/work-locations'],
  ['PUT', `/work-locations/${id}`],
  ['DELETE', `/work-locations/${id}`],
  ['GET', '/geocode/search?q=Lima'],
  ['GET', '/holidays'],
  ['POST', '/holidays'],
  ['GET', `/holidays/${id}`],
  ['PUT', `/holidays/${id}`],
  ['DELETE', `/holidays/${id}`],
  ['GET', '/holidays/check?date=2026-01-01'],
  ['GET', '/holidays/range?startDate=2026-01-01&endDate=2026-01-31'],
  ['GET', '/employees'],
  ['POST', '/employees'],
  ['POST', '/employees/import'],
  ['GET', `/employees/${id}`],
  ['PUT', `/employees/${id}`],
  ['DELETE', `/employees/${id}`],
  ['POST', `/employees/${id}/reset-password`],
  ['GET', `/employees/${id}/attendance`],
  ['GET', `/employees/${id}/schedule-periods?startDate=2026-01-01&endDate=2026-01-31`],
];

describe('company-admin calls: roles (spec §6)', () => {
  it('answer 401 without a session, before validating anything', async () => {
    for (const [method, path] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url: base + path, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answer 403 to an employee and to the super admin', async () => {
    const employee = await t.factories.employeeUser();
    const superAdmin = await t.factories.superAdmin();
    for (const who of [employee, superAdmin]) {
      for (const [method, path] of calls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: base + path,
          headers: { cookie: `presente_session=${who.sessionToken}` },
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${who.role} ${method} ${path}`).toBe(403);
      }
    }
  });
});
