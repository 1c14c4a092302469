import { loadavg } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attendanceRecords, punchReceipts } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { verifyChain } from './chain.js';
import { batchStats } from './punch-batch.js';
import { runPhones, seedCrowd, stormFigures } from './storm-phones.js';

/**
 * The morning rush (issue 23 item 4, decisions 0056 and 0068): 400 factory workers check in from their phones within
 * seconds, through a listening server (real HTTP). The phones run in a worker thread, each giving up after 6 s and
 * honouring 503 + Retry-After as the web client does; a person whose phone gave up taps again.
 *
 * The acceptance test of issue 23 item 4, in the default run on both databases since stop 40 (decision 0068, "Amendment
 * (stop 40)"). It is a solo file (scripts/solo-tests.mjs): its phones time real answers against their 6 s, so it runs
 * with no other test file beside it. Before stop 40 it ran only with STORM=1.
 */
const CROWD = 400;
const SPREAD_MS = 8_000;
const BUDGET_MS = 40_000;

let t: TestApp;
let url: string;
let companyId: string;
let tokens: string[];
beforeAll(async () => {
  // Every phone comes from 127.0.0.1: the per-address limits are scaled as for a factory behind one NAT.
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
  const company = await t.factories.company({ timezone: 'America/Lima' });
  companyId = company.id;
  const schedule = await t.factories.schedule(company.id, { startTime: '07:00', endTime: '16:00', workDays: '1,2,3,4,5,6,7' });
  tokens = await seedCrowd(t.db, company.id, schedule.id, CROWD);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/employee/attendance/check-in`;
}, 120_000);
afterAll(() => t?.app.server.close());

describe(`the morning rush on ${inject('dbKind')}`, () => {
  it('400 workers within seconds: each ends with exactly one record, answered in time or refused with Retry-After, never saved without its answer', async () => {
    const before = { ...batchStats };
    const logs = await runPhones({ url, tokens, spreadMs: SPREAD_MS, budgetMs: BUDGET_MS });
    const figures = stormFigures(logs);
    const batches = { batches: batchStats.batches - before.batches, punches: batchStats.punches - before.punches, largest: batchStats.largest };
    console.log(JSON.stringify({ storm: inject('dbKind'), ...figures, batches, load: Number(loadavg()[0].toFixed(1)) }));

    // Every 503 told the phone when to come back.
    expect(figures.refused_without_retry_after).toBe(0);
    expect(logs.flatMap((l) => l.errors)).toEqual([]);
    // Every phone was answered, and with 201: a 200 ("ya registraste tu entrada") would mean an earlier try of this
    // phone was saved but its answer came after the phone had given up (or never came).
    expect(logs.filter((l) => l.final !== 201).map((l) => ({ i: l.i, final: l.final, gaveUp: l.gaveUp, refused: l.refused }))).toEqual([]);

    // Exactly one record per worker, each with its chain entry and receipt; the chain verifies.
    const perEmployee = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, companyId)))
      .groupBy(attendanceRecords.employeeId);
    expect(perEmployee).toHaveLength(CROWD);
    expect(perEmployee.every((r) => r.n === 1)).toBe(true);
    const [{ receipts }] = await t.db.select({ receipts: sql<number>`count(*)::int` }).from(punchReceipts).where(eq(punchReceipts.companyId, companyId));
    expect(receipts).toBe(CROWD);
    expect(await verifyChain(t.db, companyId)).toMatchObject({ ok: true, entries: CROWD });
  }, 90_000);
});
