import { isWorkDay, type ScheduleRules, shiftWindow, workHours } from './rules.js';

/**
 * The register's split of a record's time (decision 0037): "hours worked" is workHours (check-in to check-out,
 * an early arrival counted from the shift start unless countActualTime, minus the break inside), and "hours
 * outside the workday" is the part OF THOSE SAME hours that falls before the shift start or after the shift end.
 * So outside <= worked on every line, and worked - outside is the time inside the shift. Without a schedule, on a
 * rest day of the schedule, every hour worked is outside. An open shift (no exit) has neither: it is marked open.
 * A permission is paid leave, not work: worked 0, outside 0, leave = the permission's hours.
 */
export interface WorkSplit {
  worked: number | null;
  outside: number | null;
  leave: number | null;
  open: boolean;
}

type SplitSchedule = Pick<ScheduleRules, 'startTime' | 'endTime' | 'workDays'> & Partial<ScheduleRules>;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function workSplit(
  record: { checkIn: Date | null; checkOut: Date | null; isPermission?: boolean },
  schedule: SplitSchedule | null,
  date: string,
  timezone: string,
): WorkSplit {
  const rules = schedule
    ? ({ lateToleranceMinutes: 0, allowEarlyCheckIn: false, earlyCheckInMinutes: 0, countActualTime: false, ...schedule } as ScheduleRules)
    : null;
  const hours = workHours(record, rules, date, timezone);
  if (record.isPermission) return { worked: 0, outside: 0, leave: hours, open: false };
  if (!record.checkIn || !record.checkOut) return { worked: null, outside: null, leave: null, open: !!record.checkIn && !record.checkOut };
  if (hours == null) return { worked: null, outside: null, leave: null, open: false };
  if (!rules || !isWorkDay(rules, date)) return { worked: hours, outside: hours, leave: null, open: false };
  const { start, end } = shiftWindow(rules, date, timezone);
  let from = record.checkIn.getTime();
  const to = record.checkOut.getTime();
  if (!rules.countActualTime && from < start.getTime()) from = Math.min(start.getTime(), to);
  const before = Math.max(0, Math.min(to, start.getTime()) - from);
  const after = Math.max(0, to - Math.max(from, end.getTime()));
  return { worked: hours, outside: Math.min(hours, round2((before + after) / 3_600_000)), leave: null, open: false };
}
