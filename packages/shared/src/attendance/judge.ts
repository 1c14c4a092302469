import type { SchedulePeriod } from './periods.js';
import {
  arrivalAt,
  breakWindow,
  type DayStatus,
  type HolidayFacts,
  holidayApplies,
  hoursBetween,
  isWorkDay,
  type RecordFacts,
  type ScheduleRules,
  type ShiftSpan,
  shiftWindow,
} from './rules.js';
import { addDays, localToInstant, toLocal } from './time.js';

/** A record as the judge reads it: instants already in ms (epoch), no Date objects. */
export interface RecordSpan {
  checkInMs: number | null;
  checkOutMs: number | null;
  isPermission: boolean;
  notes: string | null;
}

/** A period as the judge holds it: the schedule's frames looked up once. */
interface Segment {
  active: boolean;
  scheduleId: string | null;
  schedule: ScheduleRules | null;
  f: Frame[] | null;
}

// Stryker disable next-line StringLiteral: NO_PERIOD is the only period: its validFrom is never read
const NO_PERIOD: SchedulePeriod = { validFrom: '0000-01-01', active: true, scheduleId: null, schedule: null };
const TREE = '🎄';

/** A record's facts as the judge reads them (instants in ms). */
export function spanOf(record: RecordFacts): RecordSpan {
  const ms = (v: Date | string | null | undefined) => (v == null ? null : v instanceof Date ? v.getTime() : Date.parse(v));
  return { checkInMs: ms(record.checkIn), checkOutMs: ms(record.checkOut), isPermission: !!record.isPermission, notes: record.notes ?? null };
}

/** What depends only on a schedule and a day: computed once per calendar, not per employee-day. */
interface Frame extends ShiftSpan {
  workDay: boolean;
  end: number;
}

/** The rule fields the frames depend on (two schedules with the same times and days share them). */
// Stryker disable next-line StringLiteral: only a cache key: any text for a missing break keeps keys apart
const frameKey = (s: ScheduleRules) => `${s.startTime}|${s.endTime}|${s.breakStartTime ?? ''}|${s.breakEndTime ?? ''}|${s.workDays}|${s.countActualTime}`;

/**
 * Judges many employees over the same days (the monthly calendar: 1,000 employees × 31 days) with the
 * rules of `dayStatus` and `workHours`, computing once what depends only on the day or on the (schedule,
 * day): shift and break instants, work days, the holidays of the day, "today" and the pending line.
 * Cell by cell it answers what `dayStatus`/`workHours` answer (judge.test.ts compares them on a grid).
 */
