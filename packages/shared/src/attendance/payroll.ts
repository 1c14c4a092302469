import { createDayJudge, spanOf } from './judge.js';
import { workSplit } from './outside.js';
import { periodOn, type SchedulePeriod } from './periods.js';
import { breakWindow, type HolidayFacts, type ScheduleRules, shiftWindow } from './rules.js';
import { addDays, daySpan, daysBetween, isoWeekday, localToInstant, parseHhmm } from './time.js';

/**
 * The payroll summary (issue 24 item 4, decision 0047): for a period and each employee, the figures a Peruvian
 * payroll needs. Hours come from the one rule of the register (workSplit → workHours, decision 0037) and the
 * day's status from the calendar's judge (createDayJudge); this file only sorts those hours into buckets.
 *
 * Buckets of the hours worked (disjoint, so worked = regular + overtime25 + overtime35 + unapprovedOvertime +
 * holidayWorked + restDayWorked):
 * - on a holiday that applies to the employee, or on the weekly rest day: holidayWorked / restDayWorked
 *   (D.Leg. 713 pays them apart, with a 100 % surcharge when no substitute rest is given);
 * - otherwise the day's hours up to `dailyHours` are regular, the rest overtime; then, week by week
 *   (Monday-Sunday, only the days inside the period), regular hours past `weeklyHours` become overtime, taken
 *   from the last days of the week first;
 * - a day's overtime splits into its first `firstBandHours` (≥ 25 %) and the hours beyond (≥ 35 %);
 *   when the company requires approval, overtime of a day not approved is `unapprovedOvertime`, shown apart.
 * Night hours (the company's night window, 22:00-06:00 by default) are a part of the hours worked, in any bucket.
 */
export interface PayrollRules {
  dailyHours: number;
  weeklyHours: number;
  /** Hours of each day's overtime paid with the first surcharge (Peru: the first two). */
  firstBandHours: number;
  overtimeNeedsApproval: boolean;
  nightStart: string;
  nightEnd: string;
  /** ISO weekday of the weekly rest day (Sunday = 7). */
  restDay: number;
}

/** Peru's legal defaults (decision 0047): TUO D.Leg. 854 (D.S. 007-2002-TR) art. 1, 8, 9, 10; D.Leg. 713 art. 1-3. */
export const PERU_PAYROLL_RULES: PayrollRules = {
  dailyHours: 8,
  weeklyHours: 48,
  firstBandHours: 2,
  overtimeNeedsApproval: true,
  nightStart: '22:00',
  nightEnd: '06:00',
  restDay: 7,
};

/** The longest custom period a payroll summary covers, in days (a month is at most 31). */
export const PAYROLL_MAX_DAYS = 62;

export interface PayrollRecord {
  date: string;
  checkIn: Date | null;
  checkOut: Date | null;
  isPermission: boolean;
  /** A permission without pay (default: paid, as spec §5's justified permission). */
  unpaid?: boolean;
  notes?: string | null;
  /** The admin approved this day's overtime (only read when the company requires approval). */
  overtimeApproved?: boolean;
}

export interface PayrollEmployee {
  employeeId: string;
  periods: SchedulePeriod[];
  activeFrom: string | null;
  records: PayrollRecord[];
}

export interface PayrollLine {
  employeeId: string;
  daysWorked: number;
  workedHours: number;
  regularHours: number;
  overtime25Hours: number;
  overtime35Hours: number;
  unapprovedOvertimeHours: number;
  nightHours: number;
  holidayWorkedHours: number;
  restDayWorkedHours: number;
  lateMinutes: number;
  lateDays: number;
  absences: number;
  paidPermissions: number;
  unpaidPermissions: number;
  permissionHours: number;
  holidaysPaid: number;
  /** Days with an entry and no exit: no hours counted, to be completed. */
  openShifts: number;
  /** Each ordinary day with overtime (after the weekly limit), its hours and whether they count as approved. */
  overtimeDays: { date: string; hours: number; approved: boolean }[];
}

