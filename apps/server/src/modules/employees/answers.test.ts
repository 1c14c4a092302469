import { employeeAnswer } from '@presente/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { faceProfiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple';
/** Inside only: the login account, the company, the deletion mark, a password, face templates. */
const INTERNAL = ['userId', 'companyId', 'deletedAt', 'passwordHash', 'password', 'templates', 'descriptors', 'sealed'];
const employeeKeys = Object.keys(employeeAnswer.shape).sort();

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

describe('declared answers of the admin screens (issue 20)', () => {
  it('an employee answer carries exactly its declared fields: never the account, the company, a password or the face templates', async () => {
    const admin = await t.factories.companyAdmin();
    const schedule = await t.factories.schedule(admin.companyId!);
    const dept = await t.factories.department(admin.companyId!);
    const enrolled = await t.factories.employee(admin.companyId!, { scheduleId: schedule.id, departmentId: dept.id });
    await t.db.insert(faceProfiles).values({ employeeId: enrolled.id, companyId: admin.companyId!, confidence: 0.9, templates: 3 });

    const one = (await t.as(admin).get(`${base}/employees/${enrolled.id}`)).json().data;
    expect(Object.keys(one).sort()).toEqual(employeeKeys);
    expect(one.faceData).toEqual({ confidence: expect.closeTo(0.9, 5), createdAt: expect.any(String), isActive: true });
    expect(one.schedule).toEqual({ id: schedule.id, name: schedule.name, startTime: schedule.startTime, endTime: schedule.endTime });

    const list = (await t.as(admin).get(`${base}/employees`)).json();
    const created = (
      await t
        .as(admin)
        .post(`${base}/employees`, { firstName: 'Rosa', lastName: 'Quispe', email: 'rosa.answers@example.com', employeeCode: 'ANS-1', ...withDni() })
    ).json();
    expect(Object.keys(created.data).sort()).toEqual([...employeeKeys, 'emailStatus'].sort());
    const updated = (
      await t.as(admin).put(`${base}/employees/${enrolled.id}`, {
        firstName: one.firstName,
        lastName: one.lastName,
        email: one.email,
        employeeCode: one.employeeCode,
        documentType: one.documentType,
        documentNumber: one.documentNumber,
        scheduleId: one.scheduleId,
        departmentId: one.departmentId,
        phone: '987654321',
      })
    ).json();
    for (const answer of [one, list, created, updated]) {
      const keys = keysOf(answer);
      for (const field of INTERNAL) expect(keys.has(field), field).toBe(false);
    }
  });

  it('schedules, departments, locations and holidays answer without their company', async () => {
    const admin = await t.factories.companyAdmin();
    const schedule = await t.factories.schedule(admin.companyId!);
    await t.factories.department(admin.companyId!);
    await t.factories.location(admin.companyId!);
    const holiday = await t.factories.holiday(admin.companyId!);
    const answers = await Promise.all(
      ['/schedules', '/departments', '/work-locations', `/holidays?year=${holiday.date.slice(0, 4)}`, `/holidays/${holiday.id}`].map(async (path) =>
        (await t.as(admin).get(`${base}${path}`)).json(),
      ),
    );
    expect(answers[0].data[0]).toMatchObject({ id: schedule.id, _count: { employees: 0 }, location: null });
    for (const answer of answers) {
      expect(answer.data).toBeTruthy();
      expect(keysOf(answer).has('companyId')).toBe(false);
    }
  });

  it("another company's employee is a declared 404, not a leak", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.employee();
    const res = await t.as(admin).get(`${base}/employees/${other.id}`);
    expect(res.statusCode).toBe(404);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });
});
