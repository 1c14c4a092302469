import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/departments';

describe('departments', () => {
  it('validates the name with the spec message', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El nombre del departamento es requerido');
  });

  it('creates, lists with employee counts, renames and deletes; names unique per company', async () => {
    const admin = await t.factories.companyAdmin();
    const created = await t.as(admin).post(url, { name: 'Ventas' });
    expect(created.statusCode).toBe(201);
    const dept = created.json().data;
    await t.factories.employee(admin.companyId!, { departmentId: dept.id });
    const dup = await t.as(admin).post(url, { name: 'ventas' });
    expect(dup.statusCode).toBe(409);
    const list = (await t.as(admin).get(url)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: dept.id, name: 'Ventas', _count: { employees: 1 } })]);
    expect(t.events.emitted.some((e) => e.event === 'department_update' && e.room === `company_${admin.companyId}`)).toBe(true);
    const renamed = await t.as(admin).put(`${url}/${dept.id}`, { id: dept.id, name: 'Comercial' });
    expect(renamed.json().data.name).toBe('Comercial');
  });

  it('refuses to delete a department with employees, with the spec message', async () => {
    const admin = await t.factories.companyAdmin();
    const dept = await t.factories.department(admin.companyId!);
    await t.factories.employee(admin.companyId!, { departmentId: dept.id });
    await t.factories.employee(admin.companyId!, { departmentId: dept.id });
    const res = await t.as(admin).delete(`${url}/${dept.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar el departamento porque tiene 2 empleado(s) asignado(s)');
    const empty = await t.factories.department(admin.companyId!);
    expect((await t.as(admin).delete(`${url}/${empty.id}`)).statusCode).toBe(200);
    expect(await t.db.query.departments.findFirst({ where: eq(departments.id, empty.id) })).toBeUndefined();
  });

  it("never shows or touches another company's department", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.department();
    expect((await t.as(admin).get(url)).json().data).toEqual([]);
    expect((await t.as(admin).put(`${url}/${other.id}`, { name: 'Hack' })).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${url}/${other.id}`)).statusCode).toBe(404);
    const still = await t.db.query.departments.findFirst({ where: eq(departments.id, other.id) });
    expect(still?.name).toBe(other.name);
  });
});
