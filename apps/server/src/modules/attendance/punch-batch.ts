/**
 * Group commit of check-ins (decision 0068). Every write to a company's register appends to its hash chain under a
 * lock of the chain head (decision 0038), so one company's punches were written one transaction after another: the
 * morning rush of one company ran at the speed of one commit at a time. Here the plain check-ins of one company
 * (per process) that arrive while a batch is being written wait for the next batch, and a batch is ONE transaction:
 * one read of the day's rows, one insert of the records, one lock of the head and one insert of the entries, one of
 * the receipts (and their mails), one outbox write, one of the activity. No timer: a check-in alone is written at
 * once, as before; a batch grows only while the previous one is in flight.
 *
 * Every rule of the single path holds per punch: a permission day refuses that punch only, an existing check-in is
 * answered as a repeat, two check-ins of one person in a batch make one record, an insert that meets a row committed
 * meanwhile (another process) is a repeat, and no punch is committed after its deadline: when one is late just
 * before the commit, the batch is rolled back and written again without it (that one gets 503 + Retry-After). A batch
 * that fails for any other reason (a deadlock with another process's batch) is written again punch by punch.
 */
import { arrivalStatus, fallbackStatus } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { activityLog, attendanceRecords } from '../../db/schema/index.js';
import { ScopedPool } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { issueReceipts } from '../receipts/receipts.service.js';
import { queueAttendanceEvents } from '../webhooks/outbox.js';
import { appendChainMany } from './chain.js';
import type { PreparedPunch, WriteResult } from './punch.service.js';
import { assertInTime, busy } from './punch-admission.js';
import { writeOne } from './punch-write.js';

type RecordRow = typeof attendanceRecords.$inferSelect;

/** A batch's size at most (its statements stay small; a rush of thousands is written in several). */
export const MAX_BATCH = 200;

interface Item {
  p: PreparedPunch;
  resolve: (r: WriteResult) => void;
  reject: (e: unknown) => void;
}

interface Lane {
  queue: Item[];
  /** Batches of this lane in flight (at most `parallel`). */
  running: number;
  parallel: number;
  /** Check-ins of this company being prepared (their rules read) that will join: a batch waits a little for them. */
  preparing: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Starts a batch now, holds it back a moment (check-ins of this company on their way), or does nothing (running). */
  kick: () => void;
}

/**
 * How long a batch ready to go waits, at most, for the check-ins of its company still being prepared: it starts as
 * soon as the last of them is ready. (500 ms was measured worse on PostgreSQL: with arrivals never pausing, every
 * batch waited the whole hold; decision 0068.)
 */
export const HOLD_MS = 30;

/**
 * HTTP check-ins admitted (punch-gate.ts) whose company is not known yet: their session is still being read. A batch
 * ready to go waits for them as for those being prepared (at most HOLD_MS): on PGlite, whose one connection reads
 * their sessions one after another in this thread, a batch that started at once was always a batch of one
 * (decision 0068), and every check-in paid a whole transaction.
 */
let arriving = 0;
/** The lanes holding a ready batch back, to look again when the last arriving check-in is done. */
const holding = new Set<Lane>();

/** Counts one arriving check-in; the returned function (idempotent) says it reached its lane or ended. */
export function checkInArriving(): () => void {
  arriving++;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    arriving--;
    // The last one a lane was waiting for may have ended without joining (refused, unauthorised): no need to wait.
    if (arriving === 0) for (const lane of [...holding]) lane.kick();
  };
}

/** Per database handle (a company's handle is one object per company), per company. */
const lanes = new WeakMap<Db, Map<string, Lane>>();

/** What a batch measured, for the decision's figures and the tests: batches written and punches in them. */
export const batchStats = { batches: 0, punches: 0, largest: 0, retriedWithoutLate: 0, fellBack: 0, inFlight: 0, mostInFlight: 0 };

/** On in the product; the check-in bench turns it off to measure the single path in the same run (`BATCH=both`). */
export const punchBatching = { enabled: true };

/**
 * Batches of one company written at once, on PostgreSQL (stop 39): one batch at a time made the rush wait on the
 * round trips of a single transaction (about 1 ms per check-in, 45-55 ms a batch of 40-50, with both cores half
 * idle). Two overlap everything up to the chain head's lock (the day's rows, the records' insert) and meet there;
 * neither waits for the other while holding something the other needs: a batch takes the head last, after its
 * records, and a record insert that meets the other batch's uncommitted row of the same person waits for it without
 * holding the head (decision 0068, "Amendment (stop 39)"). PGlite has one connection: one batch.
 */
export const LANE_PARALLEL = 2;
const parallelOf = (db: Db) => ((db as unknown as { $client?: unknown }).$client instanceof ScopedPool ? LANE_PARALLEL : 1);

