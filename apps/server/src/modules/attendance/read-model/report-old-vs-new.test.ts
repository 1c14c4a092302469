import { beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { addRecord, LIMA } from '../../employee-area/test-helpers.js';

// Temporary (issue 20 item 2): the browser's computeReport against the server's report on a fixture month.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const ADMIN = '/api/company-admin-simple';
const WEB = new URL('../../../../../web/src/features/reports/report-old.tmp.ts', import.meta.url).pathname;

it('old (browser) and new (server) report agree', async () => {
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
  await addRecord(t, ana, '2026-03-02', { in: '09:00', out: '18:00', status: 'present', workHours: '8.00' });
  await addRecord(t, ana, '2026-03-03', { in: '08:40', out: '18:00', status: 'early', workHours: '8.33' });
  await addRecord(t, ana, '2026-03-04', { in: '09:30', out: '18:00', status: 'late', workHours: '7.50' });
  await addRecord(t, ana, '2026-03-05', { in: '09:00', out: '12:00', isPermission: true, notes: 'Cita médica', status: 'permission' });
  await addRecord(t, ana, '2026-03-06', { in: '09:05', status: 'present' });
  await addRecord(t, ana, '2026-03-07', { in: '10:00', out: '12:00', status: 'present', workHours: '2.00' });
  await addRecord(t, ana, '2026-03-10', { in: '09:00', out: '13:00', status: 'present', workHours: '4.00' });

  for (const [start, end, period] of [
    ['2026-03-01', '2026-03-31', 'monthly'],
    ['2026-01-01', '2026-12-31', 'annual'],
  ] as const) {
    const range = `startDate=${start}&endDate=${end}`;
    const as = t.as(admin);
    const [employee, schedules, holidays, records, periods] = await Promise.all([
      as.get(`${ADMIN}/employees/${ana.id}`),
      as.get(`${ADMIN}/schedules?page=1&limit=100`),
      as.get(`${ADMIN}/holidays/range?${range}`),
      as.get(`${ADMIN}/employees/${ana.id}/attendance?${range}&page=1&limit=1000`),
      as.get(`${ADMIN}/employees/${ana.id}/schedule-periods?${range}`),
    ]).then((rs) => rs.map((r) => r.json().data));
    const source = { employee, schedule: schedules.find((s: { id: string }) => s.id === employee.scheduleId) ?? null, holidays, records, periods };
    const { computeReport } = (await import(/* @vite-ignore */ WEB)) as { computeReport: (...a: unknown[]) => Record<string, unknown> };
    const now = new Date();
    const old = computeReport(source, period, start, end, LIMA, now);
    const neu = (await as.get(`${ADMIN}/employees/${ana.id}/report?${range}`)).json().data;
    const pick = (r: Record<string, unknown>) => ({
      counts: r.counts,
      totalHours: r.totalHours,
      leaveHours: r.leaveHours,
      attendanceRate: r.attendanceRate,
      days: [r.presentDays, r.earlyDays, r.lateDays, r.absentDays, r.permissionDays, r.holidayDays, r.dayOffDays],
      lines: (r.attendances as { record: { id: string; date: string }; status: string; hours: number | null }[]).map((l) => [
        l.record.date,
        l.record.id,
        l.status,
        l.hours,
      ]),
    });
    console.log(period, JSON.stringify(pick(old)));
    expect(pick(neu)).toEqual(pick(old));
  }
});
