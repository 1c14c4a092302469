import type { ScheduleRules } from './rules.js';

/** The rule fields of a schedule as a period keeps them (docs/decisions/0013-attendance-history.md). */
export type ScheduleSnapshot = ScheduleRules & { name: string };

/**
 * What applied to an employee from `validFrom` (a local day) until the next period: whether they were
 * active (ACTIVE and not deleted) and the schedule's rules as they were then. The first period of an
 * employee also covers every earlier day (days before the hire are handled by `activeFrom`).
 */
export interface SchedulePeriod {
  validFrom: string;
  active: boolean;
  /** The assigned schedule (also when it was inactive: holidays for that schedule still apply). */
  scheduleId: string | null;
  /** The schedule's rules, null without a schedule or while it was inactive. */
  schedule: ScheduleSnapshot | ScheduleRules | null;
}

/** The rule fields a snapshot keeps, in this order (the server builds the same object in SQL). */
export const SNAPSHOT_FIELDS = [
  'name',
  'startTime',
  'endTime',
  'breakStartTime',
  'breakEndTime',
  'workDays',
  'lateToleranceMinutes',
  'allowEarlyCheckIn',
  'earlyCheckInMinutes',
  'countActualTime',
] as const;

/** The period that applies on a local day: the last one starting on or before it, else the first. */
export function periodOn<P extends Pick<SchedulePeriod, 'validFrom'>>(periods: readonly P[], date: string): P | undefined {
  let found: P | undefined;
  let first: P | undefined;
  for (const p of periods) {
    // Stryker disable next-line EqualityOperator: validFrom is unique per employee (the table's primary key): no ties
    if (!first || p.validFrom < first.validFrom) first = p;
    // Stryker disable next-line EqualityOperator: validFrom is unique per employee (the table's primary key): no ties; the <= date part is killed by the tests (a period starting that day)
    if (p.validFrom <= date && (!found || p.validFrom > found.validFrom)) found = p;
  }
  return found ?? first;
}

/** The one period of an employee without history: their current state. */
export function currentPeriod(e: { active: boolean; scheduleId: string | null; schedule: (ScheduleRules & { isActive?: boolean }) | null }): SchedulePeriod {
  return { validFrom: '0000-01-01', active: e.active, scheduleId: e.scheduleId, schedule: e.schedule && e.schedule.isActive !== false ? e.schedule : null };
}
