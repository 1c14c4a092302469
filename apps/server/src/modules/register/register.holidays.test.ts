import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, employeeSchedulePeriods, holidaySchedules } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addEmployee } from '../admin/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '10' });
});

const lima = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-05:00`);

async function xlsxRows(body: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => out.push((row.values as unknown[]).map((v) => v ?? '').join(' | '))));
  return out;
}

/** A Peruvian company, an 08:00-17:00 Monday-Friday schedule (and a second one), two workers on the first. */
async function seed(name: string) {
  const company = await t.factories.company({ name, ruc: '20100070970', country: 'PE', timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const schedule = await t.factories.schedule(company.id, { startTime: '08:00', endTime: '17:00', workDays: '1,2,3,4,5' });
  const night = await t.factories.schedule(company.id, { startTime: '22:00', endTime: '06:00', workDays: '1,2,3,4,5' });
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
  return { company, admin, schedule, night, rosa, ivan };
}

describe('holidays in the server-side register (issue 19, decision 0053)', () => {
  it("prints a holiday as the calendar does: worked hours on it all outside the workday, a line 'Feriado' for a worker without a record; a holiday of another schedule or company does not apply", async () => {
    const a = await seed('Mayo');
    const other = await seed('Ajena');
    await t.factories.holiday(a.company.id, { name: 'Día del Trabajo', date: '2026-05-01', applyToAll: true });
    const nightOnly = await t.factories.holiday(a.company.id, { name: 'Aniversario turno noche', date: '2026-05-05', applyToAll: false });
    await t.db.insert(holidaySchedules).values({ companyId: a.company.id, holidayId: nightOnly.id, scheduleId: a.night.id });
    await t.factories.holiday(other.company.id, { name: 'Feriado de otra empresa', date: '2026-05-06', applyToAll: true });
    const day = (employeeId: string, date: string, from: string, to: string, hours: string) => ({
      companyId: a.company.id,
      employeeId,
      date,
      checkIn: lima(date, from),
      checkOut: lima(date, to),
      workHours: hours,
      status: 'present',
    });
    await t.db.insert(attendanceRecords).values([
      day(a.rosa.id, '2026-05-01', '08:00', '12:00', '4.00'), // worked on the holiday
      day(a.rosa.id, '2026-05-05', '08:00', '17:00', '9.00'),
      day(a.ivan.id, '2026-05-04', '08:00', '17:00', '9.00'),
      day(a.ivan.id, '2026-05-06', '08:00', '17:00', '9.00'),
    ]);

    const res = await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-05&to=2026-05&format=xlsx&lang=es');
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    const line = (who: string, date: string) => rows.find((r) => r.includes(who) && r.includes(date));
    // Rosa's 4 h on 1 May: all outside the workday (a working day's 08:00-12:00 would be 00:00 outside), marked Feriado.
    expect(line('Quispe', '01/05/2026')).toContain('08:00 | 12:00 | 04:00 | 04:00');
    expect(line('Quispe', '01/05/2026')).toContain('Feriado: Día del Trabajo');
    // Iván has no record on 1 May: the holiday prints as a line without times or hours.
    const ivanHoliday = line('Petrov', '01/05/2026');
    expect(ivanHoliday).toContain('Feriado: Día del Trabajo');
    expect(ivanHoliday).not.toMatch(/\d\d:\d\d/);
    // The night schedule's holiday is not Rosa's (day schedule): an ordinary day, 0 outside.
    expect(line('Quispe', '05/05/2026')).toContain('08:00 | 17:00 | 09:00 | 00:00');
    expect(line('Quispe', '05/05/2026')).not.toContain('Feriado');
    expect(rows.join('\n')).not.toContain('Aniversario turno noche');
    // Another company's holiday on 6 May is not this company's.
    expect(line('Petrov', '06/05/2026')).not.toContain('Feriado');
    expect(rows.join('\n')).not.toContain('Feriado de otra empresa');
    // Totals: Rosa 13 h worked, 4 h outside.
    expect(rows.find((r) => r.includes('Total') && r.includes('Quispe'))).toContain('13:00 | 04:00');

    const en = await xlsxRows(
      (await t.as(a.admin).get('/api/company-admin-simple/attendance/register?from=2026-05&to=2026-05&format=xlsx&lang=en')).rawPayload,
    );
    expect(en.join('\n')).toContain('Holiday: Día del Trabajo');
  });
});