export interface PayrollInput {
  from: string;
  to: string;
  timezone: string;
  now: Date;
  rules: PayrollRules;
  holidays?: HolidayFacts[];
  employees: PayrollEmployee[];
}

interface DayMinutes {
  date: string;
  kind: 'ordinary' | 'holiday' | 'rest';
  worked: number;
  regular: number;
  overtime: number;
  approved: boolean;
}

const toMinutes = (hours: number | null) => (hours == null ? 0 : Math.round(hours * 60));
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The period's summary, one line per employee in the order given. A RangeError when the period is not valid. */
export function payrollSummary(input: PayrollInput): PayrollLine[] {
  const { from, to, timezone } = input;
  const span = daySpan(from, to);
  if (span < 1 || span > PAYROLL_MAX_DAYS) throw new RangeError(`payroll period of ${span} days`);
  const days = daysBetween(from, to);
  const judge = createDayJudge({ days, timezone, now: input.now, holidays: input.holidays });
  return input.employees.map((e) => employeeLine(e, days, judge.forEmployee(e.periods, e.activeFrom), input));
}

function employeeLine(
  e: PayrollEmployee,
  days: string[],
  judged: ReturnType<ReturnType<typeof createDayJudge>['forEmployee']>,
  input: PayrollInput,
): PayrollLine {
  const { timezone, rules } = input;
  const byDate = new Map(e.records.map((r) => [r.date, r]));
  const line: PayrollLine = {
    employeeId: e.employeeId,
    daysWorked: 0,
    workedHours: 0,
    regularHours: 0,
    overtime25Hours: 0,
    overtime35Hours: 0,
    unapprovedOvertimeHours: 0,
    nightHours: 0,
    holidayWorkedHours: 0,
    restDayWorkedHours: 0,
    lateMinutes: 0,
    lateDays: 0,
    absences: 0,
    paidPermissions: 0,
    unpaidPermissions: 0,
    permissionHours: 0,
    holidaysPaid: 0,
    openShifts: 0,
    overtimeDays: [],
  };
  const worked: DayMinutes[] = [];
  let night = 0;
  let leave = 0;
  days.forEach((date, i) => {
    const record = byDate.get(date) ?? null;
    const status = judged.status(i, record ? spanOf(record) : null);
    const period = periodOn(e.periods, date);
    const schedule = period?.schedule ?? null;
    if (status === 'absent') line.absences += 1;
    const holiday = status === 'holiday';
    if (holiday && judged.active(i) && !(e.activeFrom && date < e.activeFrom)) line.holidaysPaid += 1;
    if (!record) return;
    const split = workSplit(record, schedule, date, timezone);
    if (record.isPermission) {
      if (record.unpaid) line.unpaidPermissions += 1;
      else line.paidPermissions += 1;
      leave += toMinutes(split.leave);
      return;
    }
    if (split.open) line.openShifts += 1;
    if (status === 'late' && schedule && record.checkIn) {
      const start = shiftWindow(schedule, date, timezone).start.getTime();
      const late = Math.round((Math.floor(record.checkIn.getTime() / 60000) * 60000 - start) / 60000);
      line.lateDays += 1;
      line.lateMinutes += late;
    }
    const minutes = toMinutes(split.worked);
    if (split.worked == null || minutes <= 0) return;
    line.daysWorked += 1;
    night += nightMinutes(record, schedule, date, input);
    const kind = holiday ? 'holiday' : isoWeekday(date) === rules.restDay ? 'rest' : 'ordinary';
    const daily = kind === 'ordinary' ? Math.min(minutes, rules.dailyHours * 60) : 0;
    worked.push({
      date,
      kind,
      worked: minutes,
      regular: daily,
      overtime: kind === 'ordinary' ? minutes - daily : 0,
      approved: !rules.overtimeNeedsApproval || !!record.overtimeApproved,
    });
  });
  weeklyLimit(worked, rules.weeklyHours * 60);
  const m = { worked: 0, regular: 0, first: 0, beyond: 0, unapproved: 0, holiday: 0, rest: 0 };
  for (const d of worked) {
    m.worked += d.worked;
    if (d.kind === 'holiday') m.holiday += d.worked;
    else if (d.kind === 'rest') m.rest += d.worked;
    m.regular += d.regular;
    if (!d.approved) m.unapproved += d.overtime;
    else {
      const first = Math.min(d.overtime, rules.firstBandHours * 60);
      m.first += first;
      m.beyond += d.overtime - first;
    }
  }
  line.workedHours = hours(m.worked);
  line.regularHours = hours(m.regular);
  line.overtime25Hours = hours(m.first);
  line.overtime35Hours = hours(m.beyond);
  line.unapprovedOvertimeHours = hours(m.unapproved);
  line.holidayWorkedHours = hours(m.holiday);
  line.restDayWorkedHours = hours(m.rest);
  line.nightHours = hours(night);
  line.permissionHours = hours(leave);
  line.overtimeDays = worked.filter((d) => d.overtime > 0).map((d) => ({ date: d.date, hours: hours(d.overtime), approved: d.approved }));
  return line;
}

