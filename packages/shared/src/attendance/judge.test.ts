import { describe, expect, it } from 'vitest';
import { createDayJudge, type RecordSpan } from './judge.js';
import { periodOn, type SchedulePeriod } from './periods.js';
import { dayStatus, type HolidayFacts, type ScheduleRules, workDateFor, workHours } from './rules.js';
import { daysBetween, localToInstant } from './time.js';

const office: ScheduleRules = {
  id: 's1',
  startTime: '09:00',
  endTime: '18:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
};
const night: ScheduleRules = {
  ...office,
  id: 's2',
  startTime: '22:00',
  endTime: '06:00',
  breakStartTime: '02:00',
  breakEndTime: '02:30',
  workDays: '1,2,3,4,5,6,7',
};
const plain: ScheduleRules = {
  ...office,
  id: 's3',
  breakStartTime: null,
  breakEndTime: null,
  workDays: '2,4,6',
  countActualTime: true,
  allowEarlyCheckIn: false,
  lateToleranceMinutes: 0,
};
const holidays: HolidayFacts[] = [
  { date: '2026-03-10', isActive: true, applyToAll: true, scheduleIds: [] },
  { date: '2026-03-12', isActive: true, applyToAll: false, scheduleIds: ['s1'] },
  { date: '2026-03-13', isActive: false, applyToAll: true, scheduleIds: [] },
];
const days = daysBetween('2026-03-01', '2026-03-31');

/** A deterministic mix of records: none, permission, check-ins around the start (with and without check-out), a 🎄 note, a check-out before the check-in. */
function recordFor(k: number, date: string, tz: string): RecordSpan | null {
  const at = (minutes: number) => localToInstant(date, minutes, tz).getTime();
  switch (k % 9) {
    case 0:
      return null;
    case 1:
      return { checkInMs: null, checkOutMs: null, isPermission: true, notes: 'Permiso justificado' };
    case 2:
      return { checkInMs: at(8 * 60 + 45), checkOutMs: at(18 * 60), isPermission: false, notes: null };
    case 3:
      return { checkInMs: at(9 * 60 + 16), checkOutMs: null, isPermission: false, notes: null };
    case 4:
      return { checkInMs: at(7 * 60), checkOutMs: at(13 * 60 + 30), isPermission: false, notes: null };
    case 5:
      return { checkInMs: null, checkOutMs: null, isPermission: false, notes: 'Feriado 🎄' };
    case 6:
      return { checkInMs: at(22 * 60 + 5), checkOutMs: at(30 * 60), isPermission: false, notes: null };
    case 7:
      return { checkInMs: at(10 * 60), checkOutMs: at(9 * 60), isPermission: false, notes: null };
    default:
      return { checkInMs: at(9 * 60), checkOutMs: at(17 * 60), isPermission: false, notes: null };
  }
}

