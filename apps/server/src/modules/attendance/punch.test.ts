import { localToInstant } from '@presente/shared';
import { barrier } from '@presente/shared/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activityLog, attendanceRecords, punchReceipts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { punch } from './punch.service.js';
import { punchBatching } from './punch-batch.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

async function setup(scheduleOverrides = {}, companyOverrides = {}) {
  const company = await t.factories.company({ timezone: 'America/Lima', ...companyOverrides });
  const schedule = await t.factories.schedule(company.id, {
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5,6,7',
    ...scheduleOverrides,
  });
  const employee = await t.factories.employee(company.id, { scheduleId: schedule.id });
  return { company, schedule, employee };
}

/**
 * Every rule holds on both writers: a plain check-in is written in a batch with the company's other check-ins of the
 * moment (punch-batch.ts, decision 0068); a kiosk's 'auto', a QR and a check-out take the single write (punch-write.ts).
 * With batching off, every punch takes the single write, so its check-in branch meets the same assertions.
 */
describe.each([
  { writer: 'batched check-ins', batching: true },
  { writer: 'the single write only', batching: false },
])('punch (check-in / check-out rules), $writer', ({ batching }) => {
  beforeAll(() => {
    punchBatching.enabled = batching;
  });
  afterAll(() => {
    punchBatching.enabled = true;
  });

  it('checks in late, repeats safely, checks out with hours, then refuses a third punch', async () => {
    const { company, employee } = await setup();
    const base = { companyId: company.id, employeeId: employee.id, method: 'web' as const };
    const inRes = await punch(t.db, t.deps, { ...base, action: 'check_in', at: lima('2026-03-04', '09:20') });
    expect(inRes).toMatchObject({ action: 'check_in', repeated: false, status: 'late', record: { date: '2026-03-04' } });
    const again = await punch(t.db, t.deps, { ...base, action: 'check_in', at: lima('2026-03-04', '09:21') });
    expect(again).toMatchObject({ repeated: true, record: { id: inRes.record.id } });
    const out = await punch(t.db, t.deps, { ...base, action: 'check_out', at: lima('2026-03-04', '18:00') });
    expect(out.record.workHours).toBe('7.67');
    await expect(punch(t.db, t.deps, { ...base, action: 'check_out', at: lima('2026-03-04', '18:05') })).rejects.toMatchObject({ code: 'already_completed' });
    const log = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, employee.id));
    expect(log.map((l) => l.type).sort()).toEqual(['attendance_check_in', 'attendance_check_out']);
    expect(t.events.emitted.filter((e) => e.event === 'attendance_update' && e.room === `company_admin_${company.id}`)).toHaveLength(2);
  });

  it('five concurrent check-ins of one employee make one record: the insert conflict is reached (a barrier, not luck) and answered as a repeat', async () => {
    const { company, employee } = await setup();
    const at = lima('2026-03-05', '08:55');
    const req = { companyId: company.id, employeeId: employee.id, method: 'web' as const, action: 'check_in' as const, at };
    let lost = 0;
    let found = 0;
    // PostgreSQL: all five transactions read "no row" before any inserts (the pool has five connections), so
    // one insert wins and four meet its row. PGlite runs one transaction at a time, so the race is built: the
    // first check-in to read "no row" finds, at its insert, the row a concurrent winner would have committed.
    const everyone = barrier(5);
    const onPglite = inject('dbKind') !== 'postgres';
    const race = {
      async read(tx: typeof t.db, existed: boolean) {
        if (existed) found += 1;
        if (!onPglite) return everyone.arrive();
        if (lost === 0)
          await tx
            .insert(attendanceRecords)
            .values({ ...req, date: '2026-03-05', checkIn: at, status: 'present' })
            .onConflictDoNothing();
      },
      lost() {
        lost += 1;
      },
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => punch(t.db, { ...t.deps, race }, req)));
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id));
    expect(n).toBe(1);
    if (onPglite) {
      // One reached the conflict path (the rival's row won), four read the row and repeated: nobody was recorded twice.
      expect(lost).toBe(1);
      expect(results.every((r) => r.repeated)).toBe(true);
    } else {
      expect(everyone.arrived).toBe(5);
      expect(lost).toBe(4);
      expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    }
    expect(found).toBe(0);
    expect(new Set(results.map((r) => r.record.id)).size).toBe(1);
  });

  it("refuses web marking on a 'Solo Facial' schedule but accepts face recognition", async () => {
    const { company, employee } = await setup({ allowManualAttendance: false });
    const req = { companyId: company.id, employeeId: employee.id, action: 'check_in' as const, at: lima('2026-03-04', '09:00') };
    await expect(punch(t.db, t.deps, { ...req, method: 'web' })).rejects.toMatchObject({ code: 'manual_not_allowed' });
    expect((await punch(t.db, t.deps, { ...req, method: 'face_recognition' })).status).toBe('present');
  });

  it('applies the geofence, allowing for the reported accuracy', async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const loc = await t.factories.location(company.id, { latitude: -12.0464, longitude: -77.0428, allowedRadius: 100 });
    const schedule = await t.factories.schedule(company.id, { locationId: loc.id, workDays: '1,2,3,4,5,6,7' });
    const employee = await t.factories.employee(company.id, { scheduleId: schedule.id });
    const req = { companyId: company.id, employeeId: employee.id, method: 'web' as const, action: 'check_in' as const, at: lima('2026-03-04', '09:00') };
    await expect(punch(t.db, t.deps, req)).rejects.toMatchObject({ code: 'location_required' });
    // ~220 m north of the centre.
    const far = { latitude: -12.0444, longitude: -77.0428 };
    await expect(punch(t.db, t.deps, { ...req, location: { ...far, accuracy: 10 } })).rejects.toMatchObject({
      code: 'outside_geofence',
      params: { radius: 100 },
    });
    expect((await punch(t.db, t.deps, { ...req, location: { ...far, accuracy: 130 } })).repeated).toBe(false);
  });

  it('a night shift check-out after midnight closes the shift that started the day before', async () => {
    const { company, employee } = await setup({ startTime: '22:00', endTime: '06:00', breakStartTime: null, breakEndTime: null });
    const base = { companyId: company.id, employeeId: employee.id, method: 'web' as const };
    const inRes = await punch(t.db, t.deps, { ...base, action: 'check_in', at: lima('2026-03-04', '21:50') });
    expect(inRes).toMatchObject({ status: 'early', record: { date: '2026-03-04' } });
    const out = await punch(t.db, t.deps, { ...base, action: 'check_out', at: lima('2026-03-05', '06:00') });
    expect(out.record).toMatchObject({ id: inRes.record.id, date: '2026-03-04', workHours: '8.00' });
  });

  it("a punch after a night shift's end belongs to it only within the company's grace", async () => {
    const night = { startTime: '22:00', endTime: '06:00', breakStartTime: null, breakEndTime: null };
    // Grace 1 h: at 07:30 the shift of the 4th is over; the punch is a check-in of the 5th.
    const short = await setup(night, { openRecordGraceHours: 1 });
    const shortReq = { companyId: short.company.id, employeeId: short.employee.id, method: 'web' as const };
    await punch(t.db, t.deps, { ...shortReq, action: 'check_in', at: lima('2026-03-04', '22:00') });
    const late = await punch(t.db, t.deps, { ...shortReq, action: 'check_in', at: lima('2026-03-05', '07:30') });
    expect(late).toMatchObject({ repeated: false, record: { date: '2026-03-05' } });
    // Grace 4 h (the default): 07:30 still closes the shift of the 4th.
    const long = await setup(night, { openRecordGraceHours: 4 });
    const longReq = { companyId: long.company.id, employeeId: long.employee.id, method: 'web' as const };
    const inRes = await punch(t.db, t.deps, { ...longReq, action: 'check_in', at: lima('2026-03-04', '22:00') });
    const out = await punch(t.db, t.deps, { ...longReq, action: 'check_out', at: lima('2026-03-05', '07:30') });
    expect(out.record).toMatchObject({ id: inRes.record.id, date: '2026-03-04' });
  });

  it("'auto' checks in first, then out; an employee of another company is not found", async () => {
    const { company, employee } = await setup();
    const base = { companyId: company.id, employeeId: employee.id, method: 'face_recognition' as const, action: 'auto' as const };
    expect((await punch(t.db, t.deps, { ...base, at: lima('2026-03-06', '09:00') })).action).toBe('check_in');
    expect((await punch(t.db, t.deps, { ...base, at: lima('2026-03-06', '17:00') })).action).toBe('check_out');
    const other = await t.factories.company();
    await expect(punch(t.db, t.deps, { ...base, companyId: other.id })).rejects.toMatchObject({ code: 'not_found' });
    const rows = await t.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, other.id)));
    expect(rows).toEqual([]);
  });

  it('refuses a check-in on a permission day and leaves the permission as it was', async () => {
    const { company, employee } = await setup();
    const [permission] = await t.db
      .insert(attendanceRecords)
      .values({ companyId: company.id, employeeId: employee.id, date: '2026-03-09', isPermission: true, status: 'permission', notes: 'Cita médica' })
      .returning();
    const req = { companyId: company.id, employeeId: employee.id, method: 'web' as const, at: lima('2026-03-09', '09:00') };
    await expect(punch(t.db, t.deps, { ...req, action: 'check_in' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'attendance.permissionDay' });
    await expect(punch(t.db, t.deps, { ...req, action: 'auto' })).rejects.toMatchObject({ code: 'conflict' });
    const [after] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, permission.id));
    expect(after).toEqual(permission);
  });

  it('refuses every punch of an inactive employee and records nothing', async () => {
    const { company, employee } = await setup({}, {});
    await t.db.execute(sql`update employees set status = 'INACTIVE' where id = ${employee.id}`);
    for (const action of ['check_in', 'auto'] as const) {
      for (const method of ['web', 'face_recognition'] as const) {
        await expect(
          punch(t.db, t.deps, { companyId: company.id, employeeId: employee.id, method, action, at: lima('2026-03-10', '09:00') }),
        ).rejects.toMatchObject({ code: 'forbidden', messageKey: 'attendance.employeeInactive' });
      }
    }
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toEqual([]);
  });
  it('writes what the legal record, the receipts, the webhooks and the activity feed show, for the entry and the exit', async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const loc = await t.factories.location(company.id, { name: 'Sede Lima', latitude: -12.0464, longitude: -77.0428, allowedRadius: 100 });
    const schedule = await t.factories.schedule(company.id, { locationId: loc.id, workDays: '1,2,3,4,5,6,7' });
    const employee = await t.factories.employee(company.id, { scheduleId: schedule.id });
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ companyId: company.id, url: 'https://hooks.example.com/presente', events: ['attendance.recorded'], secretSealed: 'x', secretHint: 'whsec_x' })
      .returning();
    const here = { latitude: -12.0465, longitude: -77.0429, accuracy: 8 };
    const base = { companyId: company.id, employeeId: employee.id, method: 'face_recognition' as const, action: 'auto' as const, location: here };
    const evidence = { confidence: 0.91 } as Record<string, unknown>;
    const arrive = lima('2026-03-11', '09:00');
    const inRes = await punch(t.db, t.deps, { ...base, at: arrive, evidence });
    expect(inRes).toMatchObject({ action: 'check_in', repeated: false, webhooks: 1 });
    expect(inRes.record).toMatchObject({ checkInLatitude: here.latitude, checkInLongitude: here.longitude, checkOut: null });
    expect(inRes.record.evidence).toEqual({ checkIn: { confidence: 0.91, location: { ...here, distance: expect.any(Number) } } });

    // The same person again within 2 minutes: the same check-in, nothing new written. At 2 minutes: the exit.
    const again = await punch(t.db, t.deps, { ...base, at: new Date(arrive.getTime() + 119_000) });
    expect(again).toMatchObject({ action: 'check_in', repeated: true, record: { id: inRes.record.id, checkOut: null } });
    const leave = new Date(arrive.getTime() + 120_000);
    const out = await punch(t.db, t.deps, { ...base, at: leave, evidence: { confidence: 0.88 } });
    expect(out).toMatchObject({ action: 'check_out', repeated: false, webhooks: 1 });
    expect(out.record).toMatchObject({ checkOutLatitude: here.latitude, checkOutLongitude: here.longitude, workHours: '0.03' });
    expect(out.record.evidence).toEqual({
      checkIn: { confidence: 0.91, location: { ...here, distance: expect.any(Number) } },
      checkOut: { confidence: 0.88, location: { ...here, distance: expect.any(Number) } },
    });

    const receipts = await t.db.select().from(punchReceipts).where(eq(punchReceipts.employeeId, employee.id));
    expect(receipts.map((r) => r.kind).sort()).toEqual(['check_in', 'check_out']);
    expect(receipts.every((r) => r.method === 'face_recognition' && r.place === 'Sede Lima')).toBe(true);
    const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(events.map((e) => [e.eventType, JSON.parse(e.body).data.action]).sort()).toEqual([
      ['attendance.recorded', 'check_in'],
      ['attendance.recorded', 'check_out'],
    ]);
    const feed = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, employee.id));
    expect(feed.map((l) => [l.type, l.title]).sort()).toEqual([
      ['attendance_check_in', 'activity.checkIn'],
      ['attendance_check_out', 'activity.checkOut'],
    ]);
    const entry = feed.find((l) => l.type === 'attendance_check_in')!.details as Record<string, unknown>;
    expect(entry).toMatchObject({
      date: '2026-03-11',
      checkIn: arrive.toISOString(),
      status: 'present',
      method: 'face_recognition',
      location: { latitude: here.latitude },
    });
    const exit = feed.find((l) => l.type === 'attendance_check_out')!.details as Record<string, unknown>;
    expect(exit).toMatchObject({
      date: '2026-03-11',
      checkOut: leave.toISOString(),
      workHours: 0.03,
      method: 'face_recognition',
      location: { longitude: here.longitude },
    });
    // The worker's and the admin's screens were told once per punch, not for the repeat.
    expect(t.events.emitted.filter((e) => e.event === 'attendance_update' && e.room === `company_admin_${company.id}`)).toHaveLength(2);
    expect(t.events.emitted.filter((e) => e.event === 'activity_update' && e.room.endsWith(employee.id))).toHaveLength(2);
  });

  it('refuses the exit of a shift the close job marked incomplete, and of a day never started', async () => {
    const { company, employee } = await setup();
    const base = { companyId: company.id, employeeId: employee.id, method: 'web' as const, action: 'check_out' as const };
    await expect(punch(t.db, t.deps, { ...base, at: lima('2026-03-12', '18:00') })).rejects.toMatchObject({
      code: 'not_checked_in',
      messageKey: 'attendance.notCheckedIn',
    });
    const [closed] = await t.db
      .insert(attendanceRecords)
      .values({ companyId: company.id, employeeId: employee.id, date: '2026-03-12', checkIn: lima('2026-03-12', '09:00'), status: 'present', incomplete: true })
      .returning();
    await expect(punch(t.db, t.deps, { ...base, at: lima('2026-03-12', '18:00') })).rejects.toMatchObject({
      code: 'already_completed',
      messageKey: 'attendance.closedIncomplete',
    });
    const [after] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, closed.id));
    expect(after).toEqual(closed);
  });
});
