import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, isoWeekday, localToInstant, monthRange, parseHhmm, toLocal } from '@presente/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { attendanceArchive, attendanceRecords, employeeSchedulePeriods, employees, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { companyDashboard } from '../dashboard/dashboard.service.js';
import { snapshotPeriods } from './periods.js';

/**
 * Attendance history (docs/decisions/0013-attendance-history.md): what applied to an employee is kept per
 * day, so changing a schedule, moving or deactivating an employee today never rewrites a past month, and
 * deleted records are archived, not lost. Dates are relative to the real "today" in Lima, as the writes
 * record their periods from the database's clock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const LIMA = 'America/Lima';
const ctxOf = (u: TestUser): Ctx => ({
  db: t.db,
  deps: t.deps,
  lang: 'es',
  ip: '127.0.0.1',
  userAgent: 'test',
  publicUrl: 'http://x',
  log: pino({ level: 'silent' }),
  actor: { userId: u.id, sessionId: 's', role: u.role, companyId: u.companyId, name: u.name, email: u.email },
});
const ADMIN = '/api/company-admin-simple';
const today = () => toLocal(new Date(), LIMA).date;
/** Year and month of the month before the current one (Lima). */
function lastMonth() {
  const [y, m] = today().split('-').map(Number);
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}
/** The first Monday of last month and the days after it: a week fully inside that month. */
function weekOfLastMonth() {
  const { year, month } = lastMonth();
  let mon = monthRange(year, month).start;
  while (isoWeekday(mon) !== 1) mon = addDays(mon, 1);
  return { year, month, mon, tue: addDays(mon, 1), wed: addDays(mon, 2), thu: addDays(mon, 3), sat: addDays(mon, 5), sun: addDays(mon, 6) };
}
const scheduleBody = (over: Record<string, unknown> = {}) => ({
  name: 'Oficina',
  startTime: '09:00',
  endTime: '18:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  ...over,
});

async function company() {
  const c = await t.factories.company({ timezone: LIMA, plan: 'PREMIUM', maxEmployees: -1 });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const office = await t.factories.schedule(c.id, scheduleBody());
  const other = await t.factories.schedule(
    c.id,
    scheduleBody({ name: 'Tarde', startTime: '14:00', endTime: '22:00', breakStartTime: null, breakEndTime: null }),
  );
  const ana = await t.factories.employee(c.id, { firstName: 'Ana', lastName: 'Alva', scheduleId: office.id });
  return { c, admin, office, other, ana };
}

/** Last month's week: on time Monday, late Tuesday, nothing Wednesday, early Thursday (all by the office rules). */
async function lastMonthRecords(admin: TestUser, employeeId: string) {
  const w = weekOfLastMonth();
  for (const [date, checkIn] of [
    [w.mon, '09:10'],
    [w.tue, '09:40'],
    [w.thu, '08:45'],
  ]) {
    const res = await t.as(admin).post(`${ADMIN}/attendance`, { employeeId, date, checkIn, checkOut: '18:00', reason: 'Registro' });
    expect(res.statusCode).toBe(201);
  }
  return w;
}

const employeeBody = (e: typeof employees.$inferSelect, over: Record<string, unknown>) => ({
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.email,
  employeeCode: e.employeeCode,
  documentType: e.documentType,
  documentNumber: e.documentNumber,
  scheduleId: e.scheduleId,
  status: e.status,
  hireDate: e.hireDate,
  ...over,
});

