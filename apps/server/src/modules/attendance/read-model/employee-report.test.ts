import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { addRecord, LIMA } from '../../employee-area/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN = '/api/company-admin-simple';
const RANGE = 'startDate=2026-03-01&endDate=2026-03-31';

/**
 * March 2026 in Lima: an office schedule (Mon-Fri 09:00-18:00, lunch 13-14, 10 min tolerance, early check-in
 * allowed 30 min), a holiday on Tuesday 10th worked anyway, and a record of each kind: on time, early, late,
 * a justified permission, an incomplete day, a Saturday worked and the holiday.
 */
async function march() {
  const c = await t.factories.company({ timezone: LIMA });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const schedule = await t.factories.schedule(c.id, {
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5',
    lateToleranceMinutes: 10,
    allowEarlyCheckIn: true,
    earlyCheckInMinutes: 30,
  });
  const ana = await t.factories.employee(c.id, { scheduleId: schedule.id, hireDate: '2026-01-01' });
  await t.factories.holiday(c.id, { date: '2026-03-10', name: 'Feriado regional' });
  const rows = {
    onTime: await addRecord(t, ana, '2026-03-02', { in: '09:00', out: '18:00', status: 'present', workHours: '8.00' }),
    early: await addRecord(t, ana, '2026-03-03', { in: '08:40', out: '18:00', status: 'early', workHours: '8.33' }),
    late: await addRecord(t, ana, '2026-03-04', { in: '09:30', out: '18:00', status: 'late', workHours: '7.50' }),
    permission: await addRecord(t, ana, '2026-03-05', { in: '09:00', out: '12:00', isPermission: true, notes: 'Cita médica', status: 'permission' }),
    incomplete: await addRecord(t, ana, '2026-03-06', { in: '09:05', status: 'present' }),
    saturday: await addRecord(t, ana, '2026-03-07', { in: '10:00', out: '12:00', status: 'present', workHours: '2.00' }),
    holiday: await addRecord(t, ana, '2026-03-10', { in: '09:00', out: '13:00', status: 'present', workHours: '4.00' }),
  };
  return { c, admin, ana, rows };
}

type Line = { record: { id: string; date: string }; status: string; hours: number | null };
const figures = (r: Record<string, unknown>) => ({
  counts: r.counts,
  totalHours: r.totalHours,
  leaveHours: r.leaveHours,
  attendanceRate: r.attendanceRate,
  lines: (r.attendances as Line[]).map((l) => [l.record.date, l.record.id, l.status, l.hours]),
});

