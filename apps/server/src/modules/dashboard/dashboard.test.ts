import { localToInstant } from '@presente/shared';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { companyDashboard } from './dashboard.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ctxOf = (u: TestUser): Ctx => ({
  db: t.db, deps: t.deps, lang: 'es', ip: '127.0.0.1', userAgent: 'test', publicUrl: 'http://x', log: pino({ level: 'silent' }),
  actor: { userId: u.id, sessionId: 's', role: u.role, companyId: u.companyId, name: u.name, email: u.email },
});

describe('company dashboard', () => {
  it("counts today's statuses and the month in the company's timezone, per department", async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const c = company.id;
    const sched = await t.factories.schedule(c, { startTime: '09:00', endTime: '18:00', breakStartTime: '13:00', breakEndTime: '14:00', workDays: '1,2,3,4,5' });
    const ventas = await t.factories.department(c, 'Ventas');
    const onTime = await t.factories.employee(c, { scheduleId: sched.id, departmentId: ventas.id });
    const late = await t.factories.employee(c, { scheduleId: sched.id, departmentId: ventas.id });
    const missing = await t.factories.employee(c, { scheduleId: sched.id });
    const leave = await t.factories.employee(c, { scheduleId: sched.id });
    await t.factories.employee(c, { scheduleId: sched.id, status: 'INACTIVE' });
    await t.factories.employee(); // another company's employee never counts
    // Wednesday 2026-03-04, 19:00 in Lima: every shift of the day has ended.
    const now = localToInstant('2026-03-04', 19 * 60, 'America/Lima');
    const at = (hhmm: string, date = '2026-03-04') => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');
    await t.db.insert(attendanceRecords).values([
      { companyId: c, employeeId: onTime.id, date: '2026-03-04', checkIn: at('09:05'), checkOut: at('18:00') },
      { companyId: c, employeeId: late.id, date: '2026-03-04', checkIn: at('09:40'), checkOut: at('18:00') },
      { companyId: c, employeeId: leave.id, date: '2026-03-04', isPermission: true, checkIn: at('09:00'), checkOut: at('18:00') },
      { companyId: c, employeeId: onTime.id, date: '2026-03-02', checkIn: at('09:00', '2026-03-02'), checkOut: at('18:00', '2026-03-02') },
    ]);
    const d = await companyDashboard(ctxOf(admin), now);
    expect(d).toMatchObject({
      totalEmployees: 5, activeEmployees: 4, presentToday: 1, lateToday: 1, earlyToday: 0, absentToday: 1, permissionsToday: 1, holidaysToday: 0,
      company: { maxEmployees: 5 }, today: '2026-03-04',
    });
    // March 2-4 are the month's working days so far (Sunday the 1st is not); 12 employee-days, 4 attended or on leave.
    expect(d.monthlyStats).toMatchObject({ totalWorkingDays: 3, attendancePercentage: Math.round((4 / 12) * 100) });
    // 7.92 (09:05-18:00 minus the break) + 7.33 + 8 (permission record) + 8 hours.
    expect(d.monthlyStats.totalHours).toBeCloseTo(31.25, 2);
    expect(d.departmentStats).toEqual([
      { id: ventas.id, name: 'Ventas', totalEmployees: 2, presentToday: 2, lateToday: 1, absentToday: 0, attendancePercentage: 50 },
    ]);
    expect(missing).toBeDefined();
  });

  it('is served at GET /dashboard for the admin only', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).get('/api/company-admin-simple/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalEmployees: 0, monthlyStats: { attendancePercentage: 0 } });
  });
});
