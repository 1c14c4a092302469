import {
  arrivalAt,
  breakWindow,
  type DayStatus,
  fallbackStatus,
  type HolidayFacts,
  holidayApplies,
  hoursBetween,
  isWorkDay,
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

/** What depends only on a schedule and a day: computed once per calendar, not per employee-day. */
interface Frame extends ShiftSpan {
  workDay: boolean;
  end: number;
}

/** The rule fields the frames depend on (two schedules with the same times and days share them). */
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
  const holidaysOn = days.map((date) => (opts.holidays ?? []).filter((h) => h.isActive && h.date === date));
  const frames = new Map<string, Frame[]>();
  let midnightAfterToday: number | undefined;

  function framesOf(schedule: ScheduleRules): Frame[] {
    const key = frameKey(schedule);
    let f = frames.get(key);
    if (!f) {
      f = days.map((date) => {
        const { start, end } = shiftWindow(schedule, date, timezone);
        const br =
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
    return f;
  }

  /** `pendingOr` of the rules: days after today, and today before its end, are pending. */
  function pendingOr(i: number, frame: Frame | null, status: DayStatus): DayStatus {
    const date = days[i];
    if (date > today) return 'pending';
    if (i === todayIndex) {
      midnightAfterToday ??= localToInstant(addDays(today, 1), 0, timezone).getTime();
      if (nowMs < (frame ? frame.end : midnightAfterToday)) return 'pending';
    }
    return status;
  }

  /** One employee's schedule resolved once: judge their days by index into `days`. */
  function forEmployee(schedule: ScheduleRules | null, scheduleId: string | null | undefined, activeFrom: string | null) {
    const f = schedule ? framesOf(schedule) : null;
    return {
      status(i: number, record: RecordSpan | null): DayStatus {
        const date = days[i];
        const hs = holidaysOn[i];
        if (hs.length && hs.some((h) => holidayApplies(h, date, scheduleId))) return 'holiday';
        if (record?.isPermission) return 'permission';
        if (record && record.checkInMs != null)
          return f && schedule
            ? f[i].workDay
              ? arrivalAt(record.checkInMs, f[i].start, schedule)
              : 'present'
            : fallbackStatus({ ...record, checkIn: new Date(record.checkInMs) });
        if (!record && activeFrom && date < activeFrom) return 'day_off';
        if (!f) return record ? fallbackStatus(record) : pendingOr(i, null, 'absent');
        if (!f[i].workDay) return 'day_off';
        return pendingOr(i, f[i], 'absent');
      },
      hours(i: number, record: RecordSpan): number | null {
        if (record.checkInMs == null || record.checkOutMs == null) return null;
        return hoursBetween(record.checkInMs, record.checkOutMs, f ? f[i] : null);
      },
    };
  }

  return { forEmployee };
}
