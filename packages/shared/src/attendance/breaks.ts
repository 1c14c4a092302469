import { parseHhmm } from './time.js';

/**
 * Why a schedule's break cannot be applied, or null when it can (or there is none):
 * - `incomplete`: only one of start and end;
 * - `notAfterStart`: the break ends at or before it starts (zero length, or 14:00-13:00 on a day shift);
 * - `outsideShift`: the break is not entirely inside the shift.
 * Times are read from the shift's start, so a night shift (end before start, crossing midnight) is one
 * span: on 22:00-06:00 a 02:00-02:30 break and a 23:30-00:15 break are inside. Decision 0024.
 */
export type BreakProblem = 'incomplete' | 'notAfterStart' | 'outsideShift';

export interface BreakTimes {
  startTime: string;
  endTime: string;
  breakStartTime?: string | null;
  breakEndTime?: string | null;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The problem of a schedule's break and the field it belongs to, or null when the break is fine or absent. */
export function breakProblem(s: BreakTimes): { problem: BreakProblem; field: 'breakStartTime' | 'breakEndTime' } | null {
  const { breakStartTime: bs, breakEndTime: be } = s;
  if (!bs && !be) return null;
  if (!bs || !be) return { problem: 'incomplete', field: bs ? 'breakEndTime' : 'breakStartTime' };
  // Malformed times are the time fields' own errors; a shift of no length is the schedule's.
  if (!HHMM.test(s.startTime) || !HHMM.test(s.endTime) || !HHMM.test(bs) || !HHMM.test(be)) return null;
  const start = parseHhmm(s.startTime);
  if (start === parseHhmm(s.endTime)) return null;
  // Minutes from the shift start: the shift is [0, length], a night shift included.
  const fromStart = (hhmm: string) => (parseHhmm(hhmm) - start + 1440) % 1440;
  const length = fromStart(s.endTime);
  const from = fromStart(bs);
  const to = fromStart(be);
  if (from > length) return { problem: 'outsideShift', field: 'breakStartTime' };
  if (to > length) return { problem: 'outsideShift', field: 'breakEndTime' };
  // Zero length, or the end comes first (14:00-13:00 on 08:00-17:00).
  if (to <= from) return { problem: 'notAfterStart', field: 'breakEndTime' };
  return null;
}

/** True when the schedule's break is entirely inside its shift and lasts more than zero minutes. */
export function breakInsideShift(s: BreakTimes): boolean {
  const times = [s.startTime, s.endTime, s.breakStartTime, s.breakEndTime];
  return times.every((v) => typeof v === 'string' && HHMM.test(v)) && s.startTime !== s.endTime && breakProblem(s) === null;
}
