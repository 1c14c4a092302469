import { addDays } from '@presente/shared';
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import { attendanceArchive, attendanceRecords, companies } from '../db/schema/index.js';

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
 */
export async function pruneRetention(deps: Pick<AppDeps, 'db'>, now: Date) {
  const cutoff = retentionCutoff(now);
  const evidenceCutoff = retentionCutoff(now, EVIDENCE_YEARS);
  const all = await deps.db.select({ id: companies.id }).from(companies);
  let archived = 0;
  let stripped = 0;
  for (const { id: companyId } of all) {
    archived += await inBatches(() => {
      const batch = deps.db
        .select({ id: attendanceArchive.id })
        .from(attendanceArchive)
        .where(and(eq(attendanceArchive.companyId, companyId), lt(attendanceArchive.date, cutoff)))
        .limit(BATCH);
      return deps.db.delete(attendanceArchive).where(inArray(attendanceArchive.id, batch)).returning({ id: attendanceArchive.id });
    });
    stripped += await inBatches(() => {
      const batch = deps.db
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
      return deps.db
        .update(attendanceRecords)
        .set({ evidence: null, checkInLatitude: null, checkInLongitude: null, checkOutLatitude: null, checkOutLongitude: null })
        .where(inArray(attendanceRecords.id, batch))
        .returning({ id: attendanceRecords.id });
    });
  }
  return { archived, stripped };
}

/** Runs a statement that changes at most BATCH rows until one changes fewer; answers how many rows changed. */
async function inBatches(step: () => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = (await step()).length;
    total += changed;
    if (changed < BATCH) return total;
  }
}
