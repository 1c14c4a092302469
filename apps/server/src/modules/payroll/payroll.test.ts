import { localToInstant } from '@presente/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/reports/payroll';
const lima = (date: string, hhmm: string, plusDay = 0) =>
  localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) + plusDay * 1440, 'America/Lima');

/** A company in Lima with a day worker (Mon-Fri 08:00-17:00, lunch 13-14) and a night worker (22:00-06:00), a week of February. */
async function company() {
  const c = await t.factories.company({ timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const day = await t.factories.schedule(c.id, { startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: '14:00', workDays: '1,2,3,4,5' });
  const night = await t.factories.schedule(c.id, { startTime: '22:00', endTime: '06:00', workDays: '1,2,3,4,5' });
  const ana = await t.factories.employee(c.id, { firstName: 'Ana', lastName: 'Díaz', scheduleId: day.id, documentNumber: '12345678' });
  const beto = await t.factories.employee(c.id, { firstName: 'Beto', lastName: 'Ríos', scheduleId: night.id });
  const row = (employeeId: string, date: string, inAt: Date, outAt: Date | null) => ({
    companyId: c.id,
    employeeId,
    date,
    checkIn: inAt,
    checkOut: outAt,
    status: 'present',
  });
  await t.db
    .insert(attendanceRecords)
    .values([
      row(ana.id, '2026-02-02', lima('2026-02-02', '08:00'), lima('2026-02-02', '17:00')),
      row(ana.id, '2026-02-03', lima('2026-02-03', '08:00'), lima('2026-02-03', '20:00')),
      row(ana.id, '2026-02-04', lima('2026-02-04', '08:30'), lima('2026-02-04', '17:00')),
      row(beto.id, '2026-02-02', lima('2026-02-02', '22:00'), lima('2026-02-02', '06:00', 1)),
      row(beto.id, '2026-02-03', lima('2026-02-03', '22:00'), lima('2026-02-03', '06:00', 1)),
    ]);
  return { c, admin, ana, beto };
}

describe('GET /reports/payroll', () => {
  it('sums each employee’s period by the engine, overtime not approved shown apart', async () => {
    const { admin, ana, beto } = await company();
    const res = await t.as(admin).get(`${url}?from=2026-02-02&to=2026-02-06`);
    expect(res.statusCode, res.body).toBe(200);
    const { lines, rules } = res.json().data;
    expect(rules).toMatchObject({ dailyHours: 8, weeklyHours: 48, nightStart: '22:00', nightEnd: '06:00' });
    const a = lines.find((l: { employeeId: string }) => l.employeeId === ana.id);
    const b = lines.find((l: { employeeId: string }) => l.employeeId === beto.id);
    // Ana: 8 + 11 (3 over, not approved) + 7.5 (late 30 min); Thursday and Friday absent.
    expect(a).toMatchObject({
      name: 'Díaz, Ana',
      documentNumber: '12345678',
      daysWorked: 3,
      workedHours: 26.5,
      regularHours: 23.5,
      unapprovedOvertimeHours: 3,
      overtime25Hours: 0,
      lateMinutes: 30,
      absences: 2,
    });
    // Beto: two nights of 8 h, all night hours.
    expect(b).toMatchObject({ daysWorked: 2, workedHours: 16, regularHours: 16, nightHours: 16, absences: 3 });
  });

  it('exports one row per employee as CSV and Excel, headers in the asked language', async () => {
    const { admin } = await company();
    const csv = await t.as(admin).get(`${url}?from=2026-02-02&to=2026-02-06&format=csv`, { 'accept-language': 'es' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Nomina_2026-02-02_2026-02-06.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',').slice(0, 6)).toEqual(['Código', 'Documento', 'Trabajador', 'Departamento', 'Días trabajados', 'Horas trabajadas']);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Díaz, Ana"');
    const xlsx = await t.as(admin).get(`${url}?from=2026-02-02&to=2026-02-06&format=xlsx`, { 'accept-language': 'en' });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(6).value).toBe('Hours worked');
    expect(ws.getRow(2).getCell(6).value).toBe(26.5);
    expect(ws.rowCount).toBe(3);
  });

  it('never shows another company’s employees', async () => {
    await company();
    const other = await t.factories.companyAdmin();
    const res = await t.as(other).get(`${url}?from=2026-02-02&to=2026-02-06`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lines).toEqual([]);
  });

  it('refuses bad periods with a stable code and the catalogue’s message', async () => {
    const { admin } = await company();
    for (const q of [
      'from=2026-02-10&to=2026-02-01',
      'from=2026-01-01&to=2026-03-31',
      'from=2026-02-30x&to=2026-02-01',
      'from=2026-02-30&to=2026-03-02',
      'from=0000-01-01&to=0000-01-02',
      'to=2026-02-01',
      'from=2026-02-01&to=2026-02-02&format=pdf',
    ]) {
      const res = await t.as(admin).get(`${url}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('validation_failed');
    }
    const order = await t.as(admin).get(`${url}?from=2026-02-10&to=2026-02-01`, { 'accept-language': 'es' });
    expect(order.json().message).toMatch(/periodo de la nómina no es válido/);
    expect((await t.anon.get(`${url}?from=2026-02-01&to=2026-02-02`)).statusCode).toBe(401);
  });
});
