import { toLocal } from '@presente/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { employeeDashboard } from './overview.service.js';
import { attendanceStats } from './stats.service.js';
import { addRecord, BASE, ctxOf, LIMA, local, officeEmployee } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/**
 * March 2026 in Lima (UTC-5), Mon-Fri 09:00-18:00 with a 13:00-14:00 break. 1 March is a Sunday.
 * Mon 2 early (08:45, judged in Lima: in UTC it would be late), Tue 3 late, Wed 4 present, Thu 5 permission,
 * Fri 6 holiday, the other 17 weekdays absent, 9 weekend days off. Plus Fri 27 February 09:00-17:00.
 */
async function march() {
  const { employee, companyId } = await officeEmployee(t);
  await t.factories.holiday(companyId, { name: 'Feriado regional', date: '2026-03-06' });
  await addRecord(t, employee, '2026-02-27', { in: '09:00', out: '17:00' });
  await addRecord(t, employee, '2026-03-02', { in: '08:45', out: '18:00' });
  await addRecord(t, employee, '2026-03-03', { in: '09:20', out: '18:00' });
  await addRecord(t, employee, '2026-03-04', { in: '09:00', out: '18:00', status: 'present', workHours: '8.00' });
  await addRecord(t, employee, '2026-03-05', { in: '09:00', out: '18:00', status: 'permission', isPermission: true, workHours: '8.00' });
  const colleague = (await officeEmployee(t, {}, companyId)).employee;
  await addRecord(t, colleague, '2026-03-09', { in: '09:00', out: '18:00' });
  const stranger = (await officeEmployee(t)).employee;
  await addRecord(t, stranger, '2026-03-10', { in: '09:00', out: '18:00' });
  return { employee, colleague, stranger, companyId };
}

const MARCH_COUNTS = { present: 1, early: 1, late: 1, permission: 1, holiday: 1, absent: 17, day_off: 9, pending: 0 };

