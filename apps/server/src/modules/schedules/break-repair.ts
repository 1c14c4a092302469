import { breakInsideShift } from '@presente/shared';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schedules } from '../../db/schema/index.js';
import { logActivity } from '../activity/activity.service.js';
import { snapshotPeriods } from '../attendance/periods.js';

export interface RepairedBreak {
  companyId: string;
  scheduleId: string;
  name: string;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
}

interface RepairLog {
  warn: (obj: object, msg: string) => void;
}

/**
 * Start-up repair (decision 0024): a schedule saved before breaks were validated may hold a break that
 * cannot be (ending before it starts, outside the shift, half of it). Its break is cleared, the least
 * harmful repair (no hours are cut; the hours engine already ignores such a break), its employees get a
 * period from today with the repaired rules, and each repair is logged and written to the company's
 * activity. Idempotent: a second run finds nothing. The same rule as the shared schema (breakProblem).
 */
export async function repairImpossibleBreaks(db: Db, log: RepairLog): Promise<RepairedBreak[]> {
  const withBreak = await db
    .select({
      companyId: schedules.companyId,
      scheduleId: schedules.id,
      name: schedules.name,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      breakStartTime: schedules.breakStartTime,
      breakEndTime: schedules.breakEndTime,
    })
    .from(schedules)
    .where(or(isNotNull(schedules.breakStartTime), isNotNull(schedules.breakEndTime)));
  const impossible = withBreak.filter((s) => !breakInsideShift(s));
  const repaired: RepairedBreak[] = [];
  for (const s of impossible) {
    const done = await db.transaction(async (tx) => {
      // Only if unchanged since it was read: an admin's save meanwhile wins.
      const [row] = await tx
        .update(schedules)
        .set({ breakStartTime: null, breakEndTime: null })
        .where(
          and(
            eq(schedules.id, s.scheduleId),
            s.breakStartTime == null ? undefined : eq(schedules.breakStartTime, s.breakStartTime),
            s.breakEndTime == null ? undefined : eq(schedules.breakEndTime, s.breakEndTime),
          ),
        )
        .returning({ id: schedules.id });
      if (!row) return false;
      await snapshotPeriods(tx, s.companyId, { scheduleId: s.scheduleId });
      await logActivity(tx, {
        companyId: s.companyId,
        type: 'schedule_changed',
        title: 'activity.scheduleBreakCleared',
        description: 'activity.scheduleBreakClearedDetail',
        details: {
          scheduleId: s.scheduleId,
          scheduleName: s.name,
          startTime: s.startTime,
          endTime: s.endTime,
          breakStartTime: s.breakStartTime ?? '—',
          breakEndTime: s.breakEndTime ?? '—',
        },
      });
      return true;
    });
    if (!done) continue;
    log.warn({ ...s }, 'schedule break cleared: it ended before it started or was outside the shift (decision 0024)');
    repaired.push(s);
  }
  return repaired;
}