/** Regular minutes past the weekly limit (Monday-Sunday) become overtime, from the week's last days back. */
function weeklyLimit(days: DayMinutes[], limit: number) {
  const weeks = new Map<string, DayMinutes[]>();
  for (const d of days) {
    const monday = addDays(d.date, 1 - isoWeekday(d.date));
    weeks.set(monday, [...(weeks.get(monday) ?? []), d]);
  }
  for (const week of weeks.values()) {
    let excess = week.reduce((s, d) => s + d.regular, 0) - limit;
    for (let k = week.length - 1; k >= 0 && excess > 0; k--) {
      const moved = Math.min(excess, week[k].regular);
      week[k].regular -= moved;
      week[k].overtime += moved;
      excess -= moved;
    }
  }
}

/**
 * Minutes of a day's worked span inside the night window: the same span workHours counts (an early arrival from
 * the shift start unless countActualTime, the break inside left out), cut by the night windows around the day.
 */
function nightMinutes(record: PayrollRecord, schedule: ScheduleRules | null, date: string, input: PayrollInput): number {
  if (!record.checkIn || !record.checkOut) return 0;
  const { timezone, rules } = input;
  let from = record.checkIn.getTime();
  const to = record.checkOut.getTime();
  let gap: [number, number] | null = null;
  if (schedule) {
    const start = shiftWindow(schedule, date, timezone).start.getTime();
    if (!schedule.countActualTime && from < start) from = Math.min(start, to);
    if (schedule.breakStartTime && schedule.breakEndTime) {
      const br = breakWindow({ ...schedule, breakStartTime: schedule.breakStartTime, breakEndTime: schedule.breakEndTime }, date, timezone);
      if (br) gap = [br.start.getTime(), br.end.getTime()];
    }
  }
  if (to <= from) return 0;
  const ns = parseHhmm(rules.nightStart);
  const ne = parseHhmm(rules.nightEnd) + (parseHhmm(rules.nightEnd) <= ns ? 1440 : 0);
  let ms = 0;
  for (let k = -1; k <= 1; k++) {
    const day = addDays(date, k);
    const a = Math.max(from, localToInstant(day, ns, timezone).getTime());
    const b = Math.min(to, localToInstant(day, ne, timezone).getTime());
    if (b <= a) continue;
    ms += b - a;
    if (gap) ms -= Math.max(0, Math.min(b, gap[1]) - Math.max(a, gap[0]));
  }
  return Math.round(ms / 60000);
}

/** Why a payroll period is not valid (not calendar days, from after to, more than PAYROLL_MAX_DAYS days), or null; at most PAYROLL_MAX_DAYS days. */
export function payrollPeriodProblem(from: string, to: string): 'invalid' | 'order' | 'tooLong' | null {
  try {
    // Not a calendar day (2026-02-30, year 0): addDays reads it back differently or throws.
    if (addDays(from, 0) !== from || addDays(to, 0) !== to) return 'invalid';
  } catch {
    return 'invalid';
  }
  if (to < from) return 'order';
  return daySpan(from, to) > PAYROLL_MAX_DAYS ? 'tooLong' : null;
}
