import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema/index.js';
import { jobHandlers } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/employees/import';
const count = async (companyId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(employees).where(eq(employees.companyId, companyId)))[0].n;

describe('employee bulk import', () => {
  it('previews valid rows with Spanish headers and new departments, writing nothing', async () => {
    const admin = await t.factories.companyAdmin();
    const sched = await t.factories.schedule(admin.companyId!, { name: 'Oficina' });
    const rows = [
      {
        Nombre: 'Ana',
        Apellido: 'Ríos',
        Email: 'ana@x.pe',
        Código: 'A1',
        Departamento: 'Ventas',
        Horario: 'oficina',
        'Tipo de documento': 'DNI',
        DNI: '12345678',
      },
      { Nombre: 'Beto', Apellido: 'Paz', Email: 'beto@x.pe', Código: 'B2', 'Tipo de documento': 'dni', 'Número de documento': '23456789' },
    ];
    const res = await t.as(admin).post(url, { rows, dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dryRun: true, count: 2, newDepartments: ['Ventas'] });
    expect(res.json().message).toBe('2 empleado(s) listos para importar');
    expect(await count(admin.companyId!)).toBe(0);
    // The schedule was written 'oficina': it matches 'Oficina' whatever the case, once imported.
    expect((await t.as(admin).post(url, { rows, dryRun: false })).statusCode).toBe(201);
    const ana = await t.db.query.employees.findFirst({ where: eq(employees.email, 'ana@x.pe') });
    expect(ana?.scheduleId).toBe(sched.id);
  });

  it('one bad row refuses the whole file with per-row errors, and changes nothing', async () => {
    const admin = await t.factories.companyAdmin();
    await t.factories.employee(admin.companyId!, { employeeCode: 'TAKEN' });
    const rows = [
      { firstName: 'Ok', lastName: 'Uno', email: 'ok1@x.pe', employeeCode: 'C1', ...withDni() },
      { firstName: '', lastName: 'Dos', email: 'no-email', employeeCode: 'C2', ...withDni() },
      { firstName: 'Tres', lastName: 'Tres', email: 'ok1@x.pe', employeeCode: 'TAKEN', schedule: 'No existe', ...withDni() },
    ];
    const res = await t.as(admin).post(url, { rows, dryRun: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo tiene 2 fila(s) con errores. No se importó nada.');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: '3.firstName', message: 'El nombre es requerido' },
        { path: '3.email', message: 'Por favor ingresa un correo electrónico válido' },
        { path: '4.email', message: 'Repetido en el archivo' },
        { path: '4.employeeCode', message: 'Ya existe un empleado con ese código' },
        { path: '4.schedule', message: 'Horario no encontrado' },
      ]),
    );
    expect(await count(admin.companyId!)).toBe(1);
  });

  it('refuses a file that would exceed the plan limit as a single create would: 403 plan_limit_reached with feature and limit', async () => {
    const company = await t.factories.company({ plan: 'FREE', maxEmployees: 10 }); // FREE: 5 whatever maxEmployees says
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    await t.factories.employee(company.id);
    await t.factories.employee(company.id, { status: 'INACTIVE' }); // takes no seat
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ firstName: 'N', lastName: `L${i}`, email: `n${i}@lim.pe`, employeeCode: `L${i}`, ...withDni() }));
    for (const dryRun of [true, false]) {
      const res = await t.as(admin).post(url, { rows: rows(5), dryRun });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'plan_limit_reached',
        feature: 'employees',
        limit: 5,
        message: 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.',
        errors: [{ path: 'employees' }],
      });
    }
    expect(await count(company.id)).toBe(2);
    // Four more fit (1 active + 4 = 5).
    expect((await t.as(admin).post(url, { rows: rows(4), dryRun: false })).statusCode).toBe(201);
    expect(await count(company.id)).toBe(6);
  });

  it("numbers errors by the file's own lines when the browser skipped blank ones", async () => {
    const admin = await t.factories.companyAdmin();
    // File: header (1), Ok (2), blank (3), bad e-mail (4).
    const rows = [
      { firstName: 'Ok', lastName: 'Uno', email: 'ok@lines.pe', employeeCode: 'L1', ...withDni() },
      { firstName: 'Mal', lastName: 'Dos', email: 'no-email', employeeCode: 'L2', ...withDni() },
    ];
    const res = await t.as(admin).post(url, { rows, lines: [2, 4], dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '4.email', message: 'Por favor ingresa un correo electrónico válido' }]);
    const ok = await t.as(admin).post(url, { rows: [rows[0]], lines: [5], dryRun: true });
    expect(ok.json().data.rows[0]).toMatchObject({ line: 5, employeeCode: 'L1' });
    // Lines must match the rows one to one.
    expect((await t.as(admin).post(url, { rows, lines: [2], dryRun: true })).statusCode).toBe(400);
  });

  it('imports all rows in one go: accounts, departments, schedules, mails', async () => {
    const admin = await t.factories.companyAdmin();
    await t.factories.schedule(admin.companyId!, { name: 'Turno Mañana' });
    const before = t.deps.mailer.outbox.length;
    const rows = [
      {
        firstName: 'Ana',
        lastName: 'Ríos',
        email: 'ana.rios@imp.pe',
        employeeCode: 'I1',
        department: 'Ventas',
        schedule: 'Turno Mañana',
        hireDate: '2026-01-15',
        ...withDni(),
      },
      { firstName: 'Beto', lastName: 'Paz', email: 'beto.paz@imp.pe', employeeCode: 'I2', department: 'ventas', ...withDni() },
    ];
    const res = await t.as(admin).post(url, { rows, dryRun: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('2 empleado(s) importado(s) exitosamente');
    const list = (await t.as(admin).get('/api/company-admin-simple/employees')).json().data;
    expect(list.map((e: { employeeCode: string }) => e.employeeCode).sort()).toEqual(['I1', 'I2']);
    const ana = list.find((e: { employeeCode: string }) => e.employeeCode === 'I1');
    expect(ana).toMatchObject({ department: { name: 'Ventas' }, schedule: { name: 'Turno Mañana' }, hireDate: '2026-01-15', canLogin: true });
    expect(list.find((e: { employeeCode: string }) => e.employeeCode === 'I2').department.id).toBe(ana.department.id);
    // The set-password mails go out from the job queue (decision 0032), not inside the request.
    expect(t.deps.mailer.outbox.length - before).toBe(0);
    await runDueJobs(t.deps, jobHandlers, [], pino({ level: 'silent' }), new Date());
    const sent = t.deps.mailer.outbox.slice(before).map((m) => m.to);
    expect(sent).toEqual(expect.arrayContaining(['ana.rios@imp.pe', 'beto.paz@imp.pe']));
  });
});
