import { toLocal } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, holidaySchedules } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { todayAttendance } from './attendance.service.js';
import { addRecord, BASE, ctxOf, LIMA, local, officeEmployee } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** An employee in Lima whose schedule covers every hour of every day, so "now" is always a work day (no early window:
 * at 23:50 a 30-minute one would place a check-in on tomorrow's 00:00 shift). */
async function allDayEmployee(overrides: Record<string, unknown> = {}, companyId?: string) {
  return officeEmployee(
    t,
    { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0, ...overrides },
    companyId,
  );
}

describe('the day flow over HTTP (today in the company timezone)', () => {
  it('check-in → today shows check-out → check-out → completed; a further check-out is Jornada Completada', async () => {
    const { employee } = await allDayEmployee();
    const me = t.as(employee.account);
    const before = (await me.get(`${BASE}/attendance/today`)).json().data;
    expect(before).toMatchObject({
      date: toLocal(new Date(), LIMA).date,
      record: null,
      canCheckIn: true,
      canCheckOut: false,
      completed: false,
      timezone: LIMA,
      manualAllowed: true,
    });
    expect(before.schedule).toMatchObject({ startTime: '00:00', workDays: [1, 2, 3, 4, 5, 6, 7] });

    const early = await me.post(`${BASE}/attendance/check-out`, {});
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Primero debes registrar tu entrada');

    const checkIn = await me.post(`${BASE}/attendance/check-in`, {});
    expect(checkIn.statusCode).toBe(201);
    expect(checkIn.json()).toMatchObject({
      message: 'Entrada registrada exitosamente',
      data: { action: 'check_in', repeated: false, record: { method: 'web', checkOut: null } },
    });
    const recordId = checkIn.json().data.record.id;

    const during = (await me.get(`${BASE}/attendance/today`)).json().data;
    expect(during).toMatchObject({ canCheckIn: false, canCheckOut: true, completed: false, record: { id: recordId } });

    const again = await me.post(`${BASE}/attendance/check-in`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Ya registraste tu entrada hoy', data: { repeated: true, record: { id: recordId } } });

    const checkOut = await me.post(`${BASE}/attendance/check-out`);
    expect(checkOut.statusCode).toBe(200);
    expect(checkOut.json()).toMatchObject({ message: 'Salida registrada exitosamente', data: { action: 'check_out', record: { id: recordId } } });
    expect(checkOut.json().data.record.checkOut).toEqual(expect.any(String));

    const after = (await me.get(`${BASE}/attendance/today`)).json().data;
    expect(after).toMatchObject({ canCheckIn: false, canCheckOut: false, completed: true });

    const third = await me.post(`${BASE}/attendance/check-out`, {});
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'already_completed', message: 'Jornada Completada' });
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(1);
    expect(t.events.emitted.some((e) => e.event === 'attendance_update' && e.room === `employee_${employee.id}`)).toBe(true);
  });

  it('answers in the request language', async () => {
    const { employee } = await allDayEmployee();
    const res = await t.as(employee.account).post(`${BASE}/attendance/check-in`, {}, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.json().message).toBe('Check-in recorded successfully');
  });

  it("a 'Solo Facial' schedule refuses the web check-in", async () => {
    const { employee } = await allDayEmployee({ allowManualAttendance: false });
    const today = (await t.as(employee.account).get(`${BASE}/attendance/today`)).json().data;
    expect(today).toMatchObject({ manualAllowed: false, canCheckIn: false });
    const res = await t.as(employee.account).post(`${BASE}/attendance/check-in`, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'manual_not_allowed',
      message: 'Tu horario solo permite marcar asistencia por reconocimiento facial (Solo Facial)',
    });
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(0);
  });

  it('a geofenced schedule needs the position and refuses a far one', async () => {
    const company = await t.factories.company({ timezone: LIMA });
    const loc = await t.factories.location(company.id, { name: 'Sede Central', latitude: -12.0464, longitude: -77.0428, allowedRadius: 100 });
    const { employee } = await allDayEmployee({ locationId: loc.id }, company.id);
    const me = t.as(employee.account);
    expect((await me.get(`${BASE}/attendance/today`)).json().data.requiresLocation).toBe(true);

    const none = await me.post(`${BASE}/attendance/check-in`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'location_required', message: 'Tu horario exige ubicación: permite el acceso a tu ubicación para marcar' });

    const far = await me.post(`${BASE}/attendance/check-in`, { location: { latitude: -12.0564, longitude: -77.0428, accuracy: 10 } });
    expect(far.statusCode).toBe(403);
    expect(far.json().code).toBe('outside_geofence');
    expect(far.json().message).toMatch(/^Estás fuera del área permitida \(1112 m de Sede Central; radio 100 m\)$/);

    const bad = await me.post(`${BASE}/attendance/check-in`, { location: { latitude: 200, longitude: -77.0428 } });
    expect(bad.statusCode).toBe(400);

    const near = await me.post(`${BASE}/attendance/check-in`, { location: { latitude: -12.0465, longitude: -77.0428, accuracy: 5 } });
    expect(near.statusCode).toBe(201);
    expect(near.json().data.record.location).toEqual({ latitude: -12.0465, longitude: -77.0428 });
  });

  it('during a night shift after midnight, today is the shift that started yesterday', async () => {
    const { employee } = await officeEmployee(t, { startTime: '22:00', endTime: '06:00', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7' });
    const rec = await addRecord(t, employee, '2026-03-04', { in: '21:55', status: 'early' });
    const today = await todayAttendance(ctxOf(t, employee.account), local('2026-03-05', '02:00'));
    expect(today).toMatchObject({
      date: '2026-03-04',
      status: 'early',
      canCheckIn: false,
      canCheckOut: true,
      completed: false,
      record: { id: rec.id },
      localTime: '02:00',
    });
    const nextEvening = await todayAttendance(ctxOf(t, employee.account), local('2026-03-05', '21:00'));
    expect(nextEvening).toMatchObject({ date: '2026-03-05', status: 'pending', record: null, canCheckIn: true });
  });
});

