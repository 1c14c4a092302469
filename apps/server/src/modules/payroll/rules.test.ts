import { localToInstant, PERU_PAYROLL_RULES } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceRecords, companies } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const SETTINGS = '/api/company-admin-simple/payroll/settings';
const REPORT = '/api/company-admin-simple/reports/payroll?from=2026-02-02&to=2026-02-06';
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');
const rules = (over: Partial<typeof PERU_PAYROLL_RULES> = {}) => ({ ...PERU_PAYROLL_RULES, ...over });

/** A Lima company whose worker did 08:00-17:00 (8 h) and 08:00-20:00 (11 h, 3 over) on a schedule with lunch 13-14. */
async function company(country = 'PE') {
  const c = await t.factories.company({ timezone: 'America/Lima', country });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const day = await t.factories.schedule(c.id, { startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: '14:00', workDays: '1,2,3,4,5' });
  const ana = await t.factories.employee(c.id, { firstName: 'Ana', lastName: 'Díaz', scheduleId: day.id });
  await t.db.insert(attendanceRecords).values([
    { companyId: c.id, employeeId: ana.id, date: '2026-02-02', checkIn: lima('2026-02-02', '08:00'), checkOut: lima('2026-02-02', '17:00'), status: 'present' },
    { companyId: c.id, employeeId: ana.id, date: '2026-02-03', checkIn: lima('2026-02-03', '08:00'), checkOut: lima('2026-02-03', '20:00'), status: 'present' },
  ]);
  return { c, admin, ana };
}

describe('the company payroll rules (decision 0059)', () => {
  it("start at Peru's legal defaults and the summary uses what the admin sets", async () => {
    const { c, admin, ana } = await company();
    const got = await t.as(admin).get(SETTINGS);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual({ rules: PERU_PAYROLL_RULES, defaults: PERU_PAYROLL_RULES, custom: false, legalMax: { dailyHours: 8, weeklyHours: 48 } });
    const before = (await t.as(admin).get(REPORT)).json().data.lines.find((l: { employeeId: string }) => l.employeeId === ana.id);
    expect(before).toMatchObject({ workedHours: 19, regularHours: 16, overtime25Hours: 0, overtime35Hours: 0, unapprovedOvertimeHours: 3 });

    // A 7-hour day, one hour at 25 %, overtime paid without approval.
    const saved = await t
      .as(admin)
      .put(SETTINGS, rules({ dailyHours: 7, weeklyHours: 40, firstBandHours: 1, overtimeNeedsApproval: false }), { 'accept-language': 'es' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Reglas de nómina guardadas',
      data: { custom: true, rules: { dailyHours: 7, weeklyHours: 40, firstBandHours: 1 } },
    });
    const after = (await t.as(admin).get(REPORT)).json();
    expect(after.data.rules).toMatchObject({ dailyHours: 7, overtimeNeedsApproval: false });
    // 8 h -> 7 regular + 1 at 25 %; 11 h -> 7 regular + 1 at 25 % + 3 at 35 %.
    expect(after.data.lines.find((l: { employeeId: string }) => l.employeeId === ana.id)).toMatchObject({
      workedHours: 19,
      regularHours: 14,
      overtime25Hours: 2,
      overtime35Hours: 3,
      unapprovedOvertimeHours: 0,
    });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, c.id), eq(activityLog.title, 'activity.payrollRulesChanged')));
    expect(logged).toHaveLength(1);
  });

  it("refuses more than Peru's 8 h a day or 48 h a week, naming the law's limit, and changes nothing", async () => {
    const { c, admin } = await company();
    const res = await t.as(admin).put(SETTINGS, rules({ dailyHours: 9, weeklyHours: 50 }), { 'accept-language': 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        { path: 'dailyHours', message: 'La jornada ordinaria no puede pasar de 8 horas diarias en Perú' },
        { path: 'weeklyHours', message: 'La jornada ordinaria no puede pasar de 48 horas semanales en Perú' },
      ],
    });
    const [row] = await t.db.select({ rules: companies.payrollRules }).from(companies).where(eq(companies.id, c.id));
    expect(row.rules).toBeNull();
    // Another country (no limits encoded) may set 9 h.
    const { admin: cl } = await company('CL');
    expect((await t.as(cl).put(SETTINGS, rules({ dailyHours: 9, weeklyHours: 45 }))).statusCode).toBe(200);
  });

  it('refuses malformed rules with field messages', async () => {
    const { admin } = await company();
    const res = await t.as(admin).put(SETTINGS, rules({ dailyHours: 0, nightStart: '25:00', restDay: 8, weeklyHours: 1 }), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['dailyHours', 'nightStart', 'restDay']));
    const same = await t.as(admin).put(SETTINGS, rules({ nightStart: '22:00', nightEnd: '22:00' }), { 'accept-language': 'en' });
    expect(same.json().errors).toEqual([{ path: 'nightEnd', message: 'The night window must end at another time than it starts' }]);
  });

  it("one company's rules never change another's summary; an employee cannot read or set them", async () => {
    const { admin } = await company();
    const other = await company();
    expect((await t.as(admin).put(SETTINGS, rules({ dailyHours: 6, weeklyHours: 36 }))).statusCode).toBe(200);
    expect((await t.as(other.admin).get(SETTINGS)).json().data.custom).toBe(false);
    expect((await t.as(other.admin).get(REPORT)).json().data.rules.dailyHours).toBe(8);
    expect((await t.as(other.ana.account).get(SETTINGS)).statusCode).toBe(403);
    expect((await t.as(other.ana.account).put(SETTINGS, rules())).statusCode).toBe(403);
  });
});