describe('the employee report, computed once by the read model (issue 20 item 2)', () => {
  it('gives the numbers the browser computed for the same month (the admin report and its exports)', async () => {
    const { admin, ana, rows } = await march();
    const res = await t.as(admin).get(`${ADMIN}/employees/${ana.id}/report?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;

    // The figures the browser's computeReport (apps/web/src/features/reports/report.ts, now deleted) gave for this
    // month from the five calls it made; checked equal, old against new (this month and the whole year), before that
    // code was removed. The Saturday worked counts as present; the early arrival's hours count from 09:00.
    expect(figures(report)).toEqual({
      counts: { present: 3, early: 1, late: 1, absent: 16, permission: 1, holiday: 1, day_off: 8, pending: 0 },
      totalHours: 29.5,
      leaveHours: 3,
      attendanceRate: 27,
      lines: [
        ['2026-03-02', rows.onTime.id, 'present', 8],
        ['2026-03-03', rows.early.id, 'early', 8],
        ['2026-03-04', rows.late.id, 'late', 7.5],
        ['2026-03-05', rows.permission.id, 'permission', 3],
        ['2026-03-06', rows.incomplete.id, 'present', null],
        ['2026-03-07', rows.saturday.id, 'present', 2],
        ['2026-03-10', rows.holiday.id, 'holiday', 4],
      ],
    });
    expect(report).toMatchObject({
      employee: { id: ana.id, firstName: ana.firstName, lastName: ana.lastName, employeeCode: ana.employeeCode, email: ana.email },
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      timezone: LIMA,
      presentDays: 3,
      earlyDays: 1,
      lateDays: 1,
      absentDays: 16,
      permissionDays: 1,
      holidayDays: 1,
      dayOffDays: 8,
    });
    // The admin reads the manual change's reason; nothing of the evidence.
    expect(report.attendances[0].record).toHaveProperty('manualReason');
  });

  it("the employee's own report is the same computation", async () => {
    const { admin, ana } = await march();
    const theirs = (await t.as(admin).get(`${ADMIN}/employees/${ana.id}/report?${RANGE}`)).json().data;
    const mine = await t.as(ana.account).get(`/api/employee/attendance/report?${RANGE}`);
    expect(mine.statusCode).toBe(200);
    expect(figures(mine.json().data)).toEqual(figures(theirs));
    expect(mine.json().data.attendances[0].record).not.toHaveProperty('manualReason');
  });

  it("gives the employee's Reports tab the figures it computed from stats and history before (month and year)", async () => {
    const { ana } = await march();
    const as = t.as(ana.account);
    type HistoryLine = { id: string; date: string; status: string; workHours: number | null; holiday: { name: string } | null };
    type ReportLine = { record: { id: string; date: string }; status: string; hours: number | null; holiday: { name: string } | null };
    for (const [stats, range] of [
      ['period=month&year=2026&month=3', RANGE],
      ['period=year&year=2026', 'startDate=2026-01-01&endDate=2026-12-31'],
    ]) {
      // What the Reports tab read until issue 20 (apps/web employee-area/reports, now removed): the period's stats and
      // its records from the history, newest first; the screen and the export showed these values unchanged.
      const old = (await as.get(`/api/employee/attendance/stats?${stats}`)).json().data;
      const history = (await as.get(`/api/employee/attendance/history?page=1&limit=1000&${range}`)).json().data as HistoryLine[];
      const report = (await as.get(`/api/employee/attendance/report?${range}`)).json().data;
      expect(report.counts, stats).toEqual(old.counts);
      expect(report.attendanceRate, stats).toBe(old.attendanceRate);
      expect(report.averageHoursPerDay, stats).toBe(old.averageHoursPerDay);
      expect(report.workedDays, stats).toBe(old.workedDays);
      // The stats' total counted a permission's paid hours as worked; the report keeps them apart (decision 0037).
      expect(report.totalHours + report.leaveHours, stats).toBe(old.totalHours);
      expect((report.attendances as ReportLine[]).map((l) => [l.record.id, l.record.date, l.status, l.hours, l.holiday?.name ?? null]).reverse()).toEqual(
        history.map((r) => [r.id, r.date, r.status, r.workHours, r.holiday?.name ?? null]),
      );
    }
    const march2026 = (await as.get(`/api/employee/attendance/report?${RANGE}`)).json().data;
    expect(march2026).toMatchObject({ totalHours: 29.5, leaveHours: 3, workedDays: 6, averageHoursPerDay: 5.42 });
    expect(march2026.attendances.find((l: ReportLine) => l.record.date === '2026-03-10').holiday).toEqual({ name: 'Feriado regional', description: null });
  });

  it("another company's employee is not found; a bad or reversed range is a 400 with a stable code", async () => {
    const { ana } = await march();
    const other = await t.factories.companyAdmin({ companyId: (await t.factories.company()).id });
    const refused = await t.as(other).get(`${ADMIN}/employees/${ana.id}/report?${RANGE}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
    const own = await march();
    for (const q of ['startDate=2026-03-31&endDate=2026-03-01', 'startDate=2026-02-30&endDate=2026-03-01', 'startDate=2025-01-01&endDate=2026-03-01']) {
      const bad = await t.as(own.admin).get(`${ADMIN}/employees/${own.ana.id}/report?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json(), q).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('a record on a holiday says "holiday" everywhere (walk-through finding 28 of issue 16)', () => {
  it('in the admin’s employee-attendance list and the employee calendar’s record.status, as the day itself', async () => {
    const { admin, ana, rows } = await march();
    const list = (await t.as(admin).get(`${ADMIN}/employees/${ana.id}/attendance?${RANGE}`)).json().data as { id: string; status: string }[];
    expect(list.find((r) => r.id === rows.holiday.id)).toMatchObject({ status: 'holiday' });
    expect(list.find((r) => r.id === rows.late.id)).toMatchObject({ status: 'late' });

    const calendar = (await t.as(ana.account).get('/api/employee/attendance/calendar?month=3&year=2026')).json().data;
    const day = calendar.days.find((d: { date: string }) => d.date === '2026-03-10');
    expect(day).toMatchObject({ status: 'holiday', record: { id: rows.holiday.id, status: 'holiday' } });
  });
});
