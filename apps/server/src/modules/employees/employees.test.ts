import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, departments, employees, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { whileUncommitted } from '../../test/concurrency.js';
import { withDni } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/employees';
let n = 0;
const valid = () => ({
  firstName: 'Luis',
  lastName: 'Torres',
  email: `luis${++n}@empresa.pe`,
  employeeCode: `EMP-${n}`,
  ...withDni(),
  position: 'Cajero',
});
const login = async (email: string, password: string) => t.anon.post('/api/auth/login', { email, password, turnstileToken: await t.solveCaptcha() });

describe('employees', () => {
  it('validates with the spec messages', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { firstName: '', lastName: '', email: '', employeeCode: '' });
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining(['El nombre es requerido', 'El apellido es requerido', 'El email es requerido', 'El código de empleado es requerido']),
    );
  });

  it('a phone must look like one: "abc" and "12" are refused with a clear message, "+51 (1) 555-0101" is kept', async () => {
    const admin = await t.factories.companyAdmin();
    for (const phone of ['abc', '12', '+51 abc 123']) {
      const res = await t.as(admin).post(url, { ...valid(), phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors, phone).toEqual([{ path: 'phone', message: 'Número de teléfono inválido' }]);
    }
    const ok = await t.as(admin).post(url, { ...valid(), phone: '+51 (1) 555-0101' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.phone).toBe('+51 (1) 555-0101');
  });

  it('creates the employee and a login account with an emailed password that works', async () => {
    const admin = await t.factories.companyAdmin();
    const dept = await t.factories.department(admin.companyId!);
    const sched = await t.factories.schedule(admin.companyId!);
    const body = { ...valid(), departmentId: dept.id, scheduleId: sched.id };
    const res = await t.as(admin).post(url, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Empleado creado exitosamente',
      data: { emailStatus: 'sent', department: { name: dept.name }, schedule: { name: sched.name } },
    });
    const mail = t.deps.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(body.email);
    const password = /Contraseña: (\S+)/.exec(mail.text)![1];
    const ok = await login(body.email, password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ role: 'EMPLOYEE', companyId: admin.companyId });
  });

  it('keeps codes and emails unique (409) and a taken platform email refused', async () => {
    const admin = await t.factories.companyAdmin();
    const first = valid();
    await t.as(admin).post(url, first);
    const sameCode = await t.as(admin).post(url, { ...valid(), employeeCode: first.employeeCode });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().message).toBe('Ya existe un empleado con ese código');
    const sameEmail = await t.as(admin).post(url, { ...valid(), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    // The same code is fine in another company.
    const otherAdmin = await t.factories.companyAdmin();
    expect((await t.as(otherAdmin).post(url, { ...valid(), employeeCode: first.employeeCode })).statusCode).toBe(201);
  });

  it('caps employees at maxEmployees (FREE: 5) with plan_limit_reached and writes nothing', async () => {
    const company = await t.factories.company({ maxEmployees: 5 });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    for (let i = 0; i < 5; i++) expect((await t.as(admin).post(url, valid())).statusCode).toBe(201);
    const sixth = valid();
    const res = await t.as(admin).post(url, sixth);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('plan_limit_reached');
    expect(await t.db.query.users.findFirst({ where: eq(users.email, sixth.email) })).toBeUndefined();
  });

  it('a FREE company is capped at 5 even when the super admin set maxEmployees 10 (the form default) or -1', async () => {
    for (const maxEmployees of [10, -1]) {
      const company = await t.factories.company({ plan: 'FREE', maxEmployees });
      const admin = await t.factories.companyAdmin({ companyId: company.id });
      for (let i = 0; i < 5; i++) expect((await t.as(admin).post(url, valid())).statusCode).toBe(201);
      const res = await t.as(admin).post(url, valid());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'plan_limit_reached', feature: 'employees', limit: 5 });
      const usage = (await t.as(admin).get('/api/company-admin-simple/company/settings')).json().data.usage.employees;
      expect(usage).toEqual({ used: 5, limit: 5 });
    }
  });

  it('only ACTIVE employees take a seat: an inactive one is kept, and reactivating beyond the cap is refused (403) and changes nothing', async () => {
    const company = await t.factories.company({ plan: 'FREE', maxEmployees: 5 });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const as = t.as(admin);
    const created: { id: string; body: ReturnType<typeof valid> }[] = [];
    for (let i = 0; i < 5; i++) {
      const body = valid();
      created.push({ id: (await as.post(url, body)).json().data.id, body });
    }
    // Deactivate one: the seat is free again, a sixth ACTIVE employee fits; an INACTIVE one always fits.
    const resting = created[0];
    expect((await as.put(`${url}/${resting.id}`, { ...resting.body, status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await as.post(url, valid())).statusCode).toBe(201);
    const sleeper = valid();
    expect((await as.post(url, { ...sleeper, status: 'INACTIVE' })).statusCode).toBe(201);
    const settings = (await as.get('/api/company-admin-simple/company/settings')).json().data;
    expect(settings).toMatchObject({ currentEmployees: 5, usage: { employees: { used: 5, limit: 5 } } });

    // Bringing the resting one back would make 6 ACTIVE: refused, nothing changes (status, name, login).
    const res = await as.put(`${url}/${resting.id}`, { ...resting.body, firstName: 'Cambiado', status: 'ACTIVE' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'plan_limit_reached',
      feature: 'employees',
      limit: 5,
      message: 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.',
    });
    const row = await t.db.query.employees.findFirst({ where: eq(employees.id, resting.id) });
    expect(row).toMatchObject({ status: 'INACTIVE', firstName: resting.body.firstName });
    expect((await t.db.query.users.findFirst({ where: eq(users.id, row!.userId!) }))?.isActive).toBe(false);
    // Editing an inactive employee without reactivating, or an active one, needs no seat.
    expect((await as.put(`${url}/${resting.id}`, { ...resting.body, position: 'Almacén', status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await as.put(`${url}/${created[1].id}`, { ...created[1].body, position: 'Caja', status: 'ACTIVE' })).statusCode).toBe(200);
    // Another company's admin cannot touch it at all.
    const stranger = await t.factories.companyAdmin();
    expect((await t.as(stranger).put(`${url}/${resting.id}`, { ...resting.body, status: 'ACTIVE' })).statusCode).toBe(404);
  });

  it('searches by name, email or code, filters by department and "none", pages by 10', async () => {
    const admin = await t.factories.companyAdmin();
    const c = admin.companyId!;
    const dept = await t.factories.department(c);
    await t.factories.employee(c, { firstName: 'María', lastName: 'Quispe', employeeCode: 'MQ-1', departmentId: dept.id });
    for (let i = 0; i < 11; i++) await t.factories.employee(c);
    const byName = (await t.as(admin).get(`${url}?search=maría quispe`)).json();
    expect(byName.data.map((e: { employeeCode: string }) => e.employeeCode)).toEqual(['MQ-1']);
    expect((await t.as(admin).get(`${url}?search=mq-1`)).json().data).toHaveLength(1);
    expect((await t.as(admin).get(`${url}?departmentId=${dept.id}`)).json().data).toHaveLength(1);
    const none = (await t.as(admin).get(`${url}?departmentId=none&limit=10`)).json();
    expect(none.data).toHaveLength(10);
    expect(none.pagination).toMatchObject({ total: 11, pages: 2 });
    expect(none.totalEmployees).toBe(12);
  });

  it('search ignores accents and case: "ramirez" finds Ramírez, "NAHUI" finds Ñahui, "jose" finds JOSÉ; never another company', async () => {
    const admin = await t.factories.companyAdmin();
    const c = admin.companyId!;
    await t.factories.employee(c, { firstName: 'Rosa', lastName: 'Ramírez', employeeCode: 'RR-1' });
    await t.factories.employee(c, { firstName: 'Juan', lastName: 'Ñahui', employeeCode: 'JN-1' });
    await t.factories.employee(c, { firstName: 'JOSÉ', lastName: 'Cáceres', employeeCode: 'JC-1' });
    await t.factories.employee(undefined, { firstName: 'Rosa', lastName: 'Ramírez', employeeCode: 'OTHER-1' });
    const codes = async (term: string) =>
      (await t.as(admin).get(`${url}?search=${encodeURIComponent(term)}`)).json().data.map((e: { employeeCode: string }) => e.employeeCode);
    expect(await codes('ramirez')).toEqual(['RR-1']);
    expect(await codes('NAHUI')).toEqual(['JN-1']);
    expect(await codes('jose caceres')).toEqual(['JC-1']);
    expect(await codes('Ramírez')).toEqual(['RR-1']);
    expect(await codes('%')).toEqual([]);
    // The admin calendar's name filter folds the same way.
    const nahui = (await t.as(admin).get(`${url}?search=nahui`)).json().data[0].id;
    const calendar = await t.as(admin).get(`/api/company-admin-simple/attendance/monthly-calendar?month=1&year=2026&employeeName=nahui`);
    expect(calendar.json().data.map((r: { employeeId: string }) => r.employeeId)).toEqual([nahui]);
  });

  it('updates the account with the employee: email, deactivation ends sessions, newPassword works', async () => {
    const admin = await t.factories.companyAdmin();
    const emp = await t.factories.employee(admin.companyId!);
    const body = { firstName: 'Nuevo', lastName: 'Nombre', email: 'nuevo@empresa.pe', employeeCode: emp.employeeCode, ...withDni(), newPassword: 'clave-123' };
    const res = await t.as(admin).put(`${url}/${emp.id}`, body);
    expect(res.statusCode).toBe(200);
    expect((await login('nuevo@empresa.pe', 'clave-123')).statusCode).toBe(200);
    expect((await t.as(emp.account).get('/api/auth/verify')).statusCode).toBe(401); // sessions ended by the new password
    await t.as(admin).put(`${url}/${emp.id}`, { ...body, newPassword: '', status: 'INACTIVE' });
    expect((await login('nuevo@empresa.pe', 'clave-123')).statusCode).toBe(403);
    const short = await t.as(admin).put(`${url}/${emp.id}`, { ...body, newPassword: '123' });
    expect(short.json().message).toBe('La contraseña debe tener al menos 6 caracteres');
  });

  it('deletes the login account but keeps attendance history; the code can be reused', async () => {
    const admin = await t.factories.companyAdmin();
    const emp = await t.factories.employee(admin.companyId!);
    await t.db
      .insert(attendanceRecords)
      .values({ companyId: admin.companyId!, employeeId: emp.id, date: '2026-03-02', checkIn: new Date('2026-03-02T14:00:00Z') });
    expect((await t.as(admin).delete(`${url}/${emp.id}`)).statusCode).toBe(200);
    expect(await t.db.query.users.findFirst({ where: eq(users.id, emp.account.id) })).toBeUndefined();
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.employeeId, emp.id) })).toBeDefined();
    expect((await t.as(admin).get(`${url}/${emp.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).post(url, { ...valid(), employeeCode: emp.employeeCode })).statusCode).toBe(201);
  });

  it('resets a password by mail; the old one stops working', async () => {
    const admin = await t.factories.companyAdmin();
    const emp = await t.factories.employee(admin.companyId!);
    const res = await t.as(admin).post(`${url}/${emp.id}/reset-password`);
    expect(res.json()).toMatchObject({ data: { emailStatus: 'sent' }, message: 'Nueva contraseña generada y enviada por email' });
    const password = /Contraseña: (\S+)/.exec(t.deps.mailer.outbox.at(-1)!.text)![1];
    expect((await login(emp.email, emp.account.password)).statusCode).toBe(401);
    expect((await login(emp.email, password)).statusCode).toBe(200);
  });

  it("never shows, changes, deletes or resets another company's employee", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.employee();
    expect((await t.as(admin).get(url)).json().data).toEqual([]);
    expect((await t.as(admin).get(`${url}/${other.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).put(`${url}/${other.id}`, { ...valid() })).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${url}/${other.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).post(`${url}/${other.id}/reset-password`)).statusCode).toBe(404);
    expect((await t.as(admin).get(`${url}/${other.id}/attendance`)).statusCode).toBe(404);
    const still = await t.db.query.employees.findFirst({ where: and(eq(employees.id, other.id)) });
    expect(still?.deletedAt).toBeNull();
    // Another company's department or schedule cannot be assigned either.
    const foreignDept = await t.factories.department();
    expect((await t.as(admin).post(url, { ...valid(), departmentId: foreignDept.id })).statusCode).toBe(404);
  });

  it('answers 404 (never 500) when the chosen department is deleted while the employee is being saved', async () => {
    const admin = await t.factories.companyAdmin();
    const emp = await t.factories.employee(admin.companyId!);
    const gone = await t.factories.department(admin.companyId!);
    const body = { firstName: emp.firstName, lastName: emp.lastName, email: emp.email, employeeCode: emp.employeeCode, ...withDni(), departmentId: gone.id };
    const deleteIt = (db: typeof t.db) => db.delete(departments).where(eq(departments.id, gone.id));
    if (t.deps.dbKind === 'postgres') {
      const res = await whileUncommitted(t.db, deleteIt, () => t.as(admin).put(`${url}/${emp.id}`, body));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Departamento no encontrado');
    } else await deleteIt(t.db);
    expect((await t.as(admin).put(`${url}/${emp.id}`, body)).statusCode).toBe(404);
    expect((await t.db.query.employees.findFirst({ where: eq(employees.id, emp.id) }))?.departmentId).toBeNull();
  });
});