describe('calendar', () => {
  it('has every day of the month with its status by the shared rules, in the company timezone', async () => {
    const { employee, colleague } = await march();
    const res = await t.as(employee.account).get(`${BASE}/attendance/calendar?month=3&year=2026`);
    expect(res.statusCode).toBe(200);
    const { days, stats, timezone } = res.json().data;
    expect(timezone).toBe(LIMA);
    expect(days).toHaveLength(31);
    const byDate = Object.fromEntries(days.map((d: { date: string }) => [d.date, d]));
    expect(byDate['2026-03-01']).toMatchObject({ status: 'day_off', record: null, workHours: null });
    expect(byDate['2026-03-02']).toMatchObject({ status: 'early', workHours: 8, record: { date: '2026-03-02' } });
    expect(byDate['2026-03-03']).toMatchObject({ status: 'late', workHours: 7.67 });
    expect(byDate['2026-03-04']).toMatchObject({ status: 'present', workHours: 8 });
    expect(byDate['2026-03-05']).toMatchObject({ status: 'permission', record: { isPermission: true } });
    expect(byDate['2026-03-06']).toMatchObject({ status: 'holiday', holiday: { name: 'Feriado regional' }, record: null });
    expect(byDate['2026-03-09']).toMatchObject({ status: 'absent', record: null }); // the colleague's day is not mine
    expect(stats).toMatchObject({ ...MARCH_COUNTS, attendanceRate: 19, totalHours: 31.67 });

    const theirs = (await t.as(colleague.account).get(`${BASE}/attendance/calendar?month=3&year=2026`)).json().data.days;
    expect(theirs.filter((d: { record: unknown }) => d.record)).toHaveLength(1);
  });

  it('refuses an invalid month', async () => {
    const { employee } = await officeEmployee(t);
    const res = await t.as(employee.account).get(`${BASE}/attendance/calendar?month=13&year=2026`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mes inválido');
  });
});

describe('stats', () => {
  it('counts a past month up to its end, with total hours and the attendance rate', async () => {
    const { employee, stranger } = await march();
    const res = await t.as(employee.account).get(`${BASE}/attendance/stats?period=month&year=2026&month=3`);
    expect(res.json().data).toMatchObject({
      period: 'month',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      daysEvaluated: 31,
      counts: MARCH_COUNTS,
      totalHours: 31.67,
      workedDays: 4,
      attendanceRate: 19,
    });
    const theirs = (await t.as(stranger.account).get(`${BASE}/attendance/stats?period=month&year=2026&month=3`)).json().data;
    expect(theirs.counts).toMatchObject({ present: 1, early: 0, late: 0, permission: 0, holiday: 0 });
    // Month by month over HTTP: another company's employee counts only their own day (the 10th, 8 h).
    const mine = (await t.as(employee.account).get(`${BASE}/attendance/stats?period=year&year=2026`)).json().data.months;
    expect(mine.slice(0, 3).map((m: { totalHours: number }) => m.totalHours)).toEqual([0, 7, 31.67]);
    const strangers = (await t.as(stranger.account).get(`${BASE}/attendance/stats?period=year&year=2026`)).json().data.months;
    expect(strangers.slice(0, 3)).toEqual([
      { month: 1, totalHours: 0, workedDays: 0 },
      { month: 2, totalHours: 0, workedDays: 0 },
      { month: 3, totalHours: 8, workedDays: 1 },
    ]);
  });

  it('week = the last 7 days, month = from the 1st, year = from 1 January, all up to today', async () => {
    const { employee } = await march();
    const ctx = ctxOf(t, employee.account);
    const now = local('2026-03-05', '19:00'); // Thursday evening, after the shift
    const week = await attendanceStats(ctx, { period: 'week' }, now);
    expect(week).toMatchObject({ startDate: '2026-02-27', endDate: '2026-03-05', daysEvaluated: 7, totalHours: 38.67 });
    expect(week.counts).toMatchObject({ present: 2, early: 1, late: 1, permission: 1, day_off: 2, absent: 0 });
    expect(week.attendanceRate).toBe(100);
    const month = await attendanceStats(ctx, { period: 'month' }, now);
    expect(month).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-05', daysEvaluated: 5, totalHours: 31.67 });
    const midShift = await attendanceStats(ctx, { period: 'month' }, local('2026-03-09', '12:00'));
    expect(midShift.counts).toMatchObject({ holiday: 1, pending: 1, day_off: 3 }); // today (9th) not over yet: pending, not absent
    const year = await attendanceStats(ctx, { period: 'year' }, now);
    expect(year).toMatchObject({ startDate: '2026-01-01', endDate: '2026-03-05', daysEvaluated: 64 });
    // The year's hours month by month (extension, decision 0036): the chart of the employee's overview.
    expect(year.months).toEqual([
      { month: 1, totalHours: 0, workedDays: 0 },
      { month: 2, totalHours: 7, workedDays: 1 },
      { month: 3, totalHours: 31.67, workedDays: 4 },
    ]);
    expect(week).not.toHaveProperty('months');
    const future = await attendanceStats(ctx, { period: 'month', year: 2026, month: 4 }, now);
    expect(future).toMatchObject({ daysEvaluated: 0, endDate: null, attendanceRate: 0, totalHours: 0 });
  });

  it('defaults to month and refuses an unknown period', async () => {
    const { employee } = await officeEmployee(t);
    const res = await t.as(employee.account).get(`${BASE}/attendance/stats`);
    expect(res.json().data).toMatchObject({ period: 'month', startDate: `${toLocal(new Date(), LIMA).date.slice(0, 7)}-01` });
    const bad = await t.as(employee.account).get(`${BASE}/attendance/stats?period=decade`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Período inválido');
  });
});

describe('dashboard', () => {
  it('sums hours today, last 7 days and this month, and counts days attended (Lima)', async () => {
    const { employee } = await march();
    const data = await employeeDashboard(ctxOf(t, employee.account), local('2026-03-05', '19:00'));
    expect(data.employee).toMatchObject({ id: employee.id, firstName: 'Ana', employeeCode: employee.employeeCode, email: employee.email, department: null });
    expect(data.schedule).toMatchObject({ startTime: '09:00', endTime: '18:00', workDays: [1, 2, 3, 4, 5] });
    expect(data.stats).toEqual({ todayHours: 8, weeklyHours: 38.67, monthlyHours: 31.67, monthlyDays: 3 });
    expect(data.today).toMatchObject({ date: '2026-03-05', isPermission: true });
  });

  it('an open shift counts the time worked so far', async () => {
    const { employee } = await officeEmployee(t);
    await addRecord(t, employee, '2026-03-10', { in: '09:00', status: 'present' });
    const data = await employeeDashboard(ctxOf(t, employee.account), local('2026-03-10', '12:30'));
    expect(data.stats).toEqual({ todayHours: 3.5, weeklyHours: 3.5, monthlyHours: 3.5, monthlyDays: 1 });
    expect(data.today).toMatchObject({ checkOut: null, workHours: null });
  });

  it('over HTTP: the own card, no record today yet', async () => {
    const { employee, companyId } = await officeEmployee(t);
    await addRecord(t, (await officeEmployee(t, {}, companyId)).employee, toLocal(new Date(), LIMA).date, { in: '00:01' }); // a colleague's today
    const res = await t.as(employee.account).get(`${BASE}/dashboard`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ employee: { id: employee.id }, today: null, stats: { todayHours: 0 }, timezone: 'America/Lima' });
  });
});

describe('work info and available years', () => {
  it('shows schedule with work days as numbers, the work location, department, position and company', async () => {
    const company = await t.factories.company({ timezone: 'America/Bogota', name: 'Acme Andina' });
    const loc = await t.factories.location(company.id, { name: 'Planta Norte', address: 'Av. Siempre Viva 123', allowedRadius: 250 });
    const schedule = await t.factories.schedule(company.id, {
      name: 'Turno mañana',
      workDays: '1,3,5',
      breakStartTime: '13:00',
      breakEndTime: '13:45',
      locationId: loc.id,
    });
    const dept = await t.factories.department(company.id, 'Operaciones');
    const employee = await t.factories.employee(company.id, { scheduleId: schedule.id, departmentId: dept.id, position: 'Supervisor' });
    const res = await t.as(employee.account).get(`${BASE}/work-info`);
    expect(res.json().data).toEqual({
      schedule: expect.objectContaining({
        name: 'Turno mañana',
        startTime: '09:00',
        endTime: '18:00',
        breakStartTime: '13:00',
        breakEndTime: '13:45',
        workDays: [1, 3, 5],
        allowManualAttendance: true,
      }),
      location: { id: loc.id, name: 'Planta Norte', address: 'Av. Siempre Viva 123', latitude: -12.0464, longitude: -77.0428, allowedRadius: 250 },
      department: 'Operaciones',
      position: 'Supervisor',
      company: { name: 'Acme Andina', timezone: 'America/Bogota' },
    });
    const bare = await t.factories.employee();
    expect((await t.as(bare.account).get(`${BASE}/work-info`)).json().data).toMatchObject({ schedule: null, location: null, department: null });
  });

  it("lists the years of the employee's own records plus the current one", async () => {
    const { employee, companyId } = await officeEmployee(t);
    const colleague = (await officeEmployee(t, {}, companyId)).employee;
    await addRecord(t, employee, '2024-06-03', { in: '09:00' });
    await addRecord(t, colleague, '2022-06-03', { in: '09:00' });
    const current = Number(toLocal(new Date(), LIMA).date.slice(0, 4));
    expect((await t.as(employee.account).get(`${BASE}/available-years`)).json().data).toEqual([current, 2024]);
  });
});