describe('createDayJudge: the calendar fast path answers what dayStatus and workHours answer', () => {
  it.each([
    ['America/Lima', new Date('2026-03-16T16:00:00Z')], // a Monday at 11:00 in Lima: today is pending during the shift
    ['America/Lima', new Date('2026-03-16T02:00:00Z')], // the night before
    ['America/Lima', new Date('2026-03-16T23:30:00Z')], // 18:30: the office shift is over (absent), the night shift not yet
    ['America/New_York', new Date('2026-03-09T03:30:00Z')], // just after the DST change, inside a night shift
    ['America/New_York', new Date('2026-04-02T00:00:00Z')], // after the month
    ['Asia/Kolkata', new Date('2026-02-01T00:00:00Z')], // before the month: everything unrecorded is pending
  ])('%s at %s', (timezone, now) => {
    const judge = createDayJudge({ days, timezone, now, holidays });
    const statuses = new Set<string>();
    let compared = 0;
    const one = (schedule: ScheduleRules | null): SchedulePeriod[] => [{ validFrom: '2020-01-01', active: true, scheduleId: schedule?.id ?? null, schedule }];
    const histories: [string, SchedulePeriod[]][] = [
      ...[office, night, plain, null].map((s) => [s?.id ?? 'none', one(s)] as [string, SchedulePeriod[]]),
      // A schedule change on the 10th, deactivated on the 20th (with another schedule assigned), back on the 27th.
      [
        'changes',
        [
          { validFrom: '2025-06-01', active: true, scheduleId: 's1', schedule: office },
          { validFrom: '2026-03-10', active: true, scheduleId: 's2', schedule: night },
          { validFrom: '2026-03-20', active: false, scheduleId: 's3', schedule: plain },
          { validFrom: '2026-03-27', active: true, scheduleId: 's3', schedule: plain },
        ],
      ],
      // Inactive until the 15th, then an inactive schedule (no rules, its holidays still apply), then a period after the month.
      [
        'inactive first',
        [
          { validFrom: '2026-03-15', active: true, scheduleId: 's1', schedule: null },
          { validFrom: '2026-01-01', active: false, scheduleId: 's1', schedule: office },
          { validFrom: '2026-04-02', active: true, scheduleId: 's2', schedule: night },
        ],
      ],
      // Only a period after the month: the first period also covers earlier days.
      ['later', [{ validFrom: '2026-05-01', active: true, scheduleId: 's3', schedule: plain }]],
    ];
    for (const [name, periods] of histories) {
      for (const [activeFrom, withRecords] of [
        [null, true],
        ['2026-03-11', true],
        [null, false],
      ] as const) {
        const employee = judge.forEmployee(periods, activeFrom);
        days.forEach((date, i) => {
          const p = periodOn(periods, date)!;
          const schedule = p.schedule;
          const scheduleId = p.scheduleId;
          const record = withRecords
            ? recordFor(i * 7 + (activeFrom ? 3 : 0) + (schedule ? schedule.startTime.length + Number(schedule.id!.slice(1)) : 0), date, timezone)
            : null;
          const facts = record && {
            checkIn: record.checkInMs == null ? null : new Date(record.checkInMs),
            checkOut: record.checkOutMs == null ? null : new Date(record.checkOutMs),
            isPermission: record.isPermission,
            notes: record.notes,
          };
          const expected = dayStatus({ date, timezone, now, schedule, scheduleId, record: facts, holidays, activeFrom, active: p.active });
          expect(employee.status(i, record), `${name} ${date} ${JSON.stringify(record)}`).toBe(expected);
          if (record && facts) expect(employee.hours(i, record)).toBe(workHours(facts, schedule, date, timezone));
          expect(employee.active(i)).toBe(p.active);
          expect(employee.scheduleId(i)).toBe(scheduleId);
          statuses.add(expected);
          compared++;
        });
      }
    }
    expect(compared).toBe(histories.length * 3 * 31);
    // The grid reaches the statuses that matter (a grid that only saw one status would prove nothing).
    if (now.getTime() > Date.parse('2026-03-10'))
      for (const s of ['holiday', 'permission', 'present', 'late', 'absent', 'day_off']) expect(statuses).toContain(s);
    else expect(statuses).toContain('pending');
  });
});

describe('a night shift is pending until it ends, on every screen (decision 0052)', () => {
  // Monday 2026-03-16, 22:00-06:00 in Lima; Tuesday 01:00 in Lima is 06:00Z.
  const monday = '2026-03-16';
  const calendar = (now: Date, schedule: ScheduleRules) =>
    createDayJudge({ days: ['2026-03-15', monday, '2026-03-17'], timezone: 'America/Lima', now })
      .forEmployee([{ validFrom: '2026-01-01', active: true, scheduleId: schedule.id ?? null, schedule }], null)
      .status(1, null);
  const status = (now: Date, schedule: ScheduleRules) => dayStatus({ date: monday, timezone: 'America/Lima', now, schedule, record: null });

  it("at 01:00 Monday's night shift with no check-in is pending, not absent (a punch at 01:05 is then late, not a flip from Ausente)", () => {
    const at0100 = new Date('2026-03-17T06:00:00Z');
    expect(status(at0100, night)).toBe('pending');
    expect(calendar(at0100, night)).toBe('pending');
    const punch = localToInstant('2026-03-17', 65, 'America/Lima');
    expect(workDateFor(punch, night, 'America/Lima')).toBe(monday);
    expect(
      dayStatus({
        date: monday,
        timezone: 'America/Lima',
        now: at0100,
        schedule: night,
        record: { checkIn: punch, checkOut: null, isPermission: false, notes: null },
      }),
    ).toBe('late');
  });

  it('once the shift has ended (06:00) the day is absent; a day shift of yesterday is absent at 01:00 already', () => {
    const at0601 = new Date('2026-03-17T11:01:00Z');
    expect(status(at0601, night)).toBe('absent');
    expect(calendar(at0601, night)).toBe('absent');
    const at0100 = new Date('2026-03-17T06:00:00Z');
    const officeAllWeek = { ...office, workDays: '1,2,3,4,5,6,7' };
    expect(status(at0100, officeAllWeek)).toBe('absent');
    expect(calendar(at0100, officeAllWeek)).toBe('absent');
  });
});

