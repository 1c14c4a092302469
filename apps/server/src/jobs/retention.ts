import { addDays } from '@presente/shared';
import { and, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import type { Db } from '../db/client.js';
import { activityLog, attendanceArchive, attendanceRecords, companies, employees, manualChanges, registerLinks } from '../db/schema/index.js';
import { allowRegisterWrites } from '../modules/register/closing.js';

export const PRUNE_RETENTION = 'retention.prune';
/** Peru's attendance register is kept 5 years (docs/privacy-retention.md). */
export const RETENTION_YEARS = 5;
/**
 * The evidence beyond the register (face distances, liveness, IP, user agent, GPS positions) is kept 1 year: long
 * enough for a dispute about a punch or a labour inspection of the last period, no longer (decision 0035).
 */
export const EVIDENCE_YEARS = 1;
/** Rows per statement: short transactions on a large table. */
const BATCH = 1000;

/**
 * The first work date still within retention: today (UTC) five years back, one day earlier so no timezone
 * prunes a day early. Dates before it are past retention.
 */
export function retentionCutoff(now: Date, years: number = RETENTION_YEARS): string {
  const back = new Date(now.getTime());
  back.setUTCFullYear(back.getUTCFullYear() - years); // 29 February becomes 1 March
  return addDays(back.toISOString().slice(0, 10), -1);
}

/**
 * Once a day, per company (through the company-and-date indexes): deleted records kept in `attendance_archive`
 * leave once their work date is past retention (5 years), and records older than EVIDENCE_YEARS lose the personal
 * data beyond the register (the face/link evidence: distances, liveness, IP, user agent; the GPS positions). The record itself
 * (date, times, status, notes) stays as the company's history. Batches of 1,000 rows per statement.
 *
 * A closed company (decision 0034) keeps nothing past retention: its records and manual-change entries (audit, manual_changes)
 * leave by their work date, then its workers without any record left, then the company row itself (with its
 * download links) once nothing of its register is left.
 */
export async function pruneRetention(deps: Pick<AppDeps, 'db'>, now: Date) {
  const cutoff = retentionCutoff(now);
  const evidenceCutoff = retentionCutoff(now, EVIDENCE_YEARS);
  const all = await deps.db.select({ id: companies.id, closedAt: companies.closedAt }).from(companies);
  let archived = 0;
  let stripped = 0;
  let purged = 0;
  let companiesPurged = 0;
  for (const { id: companyId, closedAt } of all) {
    archived += await inBatches(deps.db, (tx) => {
      const batch = tx
        .select({ id: attendanceArchive.id })
        .from(attendanceArchive)
        .where(and(eq(attendanceArchive.companyId, companyId), lt(attendanceArchive.date, cutoff)))
        .limit(BATCH);
      return tx.delete(attendanceArchive).where(inArray(attendanceArchive.id, batch)).returning({ id: attendanceArchive.id });
    });
    if (closedAt) {
      purged += await inBatches(deps.db, (tx) => {
        const batch = tx
          .select({ id: attendanceRecords.id })
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.companyId, companyId), lt(attendanceRecords.date, cutoff)))
          .limit(BATCH);
        return tx.delete(attendanceRecords).where(inArray(attendanceRecords.id, batch)).returning({ id: attendanceRecords.id });
      });
      companiesPurged += await purgeClosedRemains(deps.db, companyId, cutoff, now);
      continue;
    }
    stripped += await inBatches(deps.db, (tx) => {
      const batch = tx
        .select({ id: attendanceRecords.id })
        .from(attendanceRecords)
        .where(
          and(
            eq(attendanceRecords.companyId, companyId),
            lt(attendanceRecords.date, evidenceCutoff),
            or(isNotNull(attendanceRecords.evidence), isNotNull(attendanceRecords.checkInLatitude), isNotNull(attendanceRecords.checkOutLatitude)),
          ),
        )
        .limit(BATCH);
      return tx
        .update(attendanceRecords)
        .set({ evidence: null, checkInLatitude: null, checkInLongitude: null, checkOutLatitude: null, checkOutLongitude: null })
        .where(inArray(attendanceRecords.id, batch))
        .returning({ id: attendanceRecords.id });
    });
  }
  return { archived, stripped, purged, companiesPurged };
}

/**
 * A closed company past retention: its audit entries of days past retention go, then its workers with no record
 * or archived record left, then the company when no worker is left and no download link of its register is still
 * valid (the mailed 30-day link keeps working even for a company with nothing to keep). Answers 1 when the company went.
 */
async function purgeClosedRemains(db: Db, companyId: string, cutoff: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await allowRegisterWrites(tx);
    await tx
      .delete(activityLog)
      .where(
        and(eq(activityLog.companyId, companyId), sql`coalesce(${activityLog.details}->>'date', to_char(${activityLog.createdAt}, 'YYYY-MM-DD')) < ${cutoff}`),
      );
    await tx.delete(manualChanges).where(and(eq(manualChanges.companyId, companyId), lt(manualChanges.date, cutoff)));
    await tx
      .delete(employees)
      .where(
        and(
          eq(employees.companyId, companyId),
          sql`not exists (select 1 from attendance_records r where r.employee_id = ${employees.id})`,
          sql`not exists (select 1 from attendance_archive a where a.employee_id = ${employees.id})`,
        ),
      );
    const [left] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.companyId, companyId)).limit(1);
    if (left) return 0;
    const [link] = await tx
      .select({ id: registerLinks.id })
      .from(registerLinks)
      .where(and(eq(registerLinks.companyId, companyId), gt(registerLinks.expiresAt, now)))
      .limit(1);
    if (link) return 0;
    const gone = await tx
      .delete(companies)
      .where(and(eq(companies.id, companyId), isNotNull(companies.closedAt)))
      .returning({ id: companies.id });
    return gone.length;
  });
}

/** Runs a statement that changes at most BATCH rows until one changes fewer; answers how many rows changed. */
async function inBatches(db: Db, step: (tx: Db) => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (;;) {
    // A closed company's register is read-only (the guard trigger) except for this purge.
    const changed = await db.transaction(async (tx) => {
      await allowRegisterWrites(tx);
      return (await step(tx)).length;
    });
    total += changed;
    if (changed < BATCH) return total;
  }
}
