import { createHash } from 'node:crypto';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { attendanceChain, attendanceChainHeads, attendanceRecords } from '../../db/schema/index.js';

/** Tamper evidence for the attendance register (docs/decisions/0038-attendance-hash-chain.md). */
type Record = typeof attendanceRecords.$inferSelect;
type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

const RETENTION_YEARS = 5;
export const GENESIS = '0'.repeat(64);
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The register-relevant fields in a fixed order: what the chain vouches for. */
export function canonical(r: Record | null): string {
  if (!r) return 'deleted';
  return JSON.stringify([
    r.id,
    r.employeeId,
    r.date,
    iso(r.checkIn),
    iso(r.checkOut),
    r.workHours == null ? null : Number(r.workHours).toFixed(2),
    r.status,
    r.notes,
    r.isPermission,
    r.method,
    r.isManual,
    r.incomplete,
    r.manualReason,
  ]);
}

const linkHash = (prev: string, seq: number, recordId: string, op: string, content: string) => sha(`${prev}|${seq}|${recordId}|${op}|${content}`);

/**
 * Appends one entry for a record's new state (null: deleted). Call inside the writer's transaction; the
 * head row is locked FOR UPDATE, so concurrent writers of one company queue instead of forking the chain.
 */
export async function appendChain(
  tx: Exec,
  companyId: string,
  recordId: string,
  date: string,
  record: Record | null,
  op: 'write' | 'delete' | 'backfill' = record ? 'write' : 'delete',
) {
  const [entry] = await appendChainMany(tx, companyId, [{ recordId, date, record, op }]);
  return entry;
}

/**
 * Appends one entry per write, in the order given, under ONE lock of the head (a batch of check-ins: decision
 * 0068): the head is read once, the entries are linked in memory and inserted in one statement, the head moved once.
 * Exactly the entries `appendChain` called once per write would make.
 */
export async function appendChainMany(
  tx: Exec,
  companyId: string,
  writes: { recordId: string; date: string; record: Record | null; op?: 'write' | 'delete' | 'backfill' }[],
): Promise<{ seq: number; hash: string }[]> {
  if (!writes.length) return [];
  // The head, made when missing and locked, in one statement: ON CONFLICT DO UPDATE locks the existing row as FOR
  // UPDATE does, and the no-op update answers its values.
  const [head] = await tx
    .insert(attendanceChainHeads)
    .values({ companyId, seq: 0, hash: GENESIS })
    .onConflictDoUpdate({ target: attendanceChainHeads.companyId, set: { seq: sql`${attendanceChainHeads.seq}` } })
    .returning();
  let seq = Number(head.seq);
  let prevHash = head.hash;
  const rows = writes.map((w) => {
    seq += 1;
    const op = w.op ?? (w.record ? 'write' : 'delete');
    const contentHash = sha(canonical(w.record));
    const hash = linkHash(prevHash, seq, w.recordId, op, contentHash);
    const row = { companyId, seq, recordId: w.recordId, date: w.date, op, contentHash, prevHash, hash };
    prevHash = hash;
    return row;
  });
  await insertRows(tx, attendanceChain, rows);
  await tx.update(attendanceChainHeads).set({ seq, hash: prevHash }).where(eq(attendanceChainHeads.companyId, companyId));
  return rows.map((r) => ({ seq: r.seq, hash: r.hash }));
}

export type IntegrityReport =
  | { ok: true; entries: number; headHash: string }
  | { ok: false; entries: number; headHash: string; broken: { seq: number | null; recordId: string; date: string; reason: 'link' | 'content' | 'unchained' } };

