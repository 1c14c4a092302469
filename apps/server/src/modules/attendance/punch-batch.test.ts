import { localToInstant } from '@presente/shared';
import { gate, until } from '@presente/shared/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { attendanceChain, attendanceChainHeads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { BASE, officeEmployee } from '../employee-area/test-helpers.js';
import { verifyChain } from './chain.js';
import { punch } from './punch.service.js';
import { batchStats } from './punch-batch.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

// PGlite: one connection, which the test can hold (PostgreSQL's pool is not the test's to exhaust).
describe.runIf(inject('dbKind') === 'pglite')('a batch of check-ins on one connection (decision 0068)', () => {
  it('takes the check-ins that arrived while it waited for its connection: one batch, not one of 1 and one of the rest', async () => {
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const schedule = await t.factories.schedule(company.id, { startTime: '07:00', endTime: '16:00', workDays: '1,2,3,4,5,6,7' });
    const staff = await Promise.all([1, 2, 3, 4, 5].map(() => t.factories.employee(company.id, { scheduleId: schedule.id })));
    const at = localToInstant('2026-03-06', 7 * 60, 'America/Lima');
    const checkIn = (employee: (typeof staff)[number]) =>
      punch(t.db, t.deps, {
        companyId: company.id,
        employeeId: employee.id,
        action: 'check_in',
        method: 'web',
        at,
        known: { employee, schedule, location: null, timezone: 'America/Lima', graceHours: company.openRecordGraceHours },
      });

    // The one connection busy (a transaction of someone else's), as in a rush while a batch is being written.
    const held = gate();
    const holding = t.db.transaction(() => held.opened);
    await new Promise((resolve) => setImmediate(resolve));

    const before = batchStats.batches;
    const first = checkIn(staff[0]); // alone: its batch starts at once and waits for a connection
    await new Promise((resolve) => setImmediate(resolve));
    const rest = staff.slice(1).map(checkIn); // arrive while that batch waits
    await new Promise((resolve) => setImmediate(resolve));
    held.open();
    await holding;
    const results = await Promise.all([first, ...rest]);

    expect(results.map((r) => r.repeated)).toEqual([false, false, false, false, false]);
    expect(batchStats.batches - before).toBe(1);
  });

  it('HTTP check-ins sent together join one batch: the first does not start alone while the others are still reading their session', async () => {
    // Stop 37 (the storm on PGlite at load 4-6): every batch was of one. The first check-in reached its lane while the
    // others waited for their session read on the one connection, so nothing held its batch back; 442 transactions
    // for 400 check-ins, 35 saved after their phone had given up.
    const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };
    const { companyId, schedule } = await officeEmployee(t, allDay);
    const staff = await Promise.all(Array.from({ length: 8 }, () => t.factories.employee(companyId, { scheduleId: schedule.id })));
    const before = { ...batchStats };
    const answers = await Promise.all(staff.map((e) => t.as(e.account).post(`${BASE}/attendance/check-in`, {})));
    expect(answers.map((a) => a.statusCode)).toEqual(staff.map(() => 201));
    expect(batchStats.punches - before.punches).toBe(8);
    // On the old code: 8 batches of one, every time. Here 1 on an idle machine; a batch waits at most HOLD_MS for the
    // others, so a slow machine may write them in two or three.
    expect(batchStats.batches - before.batches).toBeLessThan(8);
  });
});

describe.runIf(inject('dbKind') === 'postgres')('batches of one company side by side on PostgreSQL (decision 0068, stop 39)', () => {
  it('a second batch is written while the first waits for the chain head, the chain stays one line, a person in both is a repeat', async () => {
    // Stop 39: one batch at a time made a rush wait on one transaction's round trips (~1 ms a check-in) with both
    // cores half idle. On the old lane the check-ins below wait in the queue until the first batch commits.
    const company = await t.factories.company({ timezone: 'America/Lima' });
    const schedule = await t.factories.schedule(company.id, { startTime: '07:00', endTime: '16:00', workDays: '1,2,3,4,5,6,7' });
    const staff = await Promise.all([1, 2, 3, 4].map(() => t.factories.employee(company.id, { scheduleId: schedule.id })));
    const checkIn = (employee: (typeof staff)[number], day: string) =>
      punch(t.db, t.deps, {
        companyId: company.id,
        employeeId: employee.id,
        action: 'check_in',
        method: 'web',
        at: localToInstant(day, 7 * 60, 'America/Lima'),
        known: { employee, schedule, location: null, timezone: 'America/Lima', graceHours: company.openRecordGraceHours },
      });
    await checkIn(staff[3], '2026-03-05'); // the company's chain head exists

    // Someone else holds the head (an admin's manual change being written), as a batch in flight does.
    const held = gate();
    let locked = false;
    const holding = t.db.transaction(async (tx) => {
      await tx.select().from(attendanceChainHeads).where(eq(attendanceChainHeads.companyId, company.id)).for('update');
      locked = true;
      await held.opened;
    });
    await until('the head locked by someone else', () => locked);

    const before = { ...batchStats };
    batchStats.mostInFlight = batchStats.inFlight;
    const first = checkIn(staff[0], '2026-03-06'); // its batch waits at the head
    await until('the first batch in flight', () => batchStats.inFlight === 1);
    const second = [checkIn(staff[1], '2026-03-06'), checkIn(staff[0], '2026-03-06'), checkIn(staff[2], '2026-03-06')];
    await until('a second batch in flight beside it', () => batchStats.inFlight === 2, { withinMs: 3000, everyMs: 10 });
    expect(batchStats.mostInFlight).toBe(2);
    held.open();
    await holding;
    const results = await Promise.all([first, ...second]);

    expect(results.map((r) => r.repeated)).toEqual([false, false, true, false]);
    expect(results[2].record.id).toBe(results[0].record.id);
    expect(batchStats.batches - before.batches).toBe(2);
    expect(batchStats.fellBack - before.fellBack).toBe(0);
    expect(await verifyChain(t.db, company.id)).toMatchObject({ ok: true, entries: 4 });
    const seqs = await t.db.select({ seq: attendanceChain.seq }).from(attendanceChain).where(eq(attendanceChain.companyId, company.id));
    expect(seqs.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });
});
