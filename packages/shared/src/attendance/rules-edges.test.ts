import { describe, expect, it } from 'vitest';
import { arrivalStatus, dayStatus, isNightShift, type ScheduleRules, shiftWindow, workDateFor, workHours } from './rules.js';
import { localToInstant, parseHhmm } from './time.js';

/**
 * The rules' edges the main tests left undecided (issue 21 item 2): times that do not end in 0, the exact
 * edges and overlaps of `workDateFor`'s windows, a night break before midnight, a shift whose start and end
 * are equal, records of no length.
 */
const LIMA = 'America/Lima';
const MON = '2026-03-02'; // a Monday
const TUE = '2026-03-03';
const later = new Date('2027-01-01T00:00:00Z');
const at = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), LIMA);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const base: ScheduleRules = {
  startTime: '09:00',
  endTime: '18:00',
  breakStartTime: null,
  breakEndTime: null,
  workDays: '1,2,3,4,5,6,7',
  lateToleranceMinutes: 0,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: true,
};

describe('schedule times read to the minute, not only those ending in 0', () => {
  it('reads every HH:mm of the day as its minutes', () => {
    for (let h = 0; h < 24; h++) for (let m = 0; m < 60; m++) expect(parseHhmm(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)).toBe(h * 60 + m);
  });

  const odd: ScheduleRules = { ...base, startTime: '08:45', endTime: '17:59', breakStartTime: '12:37', breakEndTime: '13:21' };
  it.each([
    ['08:14', 'present'], // before the early window (08:15)
    ['08:15', 'early'],
    ['08:44', 'early'],
    ['08:45', 'present'],
    ['08:46', 'late'],
  ])('a shift starting 08:45 (tolerance 0, early window 30): a check-in at %s is %s', (time, expected) => {
    expect(arrivalStatus(at(MON, time), odd, MON, LIMA)).toBe(expected);
  });

  it('a shift ending 17:59 is pending until 17:59, absent from then; its hours count the 12:37-13:21 break', () => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(MON, '17:58'), schedule: odd })).toBe('pending');
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(MON, '17:59'), schedule: odd })).toBe('absent');
    // 08:45-17:59 is 554 minutes, minus a 44-minute break: 510 minutes, 8.5 h.
    expect(workHours({ checkIn: at(MON, '08:45'), checkOut: at(MON, '17:59') }, odd, MON, LIMA)).toBe(8.5);
  });
});

describe('work date of a punch: exact window edges', () => {
  // 22:00-06:00 with the default grace of 240 minutes: Monday's shift holds punches until Tuesday 10:00.
  const night: ScheduleRules = { ...base, startTime: '22:00', endTime: '06:00' };
  it("the last instant of a night shift's grace still belongs to it, the next millisecond to the punch's own day", () => {
    expect(workDateFor(at(TUE, '10:00'), night, LIMA)).toBe(MON);
    expect(workDateFor(plus(at(TUE, '10:00'), 1), night, LIMA)).toBe(TUE);
    expect(workDateFor(at(TUE, '10:00'), night, LIMA, 239)).toBe(TUE);
  });

  // 00:30-08:30 with an early window of 60 minutes: Monday's shift holds punches from Sunday 23:30.
  const dawn: ScheduleRules = { ...base, startTime: '00:30', endTime: '08:30', earlyCheckInMinutes: 60 };
  it("the first instant of a shift's early window belongs to it, the millisecond before to the evening's own day", () => {
    expect(workDateFor(at('2026-03-01', '23:30'), dawn, LIMA)).toBe(MON);
    expect(workDateFor(plus(at('2026-03-01', '23:30'), -1), dawn, LIMA)).toBe('2026-03-01');
    // A negative early window is no window: only the start itself.
    expect(workDateFor(at('2026-03-01', '23:59'), { ...dawn, earlyCheckInMinutes: -30 }, LIMA)).toBe('2026-03-01');
  });
});

describe('work date of a punch: overlapping windows, the nearest start wins', () => {
  // 08:00-20:00 with a 13-hour early window: Tuesday's window opens Monday 19:00, while Monday's holds until 24:00.
  const long: ScheduleRules = { ...base, startTime: '08:00', endTime: '20:00', earlyCheckInMinutes: 780 };
  it.each([
    ['19:00', MON], // 11 h after Monday's start, 13 h before Tuesday's
    ['19:59', MON],
    ['20:00', MON], // 12 h from each: the earlier shift keeps it (a check-out at the end stays on its day)
    ['20:01', TUE],
    ['21:00', TUE], // 13 h after Monday's start, 11 h before Tuesday's
  ])('a punch on Monday at %s belongs to %s', (time, expected) => {
    expect(workDateFor(at(MON, time), long, LIMA)).toBe(expected);
  });

  it("yesterday's shift running late and today's early window both hold a punch: the nearer start wins", () => {
    // A 23-hour night shift 07:00-06:00 with a 23-hour early window: at Monday 06:30 Sunday's shift (started
    // 23.5 h ago, grace until 10:00) and Monday's (0.5 h ahead) hold it.
    const allDay: ScheduleRules = { ...base, startTime: '07:00', endTime: '06:00', earlyCheckInMinutes: 1380 };
    expect(workDateFor(at(MON, '06:30'), allDay, LIMA)).toBe(MON);
    // Without Monday's early window only Sunday's shift holds it.
    expect(workDateFor(at(MON, '06:30'), { ...allDay, earlyCheckInMinutes: 0 }, LIMA)).toBe('2026-03-01');
  });
});