/** Recomputes the whole chain and compares each record's last entry with the record as stored now. */
export async function verifyChain(db: Exec, companyId: string, now = new Date()): Promise<IntegrityReport> {
  // Records past the 5-year retention (decision 0034) are purged by the job: their entries stay as the proof.
  const purgedBefore = `${now.getUTCFullYear() - RETENTION_YEARS}${now.toISOString().slice(4, 10)}`;
  const entries = await db.select().from(attendanceChain).where(eq(attendanceChain.companyId, companyId)).orderBy(asc(attendanceChain.seq));
  let prev = GENESIS;
  const last = new Map<string, (typeof entries)[number]>();
  for (const [i, e] of entries.entries()) {
    if (Number(e.seq) !== i + 1 || e.prevHash !== prev || linkHash(prev, Number(e.seq), e.recordId, e.op, e.contentHash) !== e.hash) {
      return { ok: false, entries: entries.length, headHash: prev, broken: { seq: Number(e.seq), recordId: e.recordId, date: e.date, reason: 'link' } };
    }
    prev = e.hash;
    last.set(e.recordId, e);
  }
  const [head] = await db.select().from(attendanceChainHeads).where(eq(attendanceChainHeads.companyId, companyId));
  const headHash = entries.length ? prev : GENESIS;
  if (head && (head.hash !== headHash || Number(head.seq) !== entries.length)) {
    const e = entries.at(-1);
    return {
      ok: false,
      entries: entries.length,
      headHash,
      broken: { seq: Number(head.seq), recordId: e?.recordId ?? '', date: e?.date ?? '', reason: 'link' },
    };
  }
  const records = await db.select().from(attendanceRecords).where(eq(attendanceRecords.companyId, companyId)).orderBy(asc(attendanceRecords.date));
  const seen = new Set<string>();
  for (const r of records) {
    seen.add(r.id);
    const e = last.get(r.id);
    if (!e) return { ok: false, entries: entries.length, headHash, broken: { seq: null, recordId: r.id, date: r.date, reason: 'unchained' } };
    if (e.contentHash !== sha(canonical(r)))
      return { ok: false, entries: entries.length, headHash, broken: { seq: Number(e.seq), recordId: r.id, date: r.date, reason: 'content' } };
  }
  for (const e of last.values()) {
    // A record the chain last saw alive but that is gone: deleted by raw SQL, not through deleteManual.
    if (!seen.has(e.recordId) && e.op !== 'delete' && e.date >= purgedBefore) {
      return { ok: false, entries: entries.length, headHash, broken: { seq: Number(e.seq), recordId: e.recordId, date: e.date, reason: 'content' } };
    }
  }
  return { ok: true, entries: entries.length, headHash };
}

/** Idempotent start-up backfill: chains, in date order, the records of a company that have no entry yet. */
export async function backfillChain(db: Db, companyId: string) {
  return db.transaction(async (tx) => {
    const chained = new Set(
      (await tx.select({ id: attendanceChain.recordId }).from(attendanceChain).where(eq(attendanceChain.companyId, companyId))).map((r) => r.id),
    );
    const records = await tx
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, companyId)))
      .orderBy(asc(attendanceRecords.date), asc(attendanceRecords.createdAt));
    let n = 0;
    for (const r of records) {
      if (chained.has(r.id)) continue;
      await appendChain(tx, companyId, r.id, r.date, r, 'backfill');
      n++;
    }
    return n;
  });
}

/** At start-up: chains the records written before decision 0038 (or by any path that bypassed it), per company. */
export async function backfillAllChains(db: Db): Promise<number> {
  const rows = await db
    .selectDistinct({ companyId: attendanceRecords.companyId })
    .from(attendanceRecords)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(attendanceChain)
          .where(and(eq(attendanceChain.companyId, attendanceRecords.companyId), eq(attendanceChain.recordId, attendanceRecords.id))),
      ),
    );
  let n = 0;
  for (const { companyId } of rows) n += await backfillChain(db, companyId);
  return n;
}

export type ChainHead = { seq: number; hash: string };
/** The company's chain head now (GENESIS before the first entry). */
export async function chainHead(db: Exec, companyId: string): Promise<ChainHead> {
  const [head] = await db.select().from(attendanceChainHeads).where(eq(attendanceChainHeads.companyId, companyId));
  return head ? { seq: Number(head.seq), hash: head.hash } : { seq: 0, hash: GENESIS };
}
