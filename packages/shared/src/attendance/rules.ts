import { breakInsideShift } from './breaks.js';
import { addDays, isoWeekday, localToInstant, parseHhmm, toLocal } from './time.js';

/** Core day statuses (spec §3) plus `pending` for a day whose shift has not ended yet. */
export type DayStatus = 'present' | 'early' | 'late' | 'absent' | 'permission' | 'holiday' | 'day_off' | 'pending';

export interface ScheduleRules {
  id?: string;
  startTime: string;
  endTime: string;
  breakStartTime?: string | null;
  breakEndTime?: string | null;
  /** "1,2,3,4,5" (Monday=1 .. Sunday=7). */
  workDays: string;
  lateToleranceMinutes: number;
  allowEarlyCheckIn: boolean;
  earlyCheckInMinutes: number;
  countActualTime: boolean;
}

export interface RecordFacts {
  checkIn?: Date | string | null;
  checkOut?: Date | string | null;
  isPermission?: boolean;
  notes?: string | null;
  status?: string | null;
}

export interface HolidayFacts {
  date: string;
  isActive: boolean;
  applyToAll: boolean;
  scheduleIds: string[];
}

const asDate = (v: Date | string | null | undefined) => (v == null ? null : v instanceof Date ? v : new Date(v));
const workDaySets = new Map<string, Set<number>>();
export function isWorkDay(schedule: Pick<ScheduleRules, 'workDays'>, date: string): boolean {
  let set = workDaySets.get(schedule.workDays);
  // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
  if (!set) {
    // Stryker disable next-line StringLiteral: work days are single digits 1-7, so split('') reads the same set
    set = new Set(schedule.workDays.split(',').map(Number));
    workDaySets.set(schedule.workDays, set);
  }
  return set.has(isoWeekday(date));
}
export const isNightShift = (s: Pick<ScheduleRules, 'startTime' | 'endTime'>) => parseHhmm(s.endTime) <= parseHhmm(s.startTime);

const windows = new Map<string, { start: Date; end: Date }>();
/** Start and end instants of the shift that begins on a local date (a night shift ends the next day). */
export function shiftWindow(schedule: Pick<ScheduleRules, 'startTime' | 'endTime'>, date: string, timezone: string) {
  const key = `${timezone}|${date}|${schedule.startTime}|${schedule.endTime}`;
  let w = windows.get(key);
  // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
  if (!w) {
    const start = parseHhmm(schedule.startTime);
    const end = parseHhmm(schedule.endTime) + (isNightShift(schedule) ? 1440 : 0);
    w = { start: localToInstant(date, start, timezone), end: localToInstant(date, end, timezone) };
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's size bound: clearing sooner or later answers the same
    if (windows.size > 20_000) windows.clear();
    windows.set(key, w);
  }
  return w;
}

/** Whether a holiday applies to an employee's schedule that day. */
export function holidayApplies(h: HolidayFacts, date: string, scheduleId: string | null | undefined): boolean {
  return h.isActive && h.date === date && (h.applyToAll || (!!scheduleId && h.scheduleIds.includes(scheduleId)));
}

/**
 * The work date a punch belongs to: the local day whose shift's window holds it. Each of yesterday's,
 * today's and tomorrow's shifts is a candidate with the window [start − early window, end + grace]: a
 * punch after midnight inside the previous day's night shift belongs to that day, and a check-in at 23:50
 * for a shift that starts at 00:30 (inside its early window) belongs to the next day. When several windows
 * hold the punch, the shift whose start is nearest wins; when none does, the punch's own local day.
 * The early window is `earlyCheckInMinutes` whether or not early arrivals are rewarded (it says when
 * people arrive, not how they are judged).
 */
