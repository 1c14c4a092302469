import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

/** An employee's schedule and department must be the company's own (issue 21: this guard could be switched off unnoticed). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/employees';
let n = 0;
const valid = () => ({ firstName: 'Rosa', lastName: 'Quispe', email: `rosa${++n}@empresa.pe`, employeeCode: `REF-${n}`, ...withDni() });

describe("another company's schedule or department", () => {
  it('is refused on create with 404 on its field, and no employee is made', async () => {
    const admin = await t.factories.companyAdmin();
    const foreign = await t.factories.schedule();
    const res = await t.as(admin).post(url, { ...valid(), scheduleId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Horario no encontrado', errors: [{ path: 'scheduleId', message: 'Horario no encontrado' }] });
    expect(await t.db.select().from(employees).where(eq(employees.companyId, admin.companyId!))).toEqual([]);
  });

  it('is refused on update with 404, and the employee keeps its own schedule and department', async () => {
    const admin = await t.factories.companyAdmin();
    const own = await t.factories.schedule(admin.companyId!);
    const dept = await t.factories.department(admin.companyId!);
    const emp = await t.factories.employee(admin.companyId!, { scheduleId: own.id, departmentId: dept.id });
    const body = { firstName: emp.firstName, lastName: emp.lastName, email: emp.email, employeeCode: emp.employeeCode, ...withDni() };
    const foreignSchedule = await t.factories.schedule();
    const foreignDept = await t.factories.department();
    expect((await t.as(admin).put(`${url}/${emp.id}`, { ...body, scheduleId: foreignSchedule.id })).statusCode).toBe(404);
    expect((await t.as(admin).put(`${url}/${emp.id}`, { ...body, departmentId: foreignDept.id })).statusCode).toBe(404);
    const [after] = await t.db.select().from(employees).where(eq(employees.id, emp.id));
    expect(after).toMatchObject({ scheduleId: own.id, departmentId: dept.id });
  });
});