describe('a night break before midnight', () => {
  const night: ScheduleRules = { ...base, startTime: '22:00', endTime: '06:00', breakStartTime: '23:00', breakEndTime: '23:30' };
  it('is on the shift day, not the next: 22:00-06:00 minus 23:00-23:30 is 7.5 h, and leaving at 23:15 counts 1 h', () => {
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at(TUE, '06:00') }, night, MON, LIMA)).toBe(7.5);
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at(MON, '23:15') }, night, MON, LIMA)).toBe(1);
  });

  it('a break at the very start of a night shift is on the shift day too', () => {
    const first: ScheduleRules = { ...night, breakStartTime: '22:00', breakEndTime: '22:30' };
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at(TUE, '06:00') }, first, MON, LIMA)).toBe(7.5);
  });

  it('a break across midnight is cut where it overlaps', () => {
    const across: ScheduleRules = { ...night, breakStartTime: '23:45', breakEndTime: '00:15' };
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at(TUE, '06:00') }, across, MON, LIMA)).toBe(7.5);
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at(TUE, '00:00') }, across, MON, LIMA)).toBe(1.75);
  });
});

describe('a shift whose start and end are equal (the form refuses it; older or imported data may hold it)', () => {
  // Decided: it is a 24-hour shift, start to the same time the next day (like a night shift); its break is ignored.
  const round: ScheduleRules = { ...base, startTime: '08:00', endTime: '08:00', breakStartTime: '12:00', breakEndTime: '13:00' };
  it('runs 24 hours: pending until the next day at 08:00, then absent', () => {
    expect(isNightShift(round)).toBe(true);
    const w = shiftWindow(round, MON, LIMA);
    expect(w.end.getTime() - w.start.getTime()).toBe(24 * 3_600_000);
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(TUE, '07:59'), schedule: round })).toBe('pending');
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(TUE, '08:00'), schedule: round })).toBe('absent');
  });

  it('is judged against its start, and its 24 hours are not cut by the break', () => {
    expect(arrivalStatus(at(MON, '08:00'), round, MON, LIMA)).toBe('present');
    expect(arrivalStatus(at(MON, '08:01'), round, MON, LIMA)).toBe('late');
    expect(workHours({ checkIn: at(MON, '08:00'), checkOut: at(TUE, '08:00') }, round, MON, LIMA)).toBe(24);
  });
});

describe('records of no length', () => {
  it('a check-out at the check-in instant is 0 hours, not "not computable"', () => {
    expect(workHours({ checkIn: at(MON, '10:00'), checkOut: at(MON, '10:00') }, base, MON, LIMA)).toBe(0);
    expect(workHours({ checkIn: at(MON, '10:00'), checkOut: at(MON, '10:00') }, null, MON, LIMA)).toBe(0);
  });

  it('an early check-in and check-out before the shift start count 0 without countActualTime', () => {
    const strict = { ...base, countActualTime: false };
    expect(workHours({ checkIn: at(MON, '08:35'), checkOut: at(MON, '08:50') }, strict, MON, LIMA)).toBe(0);
    expect(workHours({ checkIn: at(MON, '08:35'), checkOut: at(MON, '08:50') }, base, MON, LIMA)).toBe(0.25);
  });

  it('a check-out one minute before the check-in is not computable (null), whatever the schedule', () => {
    expect(workHours({ checkIn: at(MON, '10:00'), checkOut: at(MON, '09:59') }, base, MON, LIMA)).toBeNull();
    expect(workHours({ checkIn: at(MON, '10:00'), checkOut: at(MON, '09:59') }, null, MON, LIMA)).toBeNull();
  });

  it('a record without check-in judges nothing: the day stays absent or pending; with dates as strings too', () => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: base, record: { checkIn: null, checkOut: at(MON, '18:00') } })).toBe('absent');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: base, record: { checkIn: at(MON, '09:00').toISOString() } })).toBe('present');
  });
});