describe('createDayJudge: the cases the grid does not reach (issue 21)', () => {
  const tz = 'America/Lima';
  const week = daysBetween('2026-03-02', '2026-03-08'); // Monday to Sunday
  const after = new Date('2026-04-01T12:00:00Z');
  const at = (date: string, minutes: number) => localToInstant(date, minutes, tz).getTime();
  const rec = (checkInMs: number | null, checkOutMs: number | null = null, notes: string | null = null): RecordSpan => ({
    checkInMs,
    checkOutMs,
    isPermission: false,
    notes,
  });
  const period = (schedule: ScheduleRules | null, validFrom = '2020-01-01'): SchedulePeriod => ({
    validFrom,
    active: true,
    scheduleId: schedule?.id ?? null,
    schedule,
  });

  it('an employee without periods is active without a schedule: absent when nothing is recorded, present with a check-in, hours as worked', () => {
    const employee = createDayJudge({ days: week, timezone: tz, now: after }).forEmployee([], null);
    expect(employee.status(0, null)).toBe('absent');
    expect(employee.status(5, null)).toBe('absent'); // a Saturday too: no schedule says it is off
    expect(employee.status(0, rec(at(week[0], 11 * 60)))).toBe('present');
    expect(employee.hours(0, rec(at(week[0], 8 * 60), at(week[0], 17 * 60)))).toBe(9);
    expect(employee.active(0)).toBe(true);
    expect(employee.scheduled(0)).toBe(false);
    expect(employee.scheduleId(0)).toBeNull();
    expect(employee.changes).toBe(false);
    // Today, before midnight, without a schedule: pending.
    const today = createDayJudge({ days: week, timezone: tz, now: new Date(at(week[2], 20 * 60)) }).forEmployee([], null);
    expect(today.status(2, null)).toBe('pending');
    expect(today.status(1, null)).toBe('absent');
    expect(today.status(3, null)).toBe('pending');
  });

  it('two holidays on one date: the one for this schedule counts even when listed after one for another schedule or an inactive one', () => {
    const date = week[1];
    const two: HolidayFacts[] = [
      { date, isActive: true, applyToAll: false, scheduleIds: ['other'] },
      { date, isActive: false, applyToAll: true, scheduleIds: [] },
      { date, isActive: true, applyToAll: false, scheduleIds: ['s1'] },
    ];
    const judge = createDayJudge({ days: week, timezone: tz, now: after, holidays: two });
    expect(judge.forEmployee([period(office)], null).status(1, rec(at(date, 9 * 60 + 40)))).toBe('holiday');
    expect(judge.forEmployee([period(plain)], null).status(1, null)).toBe('absent');
    expect(judge.forEmployee([period(plain)], null).status(0, null)).toBe('day_off');
    // The inactive one alone is no holiday.
    const inactive = createDayJudge({ days: week, timezone: tz, now: after, holidays: [two[1]] });
    expect(inactive.forEmployee([period(office)], null).status(1, null)).toBe('absent');
  });

  it('schedules that differ only in their break, their days or how early arrivals count are not mixed up', () => {
    const judge = createDayJudge({ days: week, timezone: tz, now: after });
    const day = rec(at(week[0], 8 * 60 + 30), at(week[0], 18 * 60));
    const shortBreak: ScheduleRules = { ...office, id: 'b', breakStartTime: '12:00', breakEndTime: '12:30' };
    const noBreak: ScheduleRules = { ...office, id: 'c', breakStartTime: null, breakEndTime: null };
    const actual: ScheduleRules = { ...office, id: 'd', countActualTime: true };
    const weekend: ScheduleRules = { ...office, id: 'e', workDays: '6,7' };
    expect(judge.forEmployee([period(office)], null).hours(0, day)).toBe(8);
    expect(judge.forEmployee([period(shortBreak)], null).hours(0, day)).toBe(8.5);
    expect(judge.forEmployee([period(noBreak)], null).hours(0, day)).toBe(9);
    expect(judge.forEmployee([period(actual)], null).hours(0, day)).toBe(8.5);
    expect(judge.forEmployee([period(office)], null).status(0, null)).toBe('absent');
    expect(judge.forEmployee([period(weekend)], null).status(0, null)).toBe('day_off');
    expect(judge.forEmployee([period(weekend)], null).scheduled(5)).toBe(true);
    expect(judge.forEmployee([period(office)], null).scheduled(5)).toBe(false);
    const inactive = judge.forEmployee([{ ...period(office), active: false }], null);
    expect([inactive.scheduled(0), inactive.active(0), inactive.status(0, null)]).toEqual([false, false, 'day_off']);
    // The same object asked again answers the same (the identity cache).
    expect(judge.forEmployee([period(shortBreak)], null).hours(0, day)).toBe(8.5);
  });

  it('the shift end is the pending line to the millisecond; a record without check-out has no hours', () => {
    const end = at(week[0], 18 * 60);
    const judgeAt = (ms: number) => createDayJudge({ days: week, timezone: tz, now: new Date(ms) }).forEmployee([period(office)], null);
    expect(judgeAt(end - 1).status(0, null)).toBe('pending');
    expect(judgeAt(end).status(0, null)).toBe('absent');
    const employee = judgeAt(end);
    expect(employee.hours(0, rec(at(week[0], 9 * 60), null))).toBeNull();
    expect(employee.hours(0, rec(null, at(week[0], 18 * 60)))).toBeNull();
  });

  it('an ordinary note is no holiday: the day is judged by its check-in, or absent without one', () => {
    const employee = createDayJudge({ days: week, timezone: tz, now: after }).forEmployee([period(office)], null);
    expect(employee.status(0, rec(null, null, 'Llegará tarde por cita médica'))).toBe('absent');
    expect(employee.status(0, rec(at(week[0], 9 * 60 + 30), null, 'Cita médica'))).toBe('late');
    expect(employee.status(0, rec(at(week[0], 9 * 60 + 30), null, 'Feriado 🎄'))).toBe('holiday');
    expect(employee.status(5, rec(null, null, 'sábado'))).toBe('day_off');
  });

  it('the hire day itself counts: absent without a record; the day before is not an absence', () => {
    const employee = createDayJudge({ days: week, timezone: tz, now: after }).forEmployee([period(office)], week[2]);
    expect(employee.status(1, null)).toBe('day_off');
    expect(employee.status(2, null)).toBe('absent');
    expect(employee.status(1, rec(at(week[1], 9 * 60)))).toBe('present');
    expect(
      dayStatus({ date: week[2], timezone: tz, now: after, schedule: office, activeFrom: week[2] }),
      'the rules agree with the calendar on the hire day',
    ).toBe('absent');
  });

  it('periods given in any order; one starting after the days plays no part; a change inside the days is seen', () => {
    const judge = createDayJudge({ days: week, timezone: tz, now: after });
    const changed = judge.forEmployee([period(night, '2026-03-05'), period(office, '2026-01-01'), period(plain, '2026-05-01')], null);
    expect(changed.changes).toBe(true);
    expect(changed.scheduleId(2)).toBe('s1');
    expect(changed.scheduleId(3)).toBe('s2');
    expect(changed.scheduleId(6)).toBe('s2');
    expect(changed.status(2, rec(at(week[2], 9 * 60)))).toBe('present');
    expect(changed.status(3, rec(at(week[3], 22 * 60 + 20)))).toBe('late');
    // Replaced before the first day, and one after the last: a single period applies, no change.
    const settled = judge.forEmployee([period(plain, '2026-03-01'), period(office, '2026-01-01'), period(night, '2026-03-09')], null);
    expect(settled.changes).toBe(false);
    expect(settled.scheduleId(0)).toBe('s3');
    expect(settled.scheduleId(6)).toBe('s3');
    // A period starting on the first day replaces the earlier one from that day.
    const onFirst = judge.forEmployee([period(office, '2026-01-01'), period(night, week[0])], null);
    expect(onFirst.changes).toBe(false);
    expect(onFirst.scheduleId(0)).toBe('s2');
  });
});