export function workDateFor(instant: Date, schedule: ScheduleRules | null, timezone: string, graceMinutes = 240): string {
  const local = toLocal(instant, timezone).date;
  if (!schedule) return local;
  const t = instant.getTime();
  const before = Math.max(0, schedule.earlyCheckInMinutes) * 60000;
  const after = graceMinutes * 60000;
  let best = local;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const date of [addDays(local, -1), local, addDays(local, 1)]) {
    const { start, end } = shiftWindow(schedule, date, timezone);
    if (t < start.getTime() - before || t > end.getTime() + after) continue;
    const distance = Math.abs(t - start.getTime());
    if (distance < bestDistance) {
      best = date;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * How a check-in compares with the shift start: early (inside the allowed window), present, or late.
 * On a day the schedule does not work there is no shift to be early or late for: present.
 */
export function arrivalStatus(checkIn: Date, schedule: ScheduleRules, date: string, timezone: string): 'early' | 'present' | 'late' {
  if (!isWorkDay(schedule, date)) return 'present';
  return arrivalAt(checkIn.getTime(), shiftWindow(schedule, date, timezone).start.getTime(), schedule);
}

type ArrivalRules = Pick<ScheduleRules, 'lateToleranceMinutes' | 'allowEarlyCheckIn' | 'earlyCheckInMinutes'>;
/** arrivalStatus on instants in ms (the shift start already resolved). */
export function arrivalAt(checkInMs: number, shiftStartMs: number, schedule: ArrivalRules): 'early' | 'present' | 'late' {
  // At minute precision, as the check-in is shown: 09:15:30 is "09:15", on time with tolerance 15.
  const diffMin = (Math.floor(checkInMs / 60000) * 60000 - shiftStartMs) / 60000;
  if (diffMin > schedule.lateToleranceMinutes) return 'late';
  if (diffMin < 0 && schedule.allowEarlyCheckIn && -diffMin <= schedule.earlyCheckInMinutes) return 'early';
  return 'present';
}

/** The day an employee starts counting: the hire date, else the local day they were added. */
export function activeFromOf(e: { hireDate?: string | null; createdAt?: Date | string | null }, timezone: string): string | null {
  if (e.hireDate) return e.hireDate;
  const created = asDate(e.createdAt);
  return created ? toLocal(created, timezone).date : null;
}

const TREE = '🎄';
/**
 * The spec's fallback (§4) for a record: permission → notes with 🎄 → holiday → a check-in → present →
 * else absent. The rules apply it to every record, with or without a schedule; a schedule only refines
 * "a check-in" into early/present/late and "else" into day_off/absent/pending (recordStatus, dayStatus).
 */
export function fallbackStatus(record: RecordFacts): DayStatus {
  if (record.isPermission) return 'permission';
  if (record.notes?.includes(TREE)) return 'holiday';
  if (record.checkIn) return 'present';
  return 'absent';
}

/** The status a record gets when it is written (punch, manual edit): the fallback order, arrivals judged by the schedule. */
export function recordStatus(record: RecordFacts, schedule: ScheduleRules | null, date: string, timezone: string): DayStatus {
  const status = fallbackStatus(record);
  const checkIn = asDate(record.checkIn);
  return status === 'present' && checkIn && schedule ? arrivalStatus(checkIn, schedule, date, timezone) : status;
}

export interface DayInput {
  date: string;
  timezone: string;
  /** The instant "now" (decides today's pending/absent). */
  now: Date;
  /** The schedule that applied that day (its period's snapshot), null without one. */
  schedule: ScheduleRules | null;
  scheduleId?: string | null;
  record?: RecordFacts | null;
  holidays?: HolidayFacts[];
  /** First local day the employee is expected (hire date, else the day they were added): earlier days without a record are not absences. */
  activeFrom?: string | null;
  /** False while the employee was inactive or deleted that day: like days before the hire, not absences. */
  active?: boolean;
}

/**
 * The status of one employee's day (issue rules): holiday → permission → 🎄 → arrival (early/present/late)
 * → day_off / absent. Days after today, and today before the shift ends, are `pending` when nothing
 * is recorded. A record without check-in, permission or 🎄 counts as no record.
 */
export function dayStatus(input: DayInput): DayStatus {
  const { date, timezone, now, schedule, record } = input;
  // Stryker disable next-line ArrayDeclaration: a made-up holiday in place of none is inactive and of no date: it never applies
  if ((input.holidays ?? []).some((h) => holidayApplies(h, date, input.scheduleId))) return 'holiday';
  if (record) {
    if (record.isPermission) return 'permission';
    if (record.notes?.includes(TREE)) return 'holiday';
    const checkIn = asDate(record.checkIn);
    if (checkIn) return schedule ? arrivalStatus(checkIn, schedule, date, timezone) : 'present';
  }
  if ((input.activeFrom && date < input.activeFrom) || input.active === false) return 'day_off';
  if (!schedule) return pendingOr(date, now, timezone, null, 'absent');
  if (!isWorkDay(schedule, date)) return 'day_off';
  return pendingOr(date, now, timezone, schedule, 'absent');
}

/** Days after today, and a day whose shift has not ended yet (today's, or last night's running past midnight; decision 0052). */
function pendingOr(date: string, now: Date, timezone: string, schedule: ScheduleRules | null, status: DayStatus): DayStatus {
  const today = toLocal(now, timezone).date;
  if (date > today) return 'pending';
  // Stryker disable next-line ConditionalExpression,LogicalOperator: any day shift, and any shift of a day before yesterday, has ended by now: the end check below answers the same
  const lastNight = schedule && isNightShift(schedule) && date === addDays(today, -1);
  // Stryker disable next-line ConditionalExpression: a past day's shift (other than last night's) has ended by now: the end check below answers the same
  if (date === today || lastNight) {
    const end = schedule ? shiftWindow(schedule, date, timezone).end : localToInstant(addDays(date, 1), 0, timezone);
    if (now.getTime() < end.getTime()) return 'pending';
  }
  return status;
}

/**
 * Hours worked: check-in to check-out minus the part of the break inside that span. Without
 * countActualTime an early arrival counts from the shift start. Null when not computable or negative.
 */
export function workHours(record: RecordFacts, schedule: ScheduleRules | null, date: string, timezone: string): number | null {
  const inAt = asDate(record.checkIn);
  const outAt = asDate(record.checkOut);
  if (!inAt || !outAt) return null;
  if (!schedule) return hoursBetween(inAt.getTime(), outAt.getTime(), null);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: breakWindow ignores a break without both times (breakInsideShift)
  const br = schedule.breakStartTime && schedule.breakEndTime ? breakWindow(schedule as BreakRules, date, timezone) : null;
  return hoursBetween(inAt.getTime(), outAt.getTime(), {
    countActualTime: schedule.countActualTime,
    start: shiftWindow(schedule, date, timezone).start.getTime(),
    breakStart: br?.start.getTime() ?? null,
    breakEnd: br?.end.getTime() ?? null,
  });
}

/** A shift's instants in ms on one work date, as workHours needs them (no break: nulls). */
export interface ShiftSpan {
  countActualTime: boolean;
  start: number;
  breakStart: number | null;
  breakEnd: number | null;
}

/** workHours on instants in ms: check-in to check-out, early arrivals from the shift start, minus the break inside. */
export function hoursBetween(inMs: number, outMs: number, shift: ShiftSpan | null): number | null {
  let from = inMs;
  const to = outMs;
  // Stryker disable next-line EqualityOperator: at the start itself, moving the check-in to the start changes nothing
  if (shift && !shift.countActualTime && from < shift.start) from = Math.min(shift.start, to);
  const overlap =
    // Stryker disable next-line ConditionalExpression: a null break reads as 0 in min/max, giving an overlap of 0 anyway
    shift && shift.breakStart != null && shift.breakEnd != null ? Math.max(0, Math.min(to, shift.breakEnd) - Math.max(from, shift.breakStart)) : 0;
  const hours = (to - from - overlap) / 3_600_000;
  return hours >= 0 ? round2(hours) : null;
}

type BreakRules = Pick<ScheduleRules, 'startTime' | 'endTime'> & { breakStartTime: string; breakEndTime: string };
const breaks = new Map<string, { start: Date; end: Date } | null>();
/**
 * The break's instants on a work date (on a night shift a break after midnight is the next day), or null
 * when the break is impossible (not entirely inside the shift, or not ending after it starts): such a
 * break is ignored, so hours are never cut by it (a 14:00-13:00 break once cut 20 h). Decision 0024.
 */
export function breakWindow(schedule: BreakRules, date: string, timezone: string) {
  const key = `${timezone}|${date}|${schedule.startTime}|${schedule.endTime}|${schedule.breakStartTime}|${schedule.breakEndTime}`;
  let w = breaks.get(key);
  // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
  if (w === undefined) {
    w = breakInsideShift(schedule) ? computeBreak(schedule, date, timezone) : null;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's size bound: clearing sooner or later answers the same
    if (breaks.size > 20_000) breaks.clear();
    breaks.set(key, w);
  }
  return w;
}

function computeBreak(schedule: BreakRules, date: string, timezone: string) {
  const shiftStart = parseHhmm(schedule.startTime);
  let bs = parseHhmm(schedule.breakStartTime);
  let be = parseHhmm(schedule.breakEndTime);
  if (isNightShift(schedule) && bs < shiftStart) bs += 1440;
  // Stryker disable next-line EqualityOperator: a break of no length is refused by breakInsideShift before this runs
  if (be < bs) be += 1440;
  return { start: localToInstant(date, bs, timezone), end: localToInstant(date, be, timezone) };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface StatusCounts {
  present: number;
  early: number;
  late: number;
  absent: number;
  permission: number;
  holiday: number;
  day_off: number;
  pending: number;
}
export const emptyCounts = (): StatusCounts => ({ present: 0, early: 0, late: 0, absent: 0, permission: 0, holiday: 0, day_off: 0, pending: 0 });

export function countStatuses(statuses: DayStatus[]): StatusCounts {
  const c = emptyCounts();
  for (const s of statuses) c[s] += 1;
  return c;
}

/** Spec §9: (present+early+late+permission) / (that + absent) × 100, rounded; 0 when nothing counts. */
export function attendanceRate(c: Pick<StatusCounts, 'present' | 'early' | 'late' | 'permission' | 'absent'>): number {
  const attended = c.present + c.early + c.late + c.permission;
  const total = attended + c.absent;
  return total === 0 ? 0 : Math.round((attended / total) * 100);
}
