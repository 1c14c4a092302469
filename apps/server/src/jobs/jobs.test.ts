import { localToInstant } from '@presente/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceRecords, jobs } from '../db/schema/index.js';
import { punch } from '../modules/attendance/punch.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { closeOpenRecords } from './close-open-records.js';
import { enqueue, runDueJobs, startJobRunner } from './runner.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const log = pino({ level: 'silent' });
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

describe('forgotten check-outs', () => {
  it('closes a record as incomplete only after shift end + grace, tells the employee, and refuses a late check-out', async () => {
    const company = await t.factories.company({ timezone: 'America/Lima', openRecordGraceHours: 4 });
    const schedule = await t.factories.schedule(company.id, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5,6,7' });
    const emp = await t.factories.employee(company.id, { scheduleId: schedule.id });
    await punch(t.db, t.deps, { companyId: company.id, employeeId: emp.id, action: 'check_in', method: 'web', at: lima('2026-03-04', '09:00') });
    expect(await closeOpenRecords(t.deps, lima('2026-03-04', '21:59'))).toBe(0); // 18:00 + 4 h not reached
    expect(await closeOpenRecords(t.deps, lima('2026-03-04', '22:01'))).toBe(1);
    expect(await closeOpenRecords(t.deps, lima('2026-03-04', '23:00'))).toBe(0); // idempotent
    const rec = await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.employeeId, emp.id) });
    expect(rec).toMatchObject({ incomplete: true, checkOut: null });
    const notes = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, emp.id));
    expect(notes.some((n) => n.title === 'activity.incompleteShift')).toBe(true);
    await expect(
      punch(t.db, t.deps, { companyId: company.id, employeeId: emp.id, action: 'check_out', method: 'web', at: lima('2026-03-04', '23:30') }),
    ).rejects.toMatchObject({ code: 'already_completed', messageKey: 'attendance.closedIncomplete' });
  });
});

describe('forgotten check-outs without a schedule', () => {
  it("wait for noon of the next day in the company's timezone (not UTC) plus the grace", async () => {
    const company = await t.factories.company({ timezone: 'America/Lima', openRecordGraceHours: 4 });
    const emp = await t.factories.employee(company.id, { scheduleId: null });
    await t.db
      .insert(attendanceRecords)
      .values({ companyId: company.id, employeeId: emp.id, date: '2026-03-04', checkIn: lima('2026-03-04', '09:00'), status: 'present' });
    // UTC midnight + 36 h would be 07:00 in Lima: closed at 11:00, five hours early.
    expect(await closeOpenRecords(t.deps, lima('2026-03-05', '15:59'))).toBe(0);
    expect(await closeOpenRecords(t.deps, lima('2026-03-05', '16:01'))).toBe(1);
    expect(await t.db.query.attendanceRecords.findFirst({ where: eq(attendanceRecords.employeeId, emp.id) })).toMatchObject({ incomplete: true });
  });
});

describe('job runner', () => {
  it('runs due jobs once, retries failures with backoff, and deduplicates recurring slots', async () => {
    // Only this test's runs: the punches above queued their receipts' mails (decision 0053).
    await t.db.delete(jobs);
    const ran: string[] = [];
    let fail = true;
    const handlers = {
      ok: async () => void ran.push('ok'),
      flaky: async () => {
        if (fail) throw new Error('boom');
        ran.push('flaky');
      },
    };
    await enqueue(t.db, 'ok', {}, { dedupeKey: 'ok-1' });
    await enqueue(t.db, 'ok', {}, { dedupeKey: 'ok-1' }); // ignored
    await enqueue(t.db, 'flaky');
    const now = new Date();
    expect(await runDueJobs(t.deps, handlers, [], log, now)).toBe(2);
    expect(ran).toEqual(['ok']);
    const flaky = await t.db.query.jobs.findFirst({ where: eq(jobs.type, 'flaky') });
    expect(flaky).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });
    expect(await runDueJobs(t.deps, handlers, [], log, now)).toBe(0); // backoff: not due yet
    fail = false;
    expect(await runDueJobs(t.deps, handlers, [], log, new Date(now.getTime() + 3 * 60_000))).toBe(1);
    expect(ran).toEqual(['ok', 'flaky']);
    // A recurring job gets one run per slot, however often the runner ticks.
    const recurring = [{ type: 'ok', everyMs: 15 * 60_000 }];
    const slot = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 60_000);
    await runDueJobs(t.deps, handlers, recurring, log, slot);
    await runDueJobs(t.deps, handlers, recurring, log, new Date(slot.getTime() + 1000));
    expect(ran.filter((r) => r === 'ok')).toHaveLength(2);
  });
});

describe('job runner wake-up', () => {
  it('runs work queued between polls when woken (an import’s mails), not at the next poll', async () => {
    const waiting = new Map<string, () => void>();
    const ran = (n: string) => new Promise<void>((resolve) => waiting.set(n, resolve));
    const handlers = { 'test.wake': async (_deps: unknown, payload: Record<string, unknown>) => waiting.get(String(payload.n))?.() };
    // The first tick (1 s after the start) runs job 1; the next poll is an hour away, so only wakeJobs runs job 2.
    const deps = { ...t.deps };
    const first = ran('1');
    await enqueue(t.db, 'test.wake', { n: 1 });
    const runner = startJobRunner(deps, handlers, [], log, 3_600_000);
    try {
      await first;
      const second = ran('2');
      await enqueue(t.db, 'test.wake', { n: 2 });
      deps.wakeJobs?.();
      await second;
    } finally {
      await runner.stop();
    }
  });
});