describe("approving a day's overtime and permissions without pay (decision 0059)", () => {
  const APPROVE = '/api/company-admin-simple/payroll/overtime-approvals';
  const lineOf = async (admin: Parameters<TestApp['as']>[0], id: string) =>
    (await t.as(admin).get(REPORT)).json().data.lines.find((l: { employeeId: string }) => l.employeeId === id);

  it('an approved day pays its overtime in the 25 % and 35 % bands; withdrawing shows it apart again', async () => {
    const { c, admin, ana } = await company();
    expect((await lineOf(admin, ana.id)).overtimeDays).toEqual([{ date: '2026-02-03', hours: 3, approved: false }]);
    const ok = await t.as(admin).put(APPROVE, { employeeId: ana.id, date: '2026-02-03', approved: true }, { 'accept-language': 'es' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Horas extra aprobadas');
    expect(await lineOf(admin, ana.id)).toMatchObject({
      overtime25Hours: 2,
      overtime35Hours: 1,
      unapprovedOvertimeHours: 0,
      overtimeDays: [{ date: '2026-02-03', hours: 3, approved: true }],
    });
    expect((await t.as(admin).put(APPROVE, { employeeId: ana.id, date: '2026-02-03', approved: false })).statusCode).toBe(200);
    expect(await lineOf(admin, ana.id)).toMatchObject({ overtime25Hours: 0, unapprovedOvertimeHours: 3 });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, c.id), eq(activityLog.type, 'admin_action')));
    expect(logged.map((l) => l.title)).toEqual(expect.arrayContaining(['activity.overtimeApproved', 'activity.overtimeApprovalWithdrawn']));
  });

  it("another company's admin cannot approve, a day without a record is 404, and nothing changes", async () => {
    const { admin, ana } = await company();
    const other = await company();
    expect((await t.as(other.admin).put(APPROVE, { employeeId: ana.id, date: '2026-02-03', approved: true })).statusCode).toBe(404);
    expect((await t.as(admin).put(APPROVE, { employeeId: ana.id, date: '2026-02-05', approved: true })).statusCode).toBe(404);
    expect((await t.as(admin).put(APPROVE, { employeeId: ana.id, date: '2026-02-31', approved: true })).statusCode).toBe(400);
    expect((await lineOf(admin, ana.id)).unapprovedOvertimeHours).toBe(3);
    expect((await t.as(ana.account).put(APPROVE, { employeeId: ana.id, date: '2026-02-03', approved: true })).statusCode).toBe(403);
  });

  it('a permission marked without pay is counted apart from paid ones', async () => {
    const { admin, ana } = await company();
    const base = { employeeId: ana.id, isPermission: true, reason: 'Trámite personal' };
    expect((await t.as(admin).post('/api/company-admin-simple/attendance', { ...base, date: '2026-02-04', unpaid: true })).statusCode).toBe(201);
    expect((await t.as(admin).post('/api/company-admin-simple/attendance', { ...base, date: '2026-02-05' })).statusCode).toBe(201);
    expect(await lineOf(admin, ana.id)).toMatchObject({ paidPermissions: 1, unpaidPermissions: 1 });
  });
});