describe('history', () => {
  it('lists only the own records, newest first, with status, hours, permission and holiday; paginated', async () => {
    const { employee, companyId } = await officeEmployee(t);
    const colleague = (await officeEmployee(t, {}, companyId)).employee;
    const stranger = (await officeEmployee(t)).employee;
    await t.factories.holiday(companyId, { name: 'Día del Trabajo', date: '2026-03-06', description: 'Feriado nacional' });
    const other = await t.factories.schedule(companyId);
    const onlyOther = await t.factories.holiday(companyId, { name: 'Solo otro horario', date: '2026-03-03', applyToAll: false });
    await t.db.insert(holidaySchedules).values({ companyId, holidayId: onlyOther.id, scheduleId: other.id });
    await addRecord(t, employee, '2026-03-02', { in: '08:45', out: '18:00' }); // no stored status: computed (early in Lima)
    await addRecord(t, employee, '2026-03-03', { in: '09:20', out: '18:00', status: 'late', workHours: '7.67' });
    await addRecord(t, employee, '2026-03-05', {
      in: '09:00',
      out: '18:00',
      status: 'permission',
      isPermission: true,
      notes: 'Permiso justificado',
      workHours: '8.00',
    });
    await addRecord(t, employee, '2026-03-06', { in: '09:00', out: '12:00', status: 'present' });
    await addRecord(t, colleague, '2026-03-02', { in: '09:00' });
    await addRecord(t, stranger, '2026-03-02', { in: '09:00' });

    const page1 = (await t.as(employee.account).get(`${BASE}/attendance/history?limit=2`)).json();
    expect(page1.pagination).toMatchObject({ page: 1, limit: 2, total: 4, pages: 2, totalPages: 2 });
    expect(page1.data.map((r: { date: string }) => r.date)).toEqual(['2026-03-06', '2026-03-05']);
    // Judged as the admin's calendar judges it (a holiday of the employee's schedule), not the status stored at check-in.
    expect(page1.data[0]).toMatchObject({
      status: 'holiday',
      workHours: 3,
      method: 'web',
      holiday: { name: 'Día del Trabajo', description: 'Feriado nacional' },
    });
    expect(page1.data[1]).toMatchObject({ status: 'permission', isPermission: true, notes: 'Permiso justificado', workHours: 8, holiday: null });
    // The system-made note follows the reader's language; the stored words stay as written (walk-through finding 13).
    const english = (await t.as(employee.account).get(`${BASE}/attendance/history?limit=2`, { 'accept-language': 'en' })).json();
    expect(english.data[1]).toMatchObject({ notes: 'Justified permission' });

    const page2 = (await t.as(employee.account).get(`${BASE}/attendance/history?page=2&limit=2`)).json().data;
    expect(page2).toMatchObject([
      { date: '2026-03-03', status: 'late', workHours: 7.67, holiday: null },
      { date: '2026-03-02', status: 'early', workHours: 8, holiday: null },
    ]);
    expect(page2[0]).not.toHaveProperty('evidence');

    const colleagueRows = (await t.as(colleague.account).get(`${BASE}/attendance/history`)).json().data;
    expect(colleagueRows).toHaveLength(1);
    expect(colleagueRows[0].date).toBe('2026-03-02');
    expect((await t.as(stranger.account).get(`${BASE}/attendance/history`)).json().pagination.total).toBe(1);
  });

  it('filters by local days and checks the range', async () => {
    const { employee } = await officeEmployee(t);
    await addRecord(t, employee, '2026-03-02', { in: '09:00' });
    await addRecord(t, employee, '2026-03-10', { in: '09:00' });
    const res = await t.as(employee.account).get(`${BASE}/attendance/history?startDate=2026-03-05&endDate=2026-03-31`);
    expect(res.json().data.map((r: { date: string }) => r.date)).toEqual(['2026-03-10']);
    const bad = await t.as(employee.account).get(`${BASE}/attendance/history?startDate=2026-03-31&endDate=2026-03-05`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La fecha Desde no puede ser posterior a la fecha Hasta');
    const badPage = await t.as(employee.account).get(`${BASE}/attendance/history?page=0`);
    expect(badPage.statusCode).toBe(400);
  });
});
