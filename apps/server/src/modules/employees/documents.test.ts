/**
 * The worker's identity document is required for a Peruvian company on create, edit and import (decision 0062; D.S.
 * 004-2006-TR art. 3-4: the register identifies each worker by name and document). The country is the company's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employees, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/employees';
let n = 0;
const person = () => ({ firstName: 'Rosa', lastName: 'Quispe', email: `rosa${++n}@doc.pe`, employeeCode: `D-${n}`, position: 'Cajera' });
const peruAdmin = async () => t.factories.companyAdmin({ companyId: (await t.factories.company({ plan: 'PREMIUM', maxEmployees: 50 })).id });
const countOf = async (companyId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(employees).where(eq(employees.companyId, companyId)))[0].n;
const accountsNamed = async (email: string) => t.db.select().from(users).where(eq(users.email, email));
const MISSING_ES = [
  {
    path: 'documentType',
    message: 'Elige el tipo de documento (DNI, CE, pasaporte, PTP u otro): es obligatorio para trabajadores de empresas de Perú',
  },
  { path: 'documentNumber', message: 'Escribe el número de documento: es obligatorio para trabajadores de empresas de Perú' },
];

describe('a Peruvian company: the document is required', () => {
  it('refuses a create without it: 400 document_required naming both fields, in the reader language; nothing created', async () => {
    const admin = await peruAdmin();
    const body = person();
    const res = await t.as(admin).post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'document_required',
      message: 'El tipo y número de documento son obligatorios para trabajadores de empresas de Perú',
      errors: MISSING_ES,
    });
    const en = await t.as(admin).post(url, { ...body, documentNumber: '45678912' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 'document_required',
      message: 'The document type and number are required for workers of companies in Peru',
      errors: [
        { path: 'documentType', message: 'Choose the document type (DNI, CE, passport, PTP or other): it is required for workers of companies in Peru' },
      ],
    });
    const typeOnly = await t.as(admin).post(url, { ...body, documentType: 'CE', documentNumber: '  ' });
    expect(typeOnly.json().errors).toEqual([MISSING_ES[1]]);
    expect(await countOf(admin.companyId!)).toBe(0);
    expect(await accountsNamed(body.email)).toEqual([]);
    expect(t.deps.mailer.outbox.filter((m) => m.to === body.email)).toEqual([]);
    // With it (the type's own check still applies): created.
    expect((await t.as(admin).post(url, { ...body, documentType: 'DNI', documentNumber: '4567891' })).json().errors).toEqual([
      { path: 'documentNumber', message: 'El DNI debe tener 8 dígitos' },
    ]);
    const ok = await t.as(admin).post(url, { ...body, documentType: 'DNI', documentNumber: '45678912' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ documentType: 'DNI', documentNumber: '45678912' });
  });

  it('refuses an edit that removes it, and the worker stays unchanged', async () => {
    const admin = await peruAdmin();
    const emp = await t.factories.employee(admin.companyId!, { documentType: 'CE', documentNumber: 'X1234567' });
    const edit = { firstName: 'Otra', lastName: emp.lastName, email: emp.email, employeeCode: emp.employeeCode };
    for (const removed of [{}, { documentType: null, documentNumber: null }, { documentType: 'CE', documentNumber: '' }]) {
      const res = await t.as(admin).put(`${url}/${emp.id}`, { ...edit, ...removed });
      expect(res.statusCode, JSON.stringify(removed)).toBe(400);
      expect(res.json().code).toBe('document_required');
    }
    const [still] = await t.db.select().from(employees).where(eq(employees.id, emp.id));
    expect(still).toMatchObject({ firstName: 'Ana', documentType: 'CE', documentNumber: 'X1234567', updatedAt: emp.updatedAt });
    const kept = await t.as(admin).put(`${url}/${emp.id}`, { ...edit, documentType: 'PASSPORT', documentNumber: 'AB12345' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ firstName: 'Otra', documentType: 'PASSPORT', documentNumber: 'AB12345' });
  });

  it('an older worker without one keeps working (listed, shown); editing them needs it; the public API may still deactivate them', async () => {
    const admin = await peruAdmin();
    const older = await t.factories.employee(admin.companyId!, { documentType: null, documentNumber: null });
    const list = (await t.as(admin).get(url)).json().data;
    expect(list.map((e: { id: string }) => e.id)).toContain(older.id);
    expect((await t.as(admin).get(`${url}/${older.id}`)).json().data).toMatchObject({ documentType: null, documentNumber: null });
    expect((await t.as(older.account).get('/api/employee/profile')).statusCode).toBe(200);
    const edit = { firstName: older.firstName, lastName: older.lastName, email: older.email, employeeCode: older.employeeCode, position: 'Nuevo' };
    const refused = await t.as(admin).put(`${url}/${older.id}`, edit);
    expect(refused.json()).toMatchObject({ code: 'document_required', errors: MISSING_ES });
    expect((await t.db.select().from(employees).where(eq(employees.id, older.id)))[0].position).toBeNull();
    const added = await t.as(admin).put(`${url}/${older.id}`, { ...edit, documentType: 'DNI', documentNumber: '70123456' });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ position: 'Nuevo', documentType: 'DNI', documentNumber: '70123456' });
  });

  it('refuses each import row without it, by line; nothing is written; the preview says the same', async () => {
    const admin = await peruAdmin();
    const rows = [
      { Nombre: 'Ana', Apellido: 'Ríos', Email: `ana${++n}@imp-doc.pe`, Código: `I-${n}`, 'Tipo de documento': 'DNI', 'Número de documento': '41234567' },
      { Nombre: 'Beto', Apellido: 'Paz', Email: `beto${++n}@imp-doc.pe`, Código: `I-${n}` },
      { Nombre: 'Ciro', Apellido: 'Soto', Email: `ciro${++n}@imp-doc.pe`, Código: `I-${n}`, DNI: '42345678' },
    ];
    for (const dryRun of [true, false]) {
      const res = await t.as(admin).post(`${url}/import`, { rows, dryRun });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'El archivo tiene 2 fila(s) con errores. No se importó nada.' });
      expect(res.json().errors).toEqual([
        { path: '3.documentType', message: MISSING_ES[0].message },
        { path: '3.documentNumber', message: MISSING_ES[1].message },
        { path: '4.documentType', message: MISSING_ES[0].message },
      ]);
    }
    expect(await countOf(admin.companyId!)).toBe(0);
    const fixed = rows.map((r, i) => (i === 0 ? r : { ...r, 'Tipo de documento': 'Pasaporte', 'Número de documento': `P${i}2345` }));
    const done = await t.as(admin).post(`${url}/import`, { rows: fixed, dryRun: false });
    expect(done.statusCode).toBe(201);
    expect(done.json().data.rows.map((r: { documentType: string }) => r.documentType)).toEqual(['DNI', 'PASSPORT', 'PASSPORT']);
  });

  it("another company's admin still cannot see or edit a worker (404 before any document rule), and it stays unchanged", async () => {
    const admin = await peruAdmin();
    const stranger = await peruAdmin();
    const emp = await t.factories.employee(admin.companyId!);
    expect((await t.as(stranger).get(`${url}/${emp.id}`)).statusCode).toBe(404);
    for (const body of [{}, withDni()]) {
      const res = await t.as(stranger).put(`${url}/${emp.id}`, { firstName: 'X', lastName: 'Y', email: 'x@y.pe', employeeCode: 'X', ...body });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const [still] = await t.db
      .select()
      .from(employees)
      .where(and(eq(employees.id, emp.id), eq(employees.companyId, admin.companyId!)));
    expect(still).toMatchObject({ firstName: 'Ana', documentNumber: emp.documentNumber });
  });
});

describe('a company of another country: the document stays optional', () => {
  it('a Chilean company creates, edits and imports workers without one (the country is the company row, not the request)', async () => {
    const chile = await t.factories.company({ country: 'CL', timezone: 'America/Santiago', ruc: null });
    const admin = await t.factories.companyAdmin({ companyId: chile.id });
    const created = await t.as(admin).post(url, person());
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ documentType: null, documentNumber: null });
    const withDoc = await t.factories.employee(chile.id);
    const { firstName, lastName, email, employeeCode } = withDoc;
    const edited = await t.as(admin).put(`${url}/${withDoc.id}`, { firstName, lastName, email, employeeCode, documentType: null, documentNumber: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ documentType: null, documentNumber: null });
    const imported = await t
      .as(admin)
      .post(`${url}/import`, { rows: [{ Nombre: 'Iván', Apellido: 'Rojas', Email: `ivan${++n}@cl.cl`, Código: `CL-${n}` }], dryRun: false });
    expect(imported.statusCode).toBe(201);
    // A Peruvian admin's request cannot borrow another country: an unknown `country` field is ignored.
    const peru = await peruAdmin();
    expect((await t.as(peru).post(url, { ...person(), country: 'CL' })).json().code).toBe('document_required');
  });
});
