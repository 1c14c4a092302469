import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { employees } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/employees';
let n = 0;
const person = (code: string) => ({ firstName: 'Rosa', lastName: `Quispe ${++n}`, email: `rosa${n}@codes.pe`, employeeCode: code, ...withDni() });
const codesOf = async (companyId: string) =>
  (await t.db.select({ code: employees.employeeCode }).from(employees).where(eq(employees.companyId, companyId)).orderBy(asc(employees.createdAt))).map(
    (r) => r.code,
  );

describe('employee codes are unique per company whatever their case', () => {
  it('refuses a1 when A1 exists, on create and on edit, with the spec-style message', async () => {
    const admin = await t.factories.companyAdmin();
    expect((await t.as(admin).post(url, person('A1'))).statusCode).toBe(201);
    const created = await t.as(admin).post(url, person('a1'));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ message: 'Ya existe un empleado con ese código', errors: [{ path: 'employeeCode' }] });

    const other = (await t.as(admin).post(url, person('B2'))).json().data;
    const edited = await t.as(admin).put(`${url}/${other.id}`, { ...person('a1'), email: other.email });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toBe('Ya existe un empleado con ese código');
    expect(await codesOf(admin.companyId!)).toEqual(['A1', 'B2']);
    // Changing only the case of one's own code is fine; another company may use a1.
    expect((await t.as(admin).put(`${url}/${other.id}`, { ...person('b2'), email: other.email })).statusCode).toBe(200);
    const otherAdmin = await t.factories.companyAdmin();
    expect((await t.as(otherAdmin).post(url, person('a1'))).statusCode).toBe(201);
  });

  it('refuses an imported a1 when A1 exists, and A1 twice in one file', async () => {
    const admin = await t.factories.companyAdmin();
    await t.factories.employee(admin.companyId!, { employeeCode: 'A1' });
    const rows = [person('a1'), person('B1'), person('b1')];
    const res = await t.as(admin).post(`${url}/import`, { rows, dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: '2.employeeCode', message: 'Ya existe un empleado con ese código' },
        { path: '4.employeeCode', message: 'Repetido en el archivo' },
      ]),
    );
    expect(res.json().errors).toHaveLength(2);
  });

  it('the migration renames live codes that differ only in case (oldest kept) so the index can be built', async () => {
    const c = (await t.factories.company()).id;
    const other = (await t.factories.company()).id;
    await t.db.execute(sql`drop index employees_company_code_uq`);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await t.factories.employee(c, { employeeCode: 'A1', createdAt: at(1) });
    await t.factories.employee(c, { employeeCode: 'a1', createdAt: at(2) });
    await t.factories.employee(c, { employeeCode: 'a1', createdAt: at(3), deletedAt: at(4) }); // deleted: untouched
    await t.factories.employee(other, { employeeCode: 'a1', createdAt: at(5) }); // another company: untouched
    for (const file of ['0005_employee_codes_dedupe.sql', '0006_employee_codes_case_insensitive.sql']) {
      const statements = readFileSync(join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) if (!/^\s*DROP INDEX/.test(statement)) await t.db.execute(sql.raw(statement));
    }
    expect(await codesOf(c)).toEqual(['A1', 'a1-2', 'a1']);
    expect(await codesOf(other)).toEqual(['a1']);
    const live = await t.db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, c), eq(employees.employeeCode, 'a1-2')));
    expect(live).toHaveLength(1);
    await expect(t.factories.employee(c, { employeeCode: 'A1-2' })).rejects.toThrow();
  });
});