export function createDayJudge(opts: { days: string[]; timezone: string; now: Date; holidays?: HolidayFacts[] }) {
  const { days, timezone, now } = opts;
  const nowMs = now.getTime();
  const today = toLocal(now, timezone).date;
  const todayIndex = days.indexOf(today);
  // Stryker disable next-line ArrayDeclaration,MethodExpression,ConditionalExpression,LogicalOperator: a shortcut: holidayApplies checks the holiday's activity and date again
  const holidaysOn = days.map((date) => (opts.holidays ?? []).filter((h) => h.isActive && h.date === date));
  const frames = new Map<string, Frame[]>();
  let midnightAfterToday: number | undefined;

  /** The frames of a schedule object, looked up by identity first (the server passes the same snapshot object to many employees). */
  const framesByObject = new WeakMap<ScheduleRules, Frame[]>();
  function framesOf(schedule: ScheduleRules): Frame[] {
    const known = framesByObject.get(schedule);
    // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
    if (known) return known;
    const key = frameKey(schedule);
    let f = frames.get(key);
    // Stryker disable next-line ConditionalExpression: a cache: computing again answers the same
    if (!f) {
      f = days.map((date) => {
        const { start, end } = shiftWindow(schedule, date, timezone);
        const br =
          // Stryker disable next-line ConditionalExpression,LogicalOperator: breakWindow ignores a break without both times (breakInsideShift)
          schedule.breakStartTime && schedule.breakEndTime
            ? breakWindow({ ...schedule, breakStartTime: schedule.breakStartTime, breakEndTime: schedule.breakEndTime }, date, timezone)
            : null;
        return {
          workDay: isWorkDay(schedule, date),
          countActualTime: schedule.countActualTime,
          start: start.getTime(),
          end: end.getTime(),
          breakStart: br ? br.start.getTime() : null,
          breakEnd: br ? br.end.getTime() : null,
        };
      });
      frames.set(key, f);
    }
    framesByObject.set(schedule, f);
    return f;
  }

  /**
   * `pendingOr` of the rules: days after today, and any day whose shift has not ended yet (today's, or last
   * night's shift that runs past midnight into today; decision 0052), are pending.
   */
  function pendingOr(i: number, frame: Frame | null, status: DayStatus): DayStatus {
    const date = days[i];
    if (date > today) return 'pending';
    if (frame && nowMs < frame.end) return 'pending';
    if (i === todayIndex && !frame) {
      midnightAfterToday ??= localToInstant(addDays(today, 1), 0, timezone).getTime();
      // Stryker disable next-line ConditionalExpression,EqualityOperator: today is always before the midnight after it
      if (nowMs < midnightAfterToday) return 'pending';
    }
    return status;
  }

  /** A period resolved once per employee: its activity, its schedule and that schedule's frames. */
  function segmentOf(p: SchedulePeriod): Segment {
    return { active: p.active, scheduleId: p.scheduleId, schedule: p.schedule, f: p.schedule ? framesOf(p.schedule) : null };
  }

  /** One day of one employee under the segment that applied that day (the rules of `dayStatus`). */
  function judge(i: number, record: RecordSpan | null, seg: Segment, activeFrom: string | null): DayStatus {
    const date = days[i];
    const hs = holidaysOn[i];
    if (hs.length && hs.some((h) => holidayApplies(h, date, seg.scheduleId))) return 'holiday';
    if (record) {
      if (record.isPermission) return 'permission';
      if (record.notes?.includes(TREE)) return 'holiday';
      if (record.checkInMs != null) return seg.f && seg.schedule && seg.f[i].workDay ? arrivalAt(record.checkInMs, seg.f[i].start, seg.schedule) : 'present';
    }
    if (!seg.active || (activeFrom && date < activeFrom)) return 'day_off';
    if (!seg.f) return pendingOr(i, null, 'absent');
    if (!seg.f[i].workDay) return 'day_off';
    return pendingOr(i, seg.f[i], 'absent');
  }

  /**
   * One employee's periods resolved once to the days (most employees have one period for the month: one
   * segment, no per-day lookup); then judge their days by index into `days`. Without periods: active, no schedule.
   */
  function forEmployee(periods: readonly SchedulePeriod[], activeFrom: string | null) {
    let one: Segment | null = null;
    let perDay: Segment[] | null = null;
    // Stryker disable next-line EqualityOperator: one period through the general path resolves to the same single segment
    if (periods.length <= 1) one = segmentOf(periods[0] ?? NO_PERIOD);
    else {
      const sorted = [...periods].sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));
      // Periods that start after the last day, or are replaced before the first, play no part.
      let k = 0;
      while (k + 1 < sorted.length && sorted[k + 1].validFrom <= days[0]) k++;
      const inRange = sorted.slice(k).filter((p, n) => n === 0 || p.validFrom <= days[days.length - 1]);
      if (inRange.length === 1) one = segmentOf(inRange[0]);
      else {
        const segs = inRange.map(segmentOf);
        // Stryker disable next-line ArrayDeclaration: a preallocation: the array grows to the same content
        perDay = new Array(days.length);
        let j = 0;
        // Stryker disable next-line EqualityOperator: one index past the days is never read
        for (let i = 0; i < days.length; i++) {
          while (j + 1 < inRange.length && inRange[j + 1].validFrom <= days[i]) j++;
          perDay[i] = segs[j];
        }
      }
    }
    const at = (i: number) => one ?? (perDay as Segment[])[i];
    return {
      status(i: number, record: RecordSpan | null): DayStatus {
        return judge(i, record, one ?? (perDay as Segment[])[i], activeFrom);
      },
      hours(i: number, record: RecordSpan): number | null {
        if (record.checkInMs == null || record.checkOutMs == null) return null;
        const seg = one ?? (perDay as Segment[])[i];
        return hoursBetween(record.checkInMs, record.checkOutMs, seg.f ? seg.f[i] : null);
      },
      /** Whether the day was a work day of an active period (the dashboard's working days). */
      scheduled(i: number): boolean {
        const seg = at(i);
        return seg.active && !!seg.f && seg.f[i].workDay;
      },
      /** Whether the employee was active that day (ACTIVE and not deleted). */
      active(i: number): boolean {
        return at(i).active;
      },
      /** The schedule assigned that day (holidays of that schedule apply). */
      scheduleId(i: number): string | null {
        return at(i).scheduleId;
      },
      /** More than one period within the days. */
      changes: perDay !== null,
    };
  }

  return { forEmployee };
}
