import { type ScheduleRules, shiftWindow, workHours } from '@presente/shared';
import type { RecordView, ScheduleView } from '../types';

/** A check-out this soon after the check-in always asks first (also without a schedule). */
export const CONFIRM_CHECK_OUT_WITHIN_MS = 60 * 60 * 1000;

export interface CheckOutPreview {
  /** Hours the check-out would record now, by the same rules as the server (0 when not computable). */
  hours: number;
  /** The shift's end when the check-out comes before it; null after it or without a schedule. */
  shiftEnd: Date | null;
  /** Ask before checking out: before the shift's end, or within the first hour after the check-in. */
  confirm: boolean;
}

const rulesOf = (s: ScheduleView): ScheduleRules => ({ ...s, workDays: s.workDays.join(',') });

/**
 * What a check-out at `now` would record (decision 0024): the shared workHours on the day's schedule, and
 * whether to confirm it first. A check-out after the shift's end and past the first hour goes at once (the
 * ordinary end of a day); one before the end, or within the first hour, asks, naming the hours.
 */
export function checkOutPreview(
  record: Pick<RecordView, 'checkIn'>,
  schedule: ScheduleView | null,
  date: string,
  timezone: string,
  now: Date,
): CheckOutPreview {
  const rules = schedule ? rulesOf(schedule) : null;
  const hours = record.checkIn ? (workHours({ checkIn: record.checkIn, checkOut: now }, rules, date, timezone) ?? 0) : 0;
  const end = rules ? shiftWindow(rules, date, timezone).end : null;
  const shiftEnd = end && now.getTime() < end.getTime() ? end : null;
  const soon = record.checkIn ? now.getTime() - Date.parse(record.checkIn) < CONFIRM_CHECK_OUT_WITHIN_MS : true;
  return { hours, shiftEnd, confirm: shiftEnd !== null || soon };
}