async function calendarRow(admin: TestUser, year: number, month: number, employeeId: string) {
  const res = await t.as(admin).get(`${ADMIN}/attendance/monthly-calendar?month=${month}&year=${year}&employeeId=${employeeId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as
    | { days: { date: string; status: string; workHours: number | null }[]; stats: Record<string, number>; periods: { from: string; active: boolean }[] }
    | undefined;
}

/** Everything that shows last month: the admin's calendar, weekly summary and report periods, the employee's stats, calendar and history. */
async function lastMonthViews(admin: TestUser, employee: { id: string; account: TestUser }) {
  const w = weekOfLastMonth();
  const { start, end } = monthRange(w.year, w.month);
  const row = await calendarRow(admin, w.year, w.month, employee.id);
  const get = async (who: TestUser, url: string) => {
    const res = await t.as(who).get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };
  return {
    days: row?.days,
    stats: row?.stats,
    weekly: await get(admin, `${ADMIN}/attendance/weekly-summary?startDate=${w.mon}&endDate=${w.sun}`),
    periods: await get(admin, `${ADMIN}/employees/${employee.id}/schedule-periods?startDate=${start}&endDate=${end}`),
    employeeStats: await get(employee.account, `/api/employee/attendance/stats?period=month&year=${w.year}&month=${w.month}`),
    employeeCalendar: await get(employee.account, `/api/employee/attendance/calendar?year=${w.year}&month=${w.month}`),
    history: await get(employee.account, `/api/employee/attendance/history?startDate=${start}&endDate=${end}`),
  };
}

describe('a change today does not rewrite last month', () => {
  it('schedule rules, another schedule, a deactivated schedule: last month keeps its statuses, hours and figures everywhere', async () => {
    const { admin, office, other, ana } = await company();
    const w = await lastMonthRecords(admin, ana.id);
    const before = await lastMonthViews(admin, ana);

    // What last month looked like, by the office rules (tolerance 15, early window 30, Monday-Friday).
    const byDate = new Map(before.days!.map((d) => [d.date, d]));
    expect(byDate.get(w.mon)).toMatchObject({ status: 'present', workHours: 7.83 });
    expect(byDate.get(w.tue)).toMatchObject({ status: 'late', workHours: 7.33 });
    expect(byDate.get(w.wed)?.status).toBe('absent');
    expect(byDate.get(w.thu)?.status).toBe('early');
    expect(byDate.get(w.sat)?.status).toBe('day_off');
    expect(before.weekly.days[0]).toMatchObject({ date: w.mon, present: 1 });
    expect(before.employeeStats.counts).toMatchObject({ present: 1, late: 1, early: 1, absent: before.stats!.absent });
    // The employee's screens and the admin's agree day by day.
    expect(before.employeeCalendar.days.map((d: { status: string }) => d.status)).toEqual(before.days!.map((d) => d.status));
    expect(before.history.map((r: { date: string; status: string }) => [r.date, r.status])).toEqual([
      [w.thu, 'early'],
      [w.tue, 'late'],
      [w.mon, 'present'],
    ]);

    // Today: a later start with no tolerance and every day a work day; then Ana moves to another schedule and the office one is switched off.
    const changed = await t
      .as(admin)
      .put(`${ADMIN}/schedules/${office.id}`, scheduleBody({ startTime: '10:00', lateToleranceMinutes: 0, workDays: '1,2,3,4,5,6,7' }));
    expect(changed.statusCode).toBe(200);
    expect(await lastMonthViews(admin, ana)).toEqual(before);
    const [current] = await t.db.select().from(employees).where(eq(employees.id, ana.id));
    expect((await t.as(admin).put(`${ADMIN}/employees/${ana.id}`, employeeBody(current, { scheduleId: other.id }))).statusCode).toBe(200);
    expect((await t.as(admin).put(`${ADMIN}/schedules/${office.id}`, scheduleBody({ isActive: false }))).statusCode).toBe(200);
    expect(await lastMonthViews(admin, ana)).toEqual(before);
    // A record made now for last month is judged by last month's rules (09:40 is late against 09:00 + 15, not early against 14:00).
    const made = await t
      .as(admin)
      .post(`${ADMIN}/attendance`, { employeeId: ana.id, date: w.wed, checkIn: '09:40', checkOut: '18:00', reason: 'Olvidó marcar' });
    expect(made.json().data).toMatchObject({ status: 'late', workHours: 7.33 });
    expect((await calendarRow(admin, w.year, w.month, ana.id))?.days.find((d) => d.date === w.wed)).toMatchObject({ status: 'late', workHours: 7.33 });

    // From today on the new state applies: one period from the hire date, one from today (three changes the same day: one row).
    const rows = await t.db
      .select()
      .from(employeeSchedulePeriods)
      .where(eq(employeeSchedulePeriods.employeeId, ana.id))
      .orderBy(asc(employeeSchedulePeriods.validFrom));
    expect(rows.map((p) => [p.validFrom, p.active, p.scheduleId, p.schedule?.startTime])).toEqual([
      ['2020-01-01', true, office.id, '09:00'],
      [today(), true, other.id, '14:00'],
    ]);
    const { year, month } = { year: Number(today().slice(0, 4)), month: Number(today().slice(5, 7)) };
    const thisMonth = await calendarRow(admin, year, month, ana.id);
    expect(thisMonth?.periods.at(-1)).toMatchObject({ from: today(), active: true, schedule: { id: other.id, startTime: '14:00', workDays: '1,2,3,4,5' } });
  });

  it('an unchanged save writes nothing; a change and its undo the same day leave one period equal to the old rules', async () => {
    const { admin, office, ana } = await company();
    const periods = async () =>
      (
        await t.db.select().from(employeeSchedulePeriods).where(eq(employeeSchedulePeriods.employeeId, ana.id)).orderBy(asc(employeeSchedulePeriods.validFrom))
      ).map((p) => [p.validFrom, p.schedule?.lateToleranceMinutes]);
    expect(await periods()).toEqual([['2020-01-01', 15]]);
    expect((await t.as(admin).put(`${ADMIN}/schedules/${office.id}`, scheduleBody())).statusCode).toBe(200);
    expect(await periods()).toEqual([['2020-01-01', 15]]);
    expect((await t.as(admin).put(`${ADMIN}/schedules/${office.id}`, scheduleBody({ lateToleranceMinutes: 5 }))).statusCode).toBe(200);
    expect(await periods()).toEqual([
      ['2020-01-01', 15],
      [today(), 5],
    ]);
    expect(await t.as(admin).put(`${ADMIN}/schedules/${office.id}`, scheduleBody())).toMatchObject({ statusCode: 200 });
    expect(await periods()).toEqual([
      ['2020-01-01', 15],
      [today(), 15],
    ]);
  });
});

describe('inactive and deleted employees', () => {
  it('a deactivation in the middle of last month: the days after are not absences, in the calendar, the weekly summary and the dashboard', async () => {
    const { admin, ana } = await company();
    const w = await lastMonthRecords(admin, ana.id);
    const [current] = await t.db.select().from(employees).where(eq(employees.id, ana.id));
    expect((await t.as(admin).put(`${ADMIN}/employees/${ana.id}`, employeeBody(current, { status: 'INACTIVE' }))).statusCode).toBe(200);
    const [recorded] = await t.db
      .select()
      .from(employeeSchedulePeriods)
      .where(and(eq(employeeSchedulePeriods.employeeId, ana.id), eq(employeeSchedulePeriods.validFrom, today())));
    expect(recorded).toMatchObject({ active: false });
    // As if that deactivation had been recorded on last month's Wednesday.
    await t.db
      .update(employeeSchedulePeriods)
      .set({ validFrom: w.wed })
      .where(and(eq(employeeSchedulePeriods.employeeId, ana.id), eq(employeeSchedulePeriods.validFrom, today())));

    const row = (await calendarRow(admin, w.year, w.month, ana.id))!;
    const status = (date: string) => row.days.find((d) => d.date === date)?.status;
    expect(status(w.mon)).toBe('present');
    expect(status(w.tue)).toBe('late');
    expect(status(w.wed)).toBe('day_off'); // inactive from that day: not an absence
    expect(status(w.thu)).toBe('early'); // a record while inactive still counts
    expect(status(addDays(w.mon, 7))).toBe('day_off');
    expect(row.days.filter((d) => d.date < w.mon && d.status === 'absent').length).toBe(row.stats.absent);
    expect(row.periods.map((p) => [p.from, p.active])).toEqual([
      [monthRange(w.year, w.month).start, true],
      [w.wed, false],
    ]);
    const weekly = (await t.as(admin).get(`${ADMIN}/attendance/weekly-summary?startDate=${w.mon}&endDate=${w.sun}`)).json().data;
    expect(weekly.employees).toBe(1);
    expect(weekly.totals).toMatchObject({ present: 1, late: 1, early: 1, absent: 0, day_off: 4 });
    // A week entirely after the deactivation: nobody to count.
    const later = (await t.as(admin).get(`${ADMIN}/attendance/weekly-summary?startDate=${addDays(w.mon, 7)}&endDate=${addDays(w.sun, 7)}`)).json().data;
    expect(later).toMatchObject({ employees: 0, totals: { absent: 0 } });
    // The dashboard's month as it stood on that Sunday evening: the absences before Monday, three attended days, none after.
    const dashboard = await companyDashboard(ctxOf(admin), localToInstant(w.sun, parseHhmm('20:00'), LIMA));
    const attended = 3;
    expect(dashboard.monthlyStats.attendancePercentage).toBe(Math.round((attended / (attended + row.stats.absent)) * 100));
    expect(dashboard).toMatchObject({ totalEmployees: 1, activeEmployees: 0 });
  });

  it('a deleted employee stays in the months they worked (with their records), not in later months', async () => {
    const { c, admin, ana } = await company();
    const w = await lastMonthRecords(admin, ana.id);
    expect((await t.as(admin).delete(`${ADMIN}/employees/${ana.id}`)).statusCode).toBe(200);
    // As if deleted last month on Friday (the service records the inactive period the day it deletes).
    const fri = addDays(w.mon, 4);
    await t.db
      .update(employees)
      .set({ deletedAt: localToInstant(fri, parseHhmm('12:00'), LIMA) })
      .where(eq(employees.id, ana.id));
    await t.db
      .update(employeeSchedulePeriods)
      .set({ validFrom: fri })
      .where(and(eq(employeeSchedulePeriods.employeeId, ana.id), eq(employeeSchedulePeriods.validFrom, today())));

    const row = (await calendarRow(admin, w.year, w.month, ana.id))!;
    expect(row).toBeDefined();
    expect(row.days.find((d) => d.date === w.mon)?.status).toBe('present');
    expect(row.days.find((d) => d.date === w.tue)?.status).toBe('late');
    expect(row.days.find((d) => d.date === w.wed)?.status).toBe('absent'); // still employed: an absence
    expect(row.days.find((d) => d.date === fri)?.status).toBe('day_off'); // deleted that day
    expect(row.days.find((d) => d.date === addDays(w.mon, 7))?.status).toBe('day_off');
    expect(row.stats).toMatchObject({ present: 1, late: 1, early: 1 });
    const { year, month } = { year: Number(today().slice(0, 4)), month: Number(today().slice(5, 7)) };
    expect(await calendarRow(admin, year, month, ana.id)).toBeUndefined();
    const whole = (await t.as(admin).get(`${ADMIN}/attendance/monthly-calendar?month=${w.month}&year=${w.year}`)).json();
    expect(whole.pagination.total).toBe(1);
    // The employees list does not bring them back.
    expect((await t.as(admin).get(`${ADMIN}/employees`)).json().data).toHaveLength(0);
    expect(c).toBeDefined();
  });
});

describe('DELETE /attendance/:id archives the record', () => {
  it('moves the whole row to the archive with who, when and why; it no longer counts and the day can be recorded again', async () => {
    const { c, admin, ana } = await company();
    const w = await lastMonthRecords(admin, ana.id);
    const [record] = await t.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.employeeId, ana.id), eq(attendanceRecords.date, w.tue)));
    await t.db
      .update(attendanceRecords)
      .set({ evidence: { checkIn: { distance: 12 } } })
      .where(eq(attendanceRecords.id, record.id));

    // Another company's admin: not found, nothing moves.
    const stranger = await t.factories.companyAdmin();
    expect((await t.as(stranger).delete(`${ADMIN}/attendance/${record.id}?reason=x`)).statusCode).toBe(404);
    expect(await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.id, record.id))).toHaveLength(0);

    // Without a reason the spec's call is accepted and logged as "sin motivo indicado" (decision 0046; spec-contract tests).
    expect((await t.as(admin).delete(`${ADMIN}/attendance/${record.id}?reason=${encodeURIComponent('Marcado por error')}`)).statusCode).toBe(200);
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, record.id))).toHaveLength(0);
    const [archived] = await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.id, record.id));
    expect(archived).toMatchObject({ companyId: c.id, employeeId: ana.id, date: w.tue, deletedByUserId: admin.id, reason: 'Marcado por error' });
    expect(archived.record).toMatchObject({
      id: record.id,
      date: w.tue,
      status: 'late',
      is_manual: true,
      manual_reason: 'Registro',
      evidence: { checkIn: { distance: 12 } },
    });
    expect(Date.now() - archived.deletedAt.getTime()).toBeLessThan(60_000);

    // It no longer counts: Tuesday is an absence again; and it can be recorded anew.
    const row = (await calendarRow(admin, w.year, w.month, ana.id))!;
    expect(row.days.find((d) => d.date === w.tue)).toMatchObject({ status: 'absent', workHours: null });
    const again = await t.as(admin).post(`${ADMIN}/attendance`, { employeeId: ana.id, date: w.tue, checkIn: '09:00', reason: 'Corregido' });
    expect(again.statusCode).toBe(201);
    // Deleting an admin's user keeps the archive (who deleted becomes unknown).
    await t.db.delete(users).where(eq(users.id, admin.id));
    expect((await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.id, record.id)))[0].deletedByUserId).toBeNull();
  });
});

describe('GET /employees/:id/schedule-periods', () => {
  it('401 without a session, 400 on bad dates, 404 for another company, else the periods of the range', async () => {
    const { admin, office, ana } = await company();
    const url = (id: string, q = 'startDate=2026-01-01&endDate=2026-01-31') => `${ADMIN}/employees/${id}/schedule-periods?${q}`;
    expect((await t.anon.get(url(ana.id))).statusCode).toBe(401);
    const bad = await t.as(admin).get(url(ana.id, 'startDate=2026-02-01&endDate=2026-01-01'));
    expect(bad.statusCode).toBe(400);
    const stranger = await t.factories.companyAdmin();
    expect((await t.as(stranger).get(url(ana.id))).statusCode).toBe(404);
    // Two earlier periods than the range: only the one in effect on the first day, then the changes inside it.
    await t.db.insert(employeeSchedulePeriods).values([
      { companyId: ana.companyId, employeeId: ana.id, validFrom: '2025-12-20', active: false, scheduleId: office.id, schedule: null },
      { companyId: ana.companyId, employeeId: ana.id, validFrom: '2026-01-10', active: true, scheduleId: office.id, schedule: null },
      { companyId: ana.companyId, employeeId: ana.id, validFrom: '2026-02-10', active: false, scheduleId: null, schedule: null },
    ]);
    const data = (await t.as(admin).get(url(ana.id))).json().data;
    expect(data.map((p: { validFrom: string; active: boolean }) => [p.validFrom, p.active])).toEqual([
      ['2025-12-20', false],
      ['2026-01-10', true],
    ]);
  });
});

describe('the migration backfill', () => {
  it('gives every existing employee one period from their current state, and deleted ones an inactive period from their deletion day', async () => {
    const { c, office } = await company();
    const add = async (over: Partial<typeof employees.$inferInsert>) => {
      const n = Math.random().toString(36).slice(2, 8);
      const [row] = await t.db
        .insert(employees)
        .values({ companyId: c.id, firstName: 'X', lastName: n, email: `${n}@x.pe`, employeeCode: n, scheduleId: office.id, ...over })
        .returning();
      return row;
    };
    const created = new Date('2025-03-10T15:00:00Z');
    const active = await add({ hireDate: '2024-01-01', createdAt: created });
    const inactive = await add({ status: 'INACTIVE', createdAt: created });
    const deleted = await add({ status: 'INACTIVE', createdAt: created, deletedAt: new Date('2025-06-02T03:00:00Z') }); // 1 June in Lima
    const sameDay = await add({ status: 'INACTIVE', createdAt: created, deletedAt: new Date('2025-03-10T20:00:00Z') });
    const sqlText = readFileSync(join(MIGRATIONS_DIR, '0004_history.sql'), 'utf8');
    const handWritten = sqlText.slice(sqlText.indexOf('-- hand-written:')).split('--> statement-breakpoint');
    for (const statement of handWritten) await t.db.execute(sql.raw(statement));
    const periods = async (id: string) =>
      (await t.db.select().from(employeeSchedulePeriods).where(eq(employeeSchedulePeriods.employeeId, id)).orderBy(asc(employeeSchedulePeriods.validFrom))).map(
        (p) => [p.validFrom, p.active, p.schedule?.startTime ?? null],
      );
    expect(await periods(active.id)).toEqual([['2024-01-01', true, '09:00']]);
    expect(await periods(inactive.id)).toEqual([['2025-03-10', false, '09:00']]);
    expect(await periods(deleted.id)).toEqual([
      ['2025-03-10', true, '09:00'],
      ['2025-06-01', false, '09:00'],
    ]);
    expect(await periods(sameDay.id)).toEqual([['2025-03-10', false, '09:00']]);
    // Run twice (a retried migration): nothing doubles.
    for (const statement of handWritten) await t.db.execute(sql.raw(statement));
    expect(await periods(deleted.id)).toHaveLength(2);
  });

  it('snapshotPeriods can record a given day and leaves an unchanged state alone', async () => {
    const { c, ana } = await company();
    await snapshotPeriods(t.db, c.id, { employeeIds: [ana.id] }, { today: '2026-01-05' });
    expect(await t.db.select().from(employeeSchedulePeriods).where(eq(employeeSchedulePeriods.employeeId, ana.id))).toHaveLength(1);
    await t.db.update(employees).set({ status: 'INACTIVE' }).where(eq(employees.id, ana.id));
    await snapshotPeriods(t.db, c.id, { employeeIds: [ana.id] }, { today: '2026-01-05' });
    const rows = await t.db
      .select()
      .from(employeeSchedulePeriods)
      .where(eq(employeeSchedulePeriods.employeeId, ana.id))
      .orderBy(asc(employeeSchedulePeriods.validFrom));
    expect(rows.map((p) => [p.validFrom, p.active])).toEqual([
      ['2020-01-01', true],
      ['2026-01-05', false],
    ]);
  });
});
