import { currentPeriod, type SchedulePeriod, type ScheduleRules, type ScheduleSnapshot } from '@presente/shared';
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { employeeSchedulePeriods as p } from '../../../db/schema/index.js';
import { anyUuid } from '../../../lib/sql.js';

/**
 * The periods of some employees that matter between two local days: the one in effect on `start` and
 * those starting up to `end`, by employee, oldest first (one query; the primary key serves the lookup).
 */
export async function loadPeriods(db: Db, companyId: string, employeeIds: string[], start: string, end: string): Promise<Map<string, SchedulePeriod[]>> {
  const byEmployee = new Map<string, SchedulePeriod[]>();
  if (!employeeIds.length) return byEmployee;
  const latestAtStart = sql`(select max(q.valid_from) from employee_schedule_periods q where q.employee_id = ${p.employeeId} and q.valid_from <= ${start})`;
  const rows = await db
    .select({ employeeId: p.employeeId, validFrom: p.validFrom, active: p.active, scheduleId: p.scheduleId, schedule: sql<string | null>`${p.schedule}::text` })
    .from(p)
    .where(
      and(
        eq(p.companyId, companyId),
        anyUuid(p.employeeId, employeeIds),
        lte(p.validFrom, end),
        or(gte(p.validFrom, start), sql`${p.validFrom} = ${latestAtStart}`),
      ),
    )
    .orderBy(asc(p.employeeId), asc(p.validFrom));
  // The snapshot as text, parsed once per distinct (schedule, rules): a company's employees share a few, and the
  // judge and the calendar then meet the same object again (frames and JSON computed once per snapshot).
  const snapshots = new Map<string, ScheduleSnapshot>();
  for (const { employeeId, schedule, ...period } of rows) {
    let list = byEmployee.get(employeeId);
    if (!list) {
      list = [];
      byEmployee.set(employeeId, list);
    }
    let snapshot: ScheduleSnapshot | null = null;
    if (schedule !== null) {
      const key = `${period.scheduleId}|${schedule}`;
      snapshot = snapshots.get(key) ?? null;
      if (!snapshot) {
        snapshot = JSON.parse(schedule) as ScheduleSnapshot;
        snapshots.set(key, snapshot);
      }
    }
    list.push({ ...period, schedule: snapshot });
  }
  return byEmployee;
}

/** An employee's periods, else (no history recorded) their current state as the one period. */
export function periodsOf(
  periods: Map<string, SchedulePeriod[]>,
  e: { id: string; status: string; deletedAt?: Date | null; scheduleId: string | null; schedule: (ScheduleRules & { isActive?: boolean }) | null },
): SchedulePeriod[] {
  return (
    periods.get(e.id) ?? [
      currentPeriod({ active: e.status === 'ACTIVE' && !e.deletedAt, scheduleId: e.scheduleId, schedule: e.schedule?.id ? e.schedule : null }),
    ]
  );
}
