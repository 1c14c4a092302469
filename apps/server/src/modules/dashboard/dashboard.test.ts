import { localToInstant } from '@presente/shared';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { attendanceLinks, attendanceRecords, faceProfiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { companyDashboard } from './dashboard.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

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

describe('company dashboard', () => {
  it("counts today's statuses and the month in the company's timezone, per department", async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const c = company.id;
    const sched = await t.factories.schedule(c, {
      startTime: '09:00',
      endTime: '18:00',
      breakStartTime: '13:00',
      breakEndTime: '14:00',
      workDays: '1,2,3,4,5',
    });
    const ventas = await t.factories.department(c, 'Ventas');
    const almacen = await t.factories.department(c, 'Almacén');
    const onTime = await t.factories.employee(c, { scheduleId: sched.id, departmentId: ventas.id });
    const late = await t.factories.employee(c, { scheduleId: sched.id, departmentId: ventas.id });
    const early = await t.factories.employee(c, { scheduleId: sched.id, departmentId: almacen.id });
    await t.factories.employee(c, { scheduleId: sched.id, departmentId: almacen.id }); // never came
    const leave = await t.factories.employee(c, { scheduleId: sched.id });
    await t.factories.employee(c, { scheduleId: sched.id, status: 'INACTIVE' });
    await t.factories.employee(); // another company's employee never counts
    // Wednesday 2026-03-04, 19:00 in Lima: every shift of the day has ended.
    const now = localToInstant('2026-03-04', 19 * 60, 'America/Lima');
    const at = (hhmm: string, date = '2026-03-04') => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');
    await t.db.insert(attendanceRecords).values([
      { companyId: c, employeeId: onTime.id, date: '2026-03-04', checkIn: at('09:05'), checkOut: at('18:00') },
      { companyId: c, employeeId: late.id, date: '2026-03-04', checkIn: at('09:40'), checkOut: at('18:00') },
      { companyId: c, employeeId: early.id, date: '2026-03-04', checkIn: at('08:45'), checkOut: at('18:00') },
      { companyId: c, employeeId: leave.id, date: '2026-03-04', isPermission: true, checkIn: at('09:00'), checkOut: at('18:00') },
      { companyId: c, employeeId: onTime.id, date: '2026-03-02', checkIn: at('09:00', '2026-03-02'), checkOut: at('18:00', '2026-03-02') },
    ]);
    const d = await companyDashboard(ctxOf(admin), now);
    // 'Presentes hoy' is everyone who checked in (on time, late, early); late and early are subsets of it (decision 0016).
    expect(d).toMatchObject({
      totalEmployees: 6,
      activeEmployees: 5,
      presentToday: 3,
      lateToday: 1,
      earlyToday: 1,
      absentToday: 1,
      permissionsToday: 1,
      holidaysToday: 0,
      company: { maxEmployees: 5 },
      today: '2026-03-04',
    });
    // March 2-4 are the month's working days so far (Sunday the 1st is not); 15 employee-days, 5 attended or on leave.
    expect(d.monthlyStats).toMatchObject({ totalWorkingDays: 3, attendancePercentage: Math.round((5 / 15) * 100) });
    // 7.92 (09:05-18:00 minus the break) + 7.33 + 8 (early, counted from 09:00) + 8 hours worked; the permission's
    // 8 hours are paid leave, apart (decision 0037), and not in the average.
    expect(d.monthlyStats.totalHours).toBeCloseTo(31.25, 2);
    expect(d.monthlyStats).toMatchObject({ leaveHours: 8, averageHoursPerDay: 7.81 });
    // The department table counts today the same way as the cards.
    expect(d.departmentStats).toEqual([
      { id: almacen.id, name: 'Almacén', totalEmployees: 2, presentToday: 1, lateToday: 0, absentToday: 1, attendancePercentage: 17 },
      { id: ventas.id, name: 'Ventas', totalEmployees: 2, presentToday: 2, lateToday: 1, absentToday: 0, attendancePercentage: 50 },
    ]);
  });

  it('counts nobody absent before their shift start plus tolerance has passed', async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const c = company.id;
    const nine = await t.factories.schedule(c, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5', lateToleranceMinutes: 15 });
    const night = await t.factories.schedule(c, { startTime: '22:00', endTime: '06:00', workDays: '1,2,3,4,5' });
    const weekend = await t.factories.schedule(c, { startTime: '09:00', endTime: '18:00', workDays: '6,7' });
    const due = await t.factories.employee(c, { scheduleId: nine.id });
    await t.factories.employee(c, { scheduleId: night.id }); // starts tonight: never absent during the day
    await t.factories.employee(c, { scheduleId: weekend.id }); // not due on a Wednesday
    await t.factories.employee(c); // no schedule: nothing is due
    const lima = (hhmm: string) => localToInstant('2026-03-04', Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

    const at7 = await companyDashboard(ctxOf(admin), lima('07:00'));
    expect(at7).toMatchObject({ presentToday: 0, absentToday: 0 });
    // 09:15 is still inside the tolerance; 09:16 is not.
    expect((await companyDashboard(ctxOf(admin), lima('09:15'))).absentToday).toBe(0);
    expect((await companyDashboard(ctxOf(admin), lima('09:16'))).absentToday).toBe(1);
    expect((await companyDashboard(ctxOf(admin), lima('10:00'))).absentToday).toBe(1);

    // Checking in late moves them from absent to present (and late).
    await t.db.insert(attendanceRecords).values({ companyId: c, employeeId: due.id, date: '2026-03-04', checkIn: lima('10:05') });
    expect(await companyDashboard(ctxOf(admin), lima('10:10'))).toMatchObject({ presentToday: 1, lateToday: 1, absentToday: 0 });
    // 23:00: the night shift started at 22:00 and nobody came.
    expect((await companyDashboard(ctxOf(admin), lima('23:00'))).absentToday).toBe(1);
  });

  it('is served at GET /dashboard for the admin only', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).get('/api/company-admin-simple/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalEmployees: 0, monthlyStats: { attendancePercentage: 0 } });
  });

  it("ticks a new company's first steps from what it really has, and never from another company's", async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const c = company.id;
    const now = localToInstant('2026-03-04', 12 * 60, 'America/Lima');
    // Another company with every step done changes nothing here.
    const other = await t.factories.company();
    const otherEmployee = await t.factories.employee(other.id, { scheduleId: (await t.factories.schedule(other.id)).id });
    await t.factories.location(other.id);
    await t.db.insert(faceProfiles).values({ employeeId: otherEmployee.id, companyId: other.id, confidence: 0.9, templates: 3 });
    await t.db.insert(attendanceLinks).values({ companyId: other.id, name: 'Puerta', tokenHash: 'x'.repeat(64), tokenSealed: 'x' });

    const fresh = await companyDashboard(ctxOf(admin), now);
    expect(fresh.firstSteps).toEqual({ schedule: false, location: false, employees: false, faces: false, kioskLink: false });
    // Nothing is due yet: no working day, so the overview shows an empty state rather than a red 0 %.
    expect(fresh.monthlyStats).toMatchObject({ totalWorkingDays: 0, attendancePercentage: 0 });

    const sched = await t.factories.schedule(c);
    expect((await companyDashboard(ctxOf(admin), now)).firstSteps).toMatchObject({ schedule: true, employees: false });
    await t.factories.location(c);
    const e = await t.factories.employee(c, { scheduleId: sched.id });
    expect((await companyDashboard(ctxOf(admin), now)).firstSteps).toEqual({ schedule: true, location: true, employees: true, faces: false, kioskLink: false });
    await t.db.insert(faceProfiles).values({ employeeId: e.id, companyId: c, confidence: 0.9, templates: 3 });
    await t.db.insert(attendanceLinks).values({ companyId: c, name: 'Entrada', tokenHash: 'y'.repeat(64), tokenSealed: 'y' });
    const done = await t.as(admin).get('/api/company-admin-simple/dashboard');
    expect(done.json().data.firstSteps).toEqual({ schedule: true, location: true, employees: true, faces: true, kioskLink: true });
  });
});