function laneOf(db: Db, companyId: string): Lane {
  const byCompany = lanes.get(db) ?? new Map<string, Lane>();
  lanes.set(db, byCompany);
  const known = byCompany.get(companyId);
  if (known) return known;
  const lane: Lane = { queue: [], running: 0, parallel: parallelOf(db), preparing: 0, timer: undefined, kick: () => {} };
  byCompany.set(companyId, lane);
  const full = () => lane.running >= lane.parallel;
  const start = () => {
    if (full() || !lane.queue.length) return lane.kick();
    clearTimeout(lane.timer);
    lane.timer = undefined;
    holding.delete(lane);
    lane.running++;
    batchStats.mostInFlight = Math.max(batchStats.mostInFlight, ++batchStats.inFlight);
    void writeBatch(db, companyId, lane.queue).finally(() => {
      lane.running--;
      batchStats.inFlight--;
      lane.kick();
    });
  };
  lane.kick = () => {
    if (full() || !lane.queue.length) {
      if (!lane.running && !lane.queue.length && !lane.preparing && !lane.timer) byCompany.delete(companyId);
      return;
    }
    if ((lane.preparing > 0 || arriving > 0) && lane.queue.length < MAX_BATCH) {
      holding.add(lane);
      lane.timer ??= setTimeout(() => {
        lane.timer = undefined;
        start();
      }, HOLD_MS);
      return;
    }
    start();
  };
  return lane;
}

/**
 * Says a plain check-in of this company is being prepared and will be written with `checkInBatched` (or `cancel`ed
 * when its rules refuse it), so a batch about to start waits for it.
 */
export function expectCheckIn(db: Db, companyId: string) {
  const lane = laneOf(db, companyId);
  lane.preparing++;
  let open = true;
  const leave = () => {
    if (!open) return;
    open = false;
    lane.preparing--;
  };
  return {
    /** Writes the prepared check-in with the company's other check-ins of the moment. */
    write(p: PreparedPunch): Promise<WriteResult> {
      leave();
      return checkInBatched(db, p);
    },
    cancel() {
      leave();
      laneOf(db, companyId).kick();
    },
  };
}

/** Writes a prepared plain check-in with the company's other check-ins of the moment. */
export function checkInBatched(db: Db, p: PreparedPunch): Promise<WriteResult> {
  const lane = laneOf(db, p.req.companyId);
  return new Promise((resolve, reject) => {
    lane.queue.push({ p, resolve, reject });
    lane.kick();
  });
}

/** Thrown inside the batch's transaction to roll it back: these punches' clients will have stopped waiting. */
class LateInBatch extends Error {
  constructor(readonly late: Item[]) {
    super('late punches in a batch');
  }
}

/**
 * Writes the next batch of `queue`. Its check-ins are taken from the queue once the transaction holds its connection:
 * those that arrived while it waited for one (on PGlite, behind the session reads of the requests in flight, whose
 * check-ins are then ready) are in it too.
 */
async function writeBatch(db: Db, companyId: string, queue: Item[]) {
  let live: Item[] | undefined;
  while (true) {
    try {
      const outcomes = await db.transaction((tx) => {
        live ??= queue.splice(0, MAX_BATCH);
        return writeCheckIns(tx, companyId, live);
      });
      const written = live as Item[];
      batchStats.batches++;
      batchStats.punches += written.length;
      batchStats.largest = Math.max(batchStats.largest, written.length);
      written.forEach((item, i) => {
        const o = outcomes[i];
        if (o instanceof Error) item.reject(o);
        else item.resolve(o);
      });
      return;
    } catch (err) {
      live ??= queue.splice(0, MAX_BATCH); // the transaction never started: these are the batch
      if (err instanceof LateInBatch) {
        batchStats.retriedWithoutLate++;
        for (const item of err.late) item.reject(busy(1));
        live = live.filter((item) => !err.late.includes(item));
        if (!live.length) return;
        continue;
      }
      // Anything else (a deadlock with another process's batch, a constraint): each punch on its own, so one
      // punch's problem is its own answer and not its neighbours'.
      batchStats.fellBack++;
      for (const item of live) await writeOne(db, undefined, item.p).then(item.resolve, item.reject);
      return;
    }
  }
}

const inTime = ({ req }: PreparedPunch) => {
  try {
    assertInTime(req.deadline, req.abandoned);
    return true;
  } catch {
    return false;
  }
};

const keyOf = (employeeId: string, date: string) => `${employeeId}|${date}`;

