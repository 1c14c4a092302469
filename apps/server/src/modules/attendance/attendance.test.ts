import { localToInstant } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple/attendance';
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

async function company() {
  const c = await t.factories.company({ timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const schedule = await t.factories.schedule(c.id, {
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5',
  });
  const ventas = await t.factories.department(c.id, 'Ventas');
  const ana = await t.factories.employee(c.id, { firstName: 'Ana', lastName: 'Alva', scheduleId: schedule.id, departmentId: ventas.id, position: 'Cajera' });
  const beto = await t.factories.employee(c.id, { firstName: 'Beto', lastName: 'Bravo', scheduleId: schedule.id, position: 'Almacén' });
  return { c, admin, schedule, ventas, ana, beto };
}

describe('manual attendance (POST/PUT/DELETE /attendance)', () => {
  it('a record on a non-work day is worked, not late or early: stored, in the calendar and in the day modal', async () => {
    const { admin, ana } = await company();
    // Saturday 7 March 2026; the schedule works Monday-Friday from 09:00 (tolerance 15).
    const res = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-07', checkIn: '11:00', checkOut: '14:00', reason: 'Inventario' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'present' });
    const row = (await t.as(admin).get(`${base}/monthly-calendar?month=3&year=2026&employeeName=ana`)).json().data[0];
    expect(row.days[6]).toMatchObject({ date: '2026-03-07', status: 'present', attendance: { status: 'present' } });
    expect(row.days[7]).toMatchObject({ date: '2026-03-08', status: 'day_off', attendance: null });
    expect(row.stats).toMatchObject({ late: 0, early: 0, present: 1 });
  });

  it('validates: date format, check-in unless permission', async () => {
    const { admin, ana } = await company();
    const bad = await t.as(admin).post(base, { employeeId: ana.id, date: '04/03/2026', checkIn: '09:00', reason: 'x' });
    expect(bad.json().errors).toContainEqual({ path: 'date', message: 'Formato inválido' });
    const noIn = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '', reason: 'x' });
    expect(noIn.json().message).toBe('Debe ingresar al menos la hora de entrada para crear una asistencia.');
    // A missing reason is accepted since issue 20 (the spec's payload has notes): spec-contract/deviations.test.ts.
    // Only HH:mm or a full ISO 8601 instant with its zone: "1" used to be read as the year 2001.
    const one = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '1', reason: 'x' });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toContainEqual({ path: 'checkIn', message: 'Formato inválido (HH:mm)' });
    const noZone = await t
      .as(admin)
      .post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '09:00', checkOut: '2026-03-04T18:00:00', reason: 'x' }, { 'accept-language': 'en' });
    expect(noZone.json().errors).toContainEqual({ path: 'checkOut', message: 'Invalid format (HH:mm)' });
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.employeeId, ana.id) })).toBeUndefined();
    // A full timestamp with its zone is taken as the instant it names.
    const iso = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '2026-03-04T09:05:00-05:00', reason: 'x' });
    expect(iso.json().data).toMatchObject({ checkIn: '2026-03-04T14:05:00.000Z', status: 'present' });
    // A timestamp of another day is refused (from the day before to the day after the date, in the company's zone).
    const farIn = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-05', checkIn: '2026-04-05T09:00:00-05:00', reason: 'x' });
    expect(farIn.statusCode).toBe(400);
    expect(farIn.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'checkIn', message: 'La hora no corresponde a la fecha de la asistencia' }],
    });
    const farOut = await t
      .as(admin)
      .post(
        base,
        { employeeId: ana.id, date: '2026-03-05', checkIn: '09:00', checkOut: '2026-03-07T00:00:00-05:00', reason: 'x' },
        { 'accept-language': 'en' },
      );
    expect(farOut.json().errors).toEqual([{ path: 'checkOut', message: "The time does not belong to the attendance record's date" }]);
    expect((await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, ana.id))).map((r) => r.date)).toEqual(['2026-03-04']);
    // The edges: 23:50 the evening before (an early arrival for a midnight shift) and 23:59 the day after are accepted.
    const edges = await t
      .as(admin)
      .post(base, { employeeId: ana.id, date: '2026-03-05', checkIn: '2026-03-04T23:50:00-05:00', checkOut: '2026-03-06T23:59:00-05:00', reason: 'x' });
    expect(edges.statusCode).toBe(201);
  });

  it('creates from local HH:mm in the company timezone, judges it, and logs it with the reason', async () => {
    const { c, admin, ana } = await company();
    const res = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '09:30', checkOut: '18:00', reason: 'Olvidó marcar' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'late', checkIn: '2026-03-04T14:30:00.000Z', workHours: 7.5, isManual: true, method: 'manual' });
    expect(res.json().data.manualReason).toBe('Olvidó marcar');
    // The reason reaches the day modal and the reports (they read the employee's records).
    const listed = (await t.as(admin).get(`/api/company-admin-simple/employees/${ana.id}/attendance?startDate=2026-03-04&endDate=2026-03-04`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ date: '2026-03-04', isManual: true, incomplete: false, manualReason: 'Olvidó marcar' })]);
    const other = await company();
    expect((await t.as(other.admin).get(`/api/company-admin-simple/employees/${ana.id}/attendance`)).statusCode).toBe(404);
    const dup = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-04', checkIn: '09:00', reason: 'x' });
    expect(dup.statusCode).toBe(409);
    const [log] = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, ana.id));
    expect(log).toMatchObject({ type: 'attendance_edit', actorUserId: admin.id, details: { reason: 'Olvidó marcar', previousValues: null } });
    expect(t.events.emitted.some((e) => e.room === `company_admin_${c.id}` && e.event === 'attendance_update')).toBe(true);
  });

  it('refuses a check-out before the check-in on a day shift (es/en), in POST and PUT; nothing is saved', async () => {
    const { admin, ana } = await company();
    // 18:00 -> 09:00 on a 09:00-18:00 shift used to save a 15 h record ending the next morning.
    const res = await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-09', checkIn: '18:00', checkOut: '09:00', reason: 'Olvidó marcar' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'La salida debe ser posterior a la entrada',
      errors: [{ path: 'checkOut', message: 'La salida debe ser posterior a la entrada' }],
    });
    const en = await t
      .as(admin)
      .post(base, { employeeId: ana.id, date: '2026-03-09', checkIn: '18:00', checkOut: '09:00', reason: 'x' }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Check-out must be after check-in');
    // The same time twice is no shift either.
    expect((await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-09', checkIn: '09:00', checkOut: '09:00', reason: 'x' })).statusCode).toBe(400);
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.employeeId, ana.id) })).toBeUndefined();

    const created = (await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-09', checkIn: '09:00', checkOut: '18:00', reason: 'x' })).json().data;
    const put = await t.as(admin).put(`${base}/${created.id}`, { employeeId: ana.id, date: '2026-03-09', checkIn: '18:00', checkOut: '09:00', reason: 'y' });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toContainEqual({ path: 'checkOut', message: 'La salida debe ser posterior a la entrada' });
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.id, created.id) })).toMatchObject({ workHours: '8.00' });
  });

  it('on a night shift a check-out earlier than the check-in is the next morning', async () => {
    const { c, admin } = await company();
    const night = await t.factories.schedule(c.id, { startTime: '22:00', endTime: '06:00', workDays: '1,2,3,4,5' });
    const guard = await t.factories.employee(c.id, { firstName: 'Guido', lastName: 'Guardia', scheduleId: night.id });
    const res = await t.as(admin).post(base, { employeeId: guard.id, date: '2026-03-09', checkIn: '22:00', checkOut: '06:00', reason: 'Olvidó marcar' });
    expect(res.statusCode).toBe(201);
    // Lima is UTC-5: 22:00 on the 9th and 06:00 on the 10th.
    expect(res.json().data).toMatchObject({ date: '2026-03-09', checkIn: '2026-03-10T03:00:00.000Z', checkOut: '2026-03-10T11:00:00.000Z', workHours: 8 });
    // Same time in and out is not a 24 h shift.
    const same = await t
      .as(admin)
      .put(`${base}/${res.json().data.id}`, { employeeId: guard.id, date: '2026-03-09', checkIn: '22:00', checkOut: '22:00', reason: 'x' });
    expect(same.statusCode).toBe(400);
  });

  it('a justified permission takes the schedule hours and the default note', async () => {
    const { admin, beto } = await company();
    const res = await t.as(admin).post(base, { employeeId: beto.id, date: '2026-03-05', isPermission: true, reason: 'Cita médica' });
    expect(res.json().data).toMatchObject({
      status: 'permission',
      isPermission: true,
      notes: 'Permiso justificado',
      checkIn: '2026-03-05T14:00:00.000Z',
      checkOut: '2026-03-05T23:00:00.000Z',
      workHours: 8,
    });
  });

  it('edits keep previous values; delete keeps its reason and the record in the log', async () => {
    const { admin, ana } = await company();
    const created = (await t.as(admin).post(base, { employeeId: ana.id, date: '2026-03-06', checkIn: '09:00', reason: 'Manual' })).json().data;
    const upd = await t
      .as(admin)
      .put(`${base}/${created.id}`, { employeeId: ana.id, date: '2026-03-06', checkIn: '08:45', checkOut: '18:00', reason: 'Corrección' });
    expect(upd.json().data).toMatchObject({ status: 'early', workHours: 8 });
    const logs = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, ana.id));
    const edit = logs.find((l) => (l.details as { reason: string }).reason === 'Corrección')!;
    expect(edit.details).toMatchObject({ previousValues: { checkIn: '2026-03-06T14:00:00.000Z', checkOut: null } });
    // A DELETE without a reason is accepted since issue 20 ("sin motivo indicado"): spec-contract/deviations.test.ts.
    expect((await t.as(admin).delete(`${base}/${created.id}?reason=Duplicado`)).statusCode).toBe(200);
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.id, created.id) })).toBeUndefined();
    const del = (await t.db.select().from(activityLog).where(eq(activityLog.employeeId, ana.id))).find((l) => l.title === 'activity.deletedByAdmin')!;
    expect(del.details).toMatchObject({ reason: 'Duplicado', deletedRecord: { id: created.id } });
  });

  it("refuses future dates and another company's employee or record", async () => {
    const { admin, ana } = await company();
    const future = await t.as(admin).post(base, { employeeId: ana.id, date: '2099-01-01', checkIn: '09:00', reason: 'x' });
    expect(future.json().message).toBe('No se puede registrar asistencia en una fecha futura');
    const other = await company();
    expect((await t.as(admin).post(base, { employeeId: other.ana.id, date: '2026-03-04', checkIn: '09:00', reason: 'x' })).statusCode).toBe(404);
    const theirs = (await t.as(other.admin).post(base, { employeeId: other.ana.id, date: '2026-03-04', checkIn: '09:00', reason: 'x' })).json().data;
    expect((await t.as(admin).put(`${base}/${theirs.id}`, { employeeId: ana.id, date: '2026-03-04', checkIn: '10:00', reason: 'x' })).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${base}/${theirs.id}?reason=x`)).statusCode).toBe(404);
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.id, theirs.id) })).toBeDefined();
  });
});

describe('GET /attendance/monthly-calendar and weekly-summary', () => {
  it('gives every day of the month a status per employee, with filters and paging', async () => {
    const { c, admin, ana, beto, ventas } = await company();
    await t.db.insert(attendanceRecords).values([
      {
        companyId: c.id,
        employeeId: ana.id,
        date: '2026-02-02',
        checkIn: lima('2026-02-02', '09:00'),
        checkOut: lima('2026-02-02', '18:00'),
        workHours: '8.00',
        status: 'present',
      },
      { companyId: c.id, employeeId: ana.id, date: '2026-02-03', checkIn: lima('2026-02-03', '09:40'), status: 'late' },
    ]);
    const res = await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026&page=1&limit=10`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination).toMatchObject({ total: 2, pages: 1 });
    const anaRow = data.find((r: { employeeId: string }) => r.employeeId === ana.id);
    expect(anaRow.days).toHaveLength(28);
    // The exports tell rest days by the schedule's work days (a record on a rest day is 'present').
    expect(anaRow.schedule).toMatchObject({ startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5' });
    expect(anaRow.days[0]).toMatchObject({ date: '2026-02-01', status: 'day_off' });
    expect(anaRow.days[1]).toMatchObject({ date: '2026-02-02', status: 'present', workHours: 8 });
    expect(anaRow.days[2]).toMatchObject({ status: 'late', attendance: { checkOut: null } });
    expect(anaRow.days[3].status).toBe('absent');
    expect(anaRow.stats).toMatchObject({ present: 1, late: 1, absent: 18, day_off: 8 });
    const filtered = (await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026&departmentId=${ventas.id}`)).json().data;
    expect(filtered.map((r: { employeeId: string }) => r.employeeId)).toEqual([ana.id]);
    expect((await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026&position=Almac%C3%A9n`)).json().data[0].employeeId).toBe(beto.id);
    expect((await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026&employeeName=beto`)).json().data).toHaveLength(1);
    const page2 = (await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026&page=2&limit=1`)).json();
    expect(page2.data[0].employeeId).toBe(beto.id);
    expect((await t.as(admin).get(`${base}/monthly-calendar?month=13&year=2026`)).statusCode).toBe(400);
  });

  it("shows holidays for the schedules they apply to and never another company's employees", async () => {
    const { c, admin, schedule } = await company();
    await t.factories.holiday(c.id, { date: '2026-02-10', name: 'Aniversario' });
    await company(); // another company with employees
    const data = (await t.as(admin).get(`${base}/monthly-calendar?month=2&year=2026`)).json().data;
    expect(data).toHaveLength(2);
    expect(data[0].days[9]).toMatchObject({ date: '2026-02-10', status: 'holiday', holiday: { name: 'Aniversario' } });
    expect(schedule).toBeDefined();
  });

  it('sums a range per day', async () => {
    const { c, admin, ana } = await company();
    await t.db
      .insert(attendanceRecords)
      .values({ companyId: c.id, employeeId: ana.id, date: '2026-02-02', checkIn: lima('2026-02-02', '08:50'), status: 'early' });
    const res = (await t.as(admin).get(`${base}/weekly-summary?startDate=2026-02-02&endDate=2026-02-08`)).json().data;
    expect(res.days).toHaveLength(7);
    expect(res.days[0]).toMatchObject({ date: '2026-02-02', early: 1, absent: 1 });
    expect(res.totals).toMatchObject({ early: 1, absent: 9, day_off: 4 });
    expect((await t.as(admin).get(`${base}/weekly-summary?startDate=2026-01-01&endDate=2026-06-01`)).statusCode).toBe(400);
  });
});
