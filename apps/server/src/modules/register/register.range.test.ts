import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, companies, employeeSchedulePeriods, employees } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addEmployee } from '../admin/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '10' });
});

/** Lima local time of a day as an instant. */
const lima = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-05:00`);

async function xlsxRows(body: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => out.push((row.values as unknown[]).map((v) => v ?? '').join(' | '))));
  return out;
}
/** The text jsPDF wrote: every (string) of the inflated content streams. */
function pdfText(body: Buffer): string {
  const raw = body.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const s of content.matchAll(/\(((?:\\.|[^\\)])*)\)/g)) out.push(s[1]!.replace(/\\(.)/g, '$1'));
  }
  // Cells wrap: one space between the pieces reads the cells back whole.
  return out.join(' ').replace(/\s+/g, ' ');
}

/** A Peruvian company: legal name, valid RUC, an 08:00-17:00 schedule with a 13:00-14:00 break, two workers. */
async function seed(name: string) {
  const company = await t.factories.company({ name, legalName: `${name} Sociedad Anónima Cerrada`, ruc: '20100070970', country: 'PE' });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const schedule = await t.factories.schedule(company.id, {
    startTime: '08:00',
    endTime: '17:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5',
  });
  const rosa = await addEmployee(t, company.id, {
    firstName: 'Rosa',
    lastName: `Quispe ${name}`,
    documentType: 'DNI',
    documentNumber: '45678912',
    scheduleId: schedule.id,
  });
  const ivan = await addEmployee(t, company.id, {
    firstName: 'Iván',
    lastName: `Petrov ${name}`,
    documentType: 'CE',
    documentNumber: 'X12345678',
    scheduleId: schedule.id,
  });
  const { id: _, companyId: __, createdAt: ___, updatedAt: ____, ...rules } = schedule as typeof schedule & { createdAt?: unknown; updatedAt?: unknown };
  await t.db
    .insert(employeeSchedulePeriods)
    .values(
      [rosa, ivan].map((e) => ({ companyId: company.id, employeeId: e.id, validFrom: '2026-01-01', active: true, scheduleId: schedule.id, schedule: rules })),
    )
    .onConflictDoNothing();
  await t.db.insert(attendanceRecords).values([
    // The day: 07:30-18:00, workHours 9.00 (the early half hour is not worked).
    {
      companyId: company.id,
      employeeId: rosa.id,
      date: '2026-03-02',
      checkIn: lima('2026-03-02', '07:30'),
      checkOut: lima('2026-03-02', '18:00'),
      workHours: '9.00',
      status: 'early',
    },
    // A justified permission: spec §5 payload (schedule start/end), isPermission, its reason.
    {
      companyId: company.id,
      employeeId: rosa.id,
      date: '2026-03-03',
      checkIn: lima('2026-03-03', '08:00'),
      checkOut: lima('2026-03-03', '17:00'),
      workHours: '8.00',
      status: 'permission',
      isPermission: true,
      notes: 'Cita médica EsSalud',
      isManual: true,
    },
    // An open shift.
    {
      companyId: company.id,
      employeeId: ivan.id,
      date: '2026-03-02',
      checkIn: lima('2026-03-02', '08:05'),
      workHours: null,
      status: 'present',
      incomplete: true,
    },
  ]);
  return { company, admin, rosa, ivan };
}

describe('GET /company-admin-simple/attendance/register: the one register, for a month range (decision 0037)', () => {
  it('prints razón social, RUC, document types, the permission day without times and worked hours apart from paid leave', async () => {
    const a = await seed('Andina');
    const res = await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-03&to=2026-03&format=xlsx&lang=es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(res.rawPayload);
    const text = rows.join('\n');
    expect(text).toContain('Razón social: Andina Sociedad Anónima Cerrada');
    expect(text).toContain('Nombre comercial: Andina');
    expect(text).toContain('RUC: 20100070970');
    expect(text).toContain('DNI 45678912');
    expect(text).toContain('CE X12345678');
    // 07:30-18:00: 9.00 worked, 1.00 outside (never the 1.50 of a half hour not counted as worked).
    const worked = rows.find((r) => r.includes('02/03/2026') && r.includes('Quispe'))!;
    expect(worked).toContain('07:30 | 18:00 | 09:00 | 01:00');
    // The permission: no invented 08:00/17:00, 0 worked, 8 h of paid leave, its reason.
    const leave = rows.find((r) => r.includes('03/03/2026'))!;
    expect(leave).not.toContain('08:00 | 17:00');
    expect(leave).toContain('00:00 | 00:00 | 08:00');
    expect(leave).toContain('Permiso: Cita médica EsSalud');
    // Rosa's total: 9 h worked (not 17), 1 h outside, 8 h leave.
    expect(rows.find((r) => r.startsWith(' | Total Quispe') || r.includes('Total Quispe'))).toContain('09:00 | 01:00 | 08:00');
    // The open shift is marked open, without hours.
    expect(rows.find((r) => r.includes('Petrov'))).toContain('Jornada abierta');

    const pdf = await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-03&to=2026-03&format=pdf&lang=en');
    expect(pdf.statusCode).toBe(200);
    const ptext = pdfText(pdf.rawPayload);
    for (const s of ['Legal name: Andina Sociedad An', 'RUC: 20100070970', 'DNI 45678912', 'CE X12345678', 'Leave: Cita m', 'Paid leave hours', 'Open shift']) {
      expect(ptext).toContain(s);
    }
  });

  it('refuses the export with 422 documents_missing listing the workers of a Peruvian company without a valid document, then exports once fixed', async () => {
    const a = await seed('Sinfichas');
    await t.db.update(employees).set({ documentType: null, documentNumber: null }).where(eq(employees.id, a.ivan.id));
    await t.db.update(employees).set({ documentNumber: '1234' }).where(eq(employees.id, a.rosa.id)); // a DNI of 4 digits
    const res = await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-03&to=2026-03&format=pdf', { 'accept-language': 'es' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('documents_missing');
    expect(body.message).toContain('2 trabajador(es) sin documento de identidad válido');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([`workers.${a.ivan.id}`, `workers.${a.rosa.id}`].sort());
    await t.db.update(employees).set({ documentType: 'PTP', documentNumber: '123456789' }).where(eq(employees.id, a.ivan.id));
    await t.db.update(employees).set({ documentNumber: '45678912' }).where(eq(employees.id, a.rosa.id));
    const ok = await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-03&to=2026-03&format=xlsx');
    expect(ok.statusCode).toBe(200);
    expect((await xlsxRows(ok.rawPayload)).join('\n')).toContain('PTP 123456789');
  });

  it("another company's admin gets their own register only, and a bad range is a 400 that names the rule", async () => {
    const a = await seed('Norte');
    const b = await seed('Sur');
    const res = await t.as(b.admin).get(`/api/company-admin-simple/attendance/register?from=2026-03&to=2026-03&format=xlsx&companyId=${a.company.id}`);
    expect(res.statusCode).toBe(200);
    const text = (await xlsxRows(res.rawPayload)).join('\n');
    expect(text).toContain('Quispe Sur');
    expect(text).not.toContain('Norte');
    const bad = await t.as(b.admin).get('/api/company-admin-simple/attendance/register?from=2026-04&to=2026-03&format=xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await t.as(b.admin).get('/api/company-admin-simple/attendance/register?from=2026-13&to=2026-03')).statusCode).toBe(400);
    // Months outside the range are not in the file.
    const april = await t.as(b.admin).get('/api/company-admin-simple/attendance/register?from=2026-04&to=2026-04&format=xlsx');
    expect((await xlsxRows(april.rawPayload)).join('\n')).not.toContain('Quispe Sur');
  });
});

describe('the worker identity document is validated per type on create, edit and import (decision 0037)', () => {
  it('refuses a DNI that is not 8 digits and a PTP that is not 9, keeps a valid CE, and reads the type from an import file', async () => {
    const admin = await t.factories.companyAdmin();
    const base = { firstName: 'Luz', lastName: 'Mamani', employeeCode: 'D1', status: 'ACTIVE' };
    const bad = await t
      .as(admin)
      .post('/api/company-admin-simple/employees', { ...base, email: 'luz1@doc.pe', documentType: 'DNI', documentNumber: '1234567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'documentNumber', message: 'El DNI debe tener 8 dígitos' }]);
    const ptp = await t
      .as(admin)
      .post('/api/company-admin-simple/employees', { ...base, email: 'luz2@doc.pe', documentType: 'PTP', documentNumber: '12345678' });
    expect(ptp.json().errors).toEqual([{ path: 'documentNumber', message: 'El PTP debe tener 9 dígitos' }]);
    const ok = await t
      .as(admin)
      .post('/api/company-admin-simple/employees', { ...base, email: 'luz3@doc.pe', documentType: 'CE', documentNumber: 'X12345678' });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, ok.json().data.id));
    expect(row).toMatchObject({ documentType: 'CE', documentNumber: 'X12345678' });

    const url = '/api/company-admin-simple/employees/import';
    const rows = [
      // The template's Spanish headers.
      { Nombre: 'Ana', Apellido: 'Ríos', Email: 'ana@doc.pe', Código: 'I1', 'Tipo de documento': 'Pasaporte', 'Número de documento': 'AB123456' },
      { firstName: 'Leo', lastName: 'Paz', email: 'leo@doc.pe', employeeCode: 'I2', documentType: 'DNI', documentNumber: '123' },
    ];
    const res = await t.as(admin).post(url, { rows, lines: [2, 3], dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '3.documentNumber', message: 'El DNI debe tener 8 dígitos' }]);
    expect((await t.as(admin).post(url, { rows: [rows[0]], dryRun: false })).statusCode).toBe(201);
    const [ana] = await t.db.select().from(employees).where(eq(employees.email, 'ana@doc.pe'));
    expect(ana).toMatchObject({ documentType: 'PASSPORT', documentNumber: 'AB123456' });
  });
});

describe("the admin's calendar totals separate worked hours from paid leave (decision 0037)", () => {
  it("sums Rosa's 9 h worked as hours and the permission's 8 h as leave, never 17 h worked", async () => {
    const a = await seed('Totales');
    const res = await t.as(a.admin).get('/api/company-admin-simple/attendance/monthly-calendar?month=3&year=2026');
    expect(res.statusCode).toBe(200);
    const rosa = res.json().data.find((r: { employeeId: string }) => r.employeeId === a.rosa.id);
    expect(rosa.stats).toMatchObject({ permission: 1, totalHours: 9, leaveHours: 8 });
  });
});

describe('registering a Peruvian company asks for a valid RUC (decision 0037)', () => {
  it('refuses a missing RUC and a wrong check digit with their messages, and keeps the razón social of a valid one', async () => {
    const body = (ruc?: string) => ({
      name: 'Bodega Sol',
      legalName: 'Inversiones Sol E.I.R.L.',
      ...(ruc ? { ruc } : {}),
      email: `sol-${ruc ?? 'none'}@ruc.pe`,
      country: 'PE',
      adminName: 'Sol Admin',
      adminEmail: `admin-${ruc ?? 'none'}@ruc.pe`,
      password: 'secreto123',
      confirmPassword: 'secreto123',
    });
    const post = async (ruc?: string) => t.anon.post('/api/auth/register', { ...body(ruc), turnstileToken: await t.solveCaptcha() });
    const none = await post();
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'ruc', message: 'El RUC es obligatorio para empresas de Perú' }]);
    const wrong = await post('20100070971');
    expect(wrong.json().errors).toEqual([{ path: 'ruc', message: 'El RUC no es válido: su dígito verificador no coincide' }]);
    const ok = await post('20100000050');
    expect(ok.statusCode).toBe(201);
    const [company] = await t.db.select().from(companies).where(eq(companies.ruc, '20100000050'));
    expect(company).toMatchObject({ name: 'Bodega Sol', legalName: 'Inversiones Sol E.I.R.L.' });
  });
});