/** The batch's transaction: an answer (or a refusal) per item, in the items' order. */
async function writeCheckIns(tx: Db, companyId: string, items: Item[]): Promise<(WriteResult | AppError)[]> {
  const pairs = [...new Map(items.map(({ p }) => [keyOf(p.employee.id, p.date), p])).values()];
  const inDay = sql`(${attendanceRecords.employeeId}, ${attendanceRecords.date}) in (${sql.join(
    pairs.map((p) => sql`(${p.employee.id}::uuid, ${p.date}::date)`),
    sql`, `,
  )})`;
  const existing = new Map(
    (
      await tx
        .select()
        .from(attendanceRecords)
        .where(and(eq(attendanceRecords.companyId, companyId), inDay))
        .for('update')
    ).map((r) => [keyOf(r.employeeId, r.date), r]),
  );

  const outcomes: (WriteResult | AppError | { sameAs: number })[] = [];
  const firstOf = new Map<string, number>();
  const toInsert: number[] = [];
  const written = new Map<number, RecordRow>();
  const valuesOf = ({ req, at, schedule, date, timezone, geo }: PreparedPunch) => ({
    checkIn: at,
    status: schedule ? arrivalStatus(at, schedule, date, timezone) : fallbackStatus({ checkIn: at }),
    method: req.method,
    checkInLatitude: geo?.latitude ?? null,
    checkInLongitude: geo?.longitude ?? null,
    evidence: { checkIn: { ...req.evidence, location: geo } },
  });
  for (const [i, { p }] of items.entries()) {
    const key = keyOf(p.employee.id, p.date);
    const first = firstOf.get(key);
    if (first !== undefined) {
      outcomes.push({ sameAs: first }); // the same person twice in one batch: the second is the first's repeat
      continue;
    }
    firstOf.set(key, i);
    const row = existing.get(key);
    if (row?.isPermission) outcomes.push(new AppError('conflict', 'attendance.permissionDay'));
    else if (row?.checkIn) outcomes.push({ action: 'check_in', repeated: true, record: row });
    else if (row) {
      // A day row without a check-in (rare): completed in place, as the single path does.
      const [updated] = await tx.update(attendanceRecords).set(valuesOf(p)).where(eq(attendanceRecords.id, row.id)).returning();
      written.set(i, updated);
      outcomes.push({ action: 'check_in', repeated: false, record: updated });
    } else {
      toInsert.push(i);
      outcomes.push({ sameAs: -1 }); // filled below
    }
  }

  if (toInsert.length) {
    // ON CONFLICT: a check-in of the same shift committed meanwhile by another process; this one becomes its repeat.
    const inserted = await insertRows(
      tx,
      attendanceRecords,
      toInsert.map((i) => ({ companyId, employeeId: items[i].p.employee.id, date: items[i].p.date, ...valuesOf(items[i].p) })),
    )
      .onConflictDoNothing()
      .returning();
    const byKey = new Map(inserted.map((r) => [keyOf(r.employeeId, r.date), r]));
    const lost = toInsert.filter((i) => !byKey.has(keyOf(items[i].p.employee.id, items[i].p.date)));
    const winners = lost.length
      ? new Map(
          (
            await tx
              .select()
              .from(attendanceRecords)
              .where(
                and(
                  eq(attendanceRecords.companyId, companyId),
                  sql`(${attendanceRecords.employeeId}, ${attendanceRecords.date}) in (${sql.join(
                    lost.map((i) => sql`(${items[i].p.employee.id}::uuid, ${items[i].p.date}::date)`),
                    sql`, `,
                  )})`,
                ),
              )
          ).map((r) => [keyOf(r.employeeId, r.date), r]),
        )
      : new Map<string, RecordRow>();
    for (const i of toInsert) {
      const key = keyOf(items[i].p.employee.id, items[i].p.date);
      const mine = byKey.get(key);
      if (mine) {
        written.set(i, mine);
        outcomes[i] = { action: 'check_in', repeated: false, record: mine };
      } else outcomes[i] = { action: 'check_in', repeated: true, record: winners.get(key)! };
    }
  }

  // The register's evidence, in the items' (arrival) order: chain entries, receipts, webhooks, activity.
  const order = [...written.keys()].sort((a, b) => a - b);
  if (order.length) {
    const records = order.map((i) => written.get(i)!);
    const entries = await appendChainMany(
      tx,
      companyId,
      records.map((r) => ({ recordId: r.id, date: r.date, record: r })),
    );
    await issueReceipts(
      tx,
      order.map((i, k) => ({ ...items[i].p.receiptOf, record: records[k], entry: entries[k], kind: 'check_in' as const })),
    );
    const webhooks = await queueAttendanceEvents(
      tx,
      companyId,
      'attendance.recorded',
      records.map((record) => ({ record, extra: { action: 'check_in' } })),
    );
    await insertRows(
      tx,
      activityLog,
      order.map((i, k) => {
        const { req, employee, date, at, geo } = items[i].p;
        return {
          companyId,
          employeeId: employee.id,
          type: 'attendance_check_in',
          title: 'activity.checkIn',
          details: { date, checkIn: at.toISOString(), status: records[k].status, method: req.method, location: geo },
        };
      }),
    );
    // The last moment to undo them: every client must still be waiting (decision 0056).
    const late = order.filter((i) => !inTime(items[i].p)).map((i) => items[i]);
    if (late.length) throw new LateInBatch(late);
    if (webhooks) (outcomes[order[0]] as WriteResult).webhooks = webhooks;
  }

  return outcomes.map((o) => {
    if (!('sameAs' in o)) return o;
    const first = outcomes[o.sameAs];
    if (first instanceof AppError) return first;
    return { action: 'check_in', repeated: true, record: (first as WriteResult).record };
  });
}
