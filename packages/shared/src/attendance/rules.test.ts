import { describe, expect, it } from 'vitest';
import {
  arrivalStatus,
  attendanceRate,
  countStatuses,
  dayStatus,
  fallbackStatus,
  holidayApplies,
  recordStatus,
  type ScheduleRules,
  workDateFor,
  workHours,
} from './rules.js';
import { localToInstant, offsetMinutes, toLocal } from './time.js';

const LIMA = 'America/Lima';
const office: ScheduleRules = {
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
const night: ScheduleRules = { ...office, startTime: '22:00', endTime: '06:00', breakStartTime: '02:00', breakEndTime: '02:30', workDays: '1,2,3,4,5,6,7' };
/** A local time in Lima as an instant. */
const at = (date: string, hhmm: string, tz = LIMA) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), tz);
const MON = '2026-03-02'; // a Monday
const later = new Date('2027-01-01T00:00:00Z');

describe('time helpers', () => {
  it.each([
    ['UTC', '2026-03-02', '09:00', '2026-03-02T09:00:00.000Z'],
    [LIMA, '2026-03-02', '09:00', '2026-03-02T14:00:00.000Z'],
    ['America/New_York', '2026-01-15', '09:00', '2026-01-15T14:00:00.000Z'],
    ['America/New_York', '2026-07-15', '09:00', '2026-07-15T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', '03:30', '2026-03-08T07:30:00.000Z'], // the day DST starts
    ['America/Santiago', '2026-01-15', '09:00', '2026-01-15T12:00:00.000Z'],
    ['America/Santiago', '2026-07-15', '09:00', '2026-07-15T13:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-02', '09:00', '2026-03-02T03:30:00.000Z'],
  ])('%s %s %s is %s', (tz, date, time, iso) => {
    const instant = at(date, time, tz);
    expect(instant.toISOString()).toBe(iso);
    expect(toLocal(instant, tz)).toMatchObject({ date, time });
  });

  it('reads offsets and weekdays', () => {
    expect(offsetMinutes(new Date('2026-03-02T12:00:00Z'), LIMA)).toBe(-300);
    expect(toLocal(new Date('2026-03-02T04:00:00Z'), LIMA)).toMatchObject({ date: '2026-03-01', weekday: 7 });
  });
});

describe('arrival status (tolerance 15, early window 30)', () => {
  it.each([
    ['08:29', 'present'], // earlier than the early window: not "early"
    ['08:30', 'early'],
    ['08:59', 'early'],
    ['09:00', 'present'],
    ['09:15', 'present'],
    ['09:16', 'late'],
    ['11:00', 'late'],
  ])('check-in at %s is %s', (time, expected) => {
    expect(arrivalStatus(at(MON, time), office, MON, LIMA)).toBe(expected);
  });

  it.each([
    ['09:15:30', 'present'], // shown as 09:15: on time with tolerance 15
    ['09:15:59', 'present'],
    ['09:16:00', 'late'],
    ['08:29:59', 'present'], // shown as 08:29: before the early window
    ['08:30:59', 'early'],
    ['08:59:59', 'early'], // shown as 08:59
  ])('at minute precision, a check-in at %s is %s', (time, expected) => {
    const instant = new Date(at(MON, time.slice(0, 5)).getTime() + Number(time.slice(6)) * 1000);
    expect(arrivalStatus(instant, office, MON, LIMA)).toBe(expected);
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, record: { checkIn: instant } })).toBe(expected);
  });

  it('without early check-in allowed, arriving before the start is present', () => {
    expect(arrivalStatus(at(MON, '08:45'), { ...office, allowEarlyCheckIn: false }, MON, LIMA)).toBe('present');
  });

  it('tolerance 0 makes one minute late', () => {
    expect(arrivalStatus(at(MON, '09:01'), { ...office, lateToleranceMinutes: 0 }, MON, LIMA)).toBe('late');
  });

  it('judges a night shift against its 22:00 start, also after midnight', () => {
    expect(arrivalStatus(at(MON, '21:45'), night, MON, LIMA)).toBe('early');
    expect(arrivalStatus(at('2026-03-03', '00:30'), night, MON, LIMA)).toBe('late');
  });

  it('uses the company timezone, not the server clock', () => {
    const ny: ScheduleRules = { ...office };
    // 09:10 in New York in July is 13:10 UTC: present in New York.
    expect(arrivalStatus(new Date('2026-07-15T13:10:00Z'), ny, '2026-07-15', 'America/New_York')).toBe('present');
    // The same UTC instant in January (EST, UTC-5) is 08:10: before the early window.
    expect(arrivalStatus(new Date('2026-01-15T13:10:00Z'), ny, '2026-01-15', 'America/New_York')).toBe('present');
    expect(arrivalStatus(new Date('2026-01-15T13:40:00Z'), ny, '2026-01-15', 'America/New_York')).toBe('early');
  });
});

describe('day status', () => {
  const holidayAll = { date: MON, isActive: true, applyToAll: true, scheduleIds: [] };
  it.each([
    ['holiday beats a record', { holidays: [holidayAll], record: { checkIn: at(MON, '09:40') } }, 'holiday'],
    ['inactive holiday does not count', { holidays: [{ ...holidayAll, isActive: false }] }, 'absent'],
    ['holiday for another schedule only', { scheduleId: 's1', holidays: [{ ...holidayAll, applyToAll: false, scheduleIds: ['s2'] }] }, 'absent'],
    ['holiday for this schedule', { scheduleId: 's1', holidays: [{ ...holidayAll, applyToAll: false, scheduleIds: ['s1'] }] }, 'holiday'],
    ['permission', { record: { isPermission: true, checkIn: at(MON, '09:00') } }, 'permission'],
    ['late record', { record: { checkIn: at(MON, '09:20') } }, 'late'],
    ['early record', { record: { checkIn: at(MON, '08:50') } }, 'early'],
    ['on time', { record: { checkIn: at(MON, '09:05') } }, 'present'],
    ['no record on a work day', {}, 'absent'],
  ])('%s', (_name, extra, expected) => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, ...extra })).toBe(expected);
  });

  it('a weekend without record is a day off; with one it is worked, never late or early (no shift that day)', () => {
    const SAT = '2026-03-07';
    expect(dayStatus({ date: SAT, timezone: LIMA, now: later, schedule: office })).toBe('day_off');
    for (const time of ['09:00', '11:00', '08:45']) {
      expect(dayStatus({ date: SAT, timezone: LIMA, now: later, schedule: office, record: { checkIn: at(SAT, time) } })).toBe('present');
      expect(arrivalStatus(at(SAT, time), office, SAT, LIMA)).toBe('present');
    }
  });

  it('future days and today before the shift ends are pending, not absent', () => {
    const now = at(MON, '12:00');
    expect(dayStatus({ date: '2026-03-03', timezone: LIMA, now, schedule: office })).toBe('pending');
    expect(dayStatus({ date: MON, timezone: LIMA, now, schedule: office })).toBe('pending');
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(MON, '18:01'), schedule: office })).toBe('absent');
    expect(dayStatus({ date: '2026-02-27', timezone: LIMA, now, schedule: office })).toBe('absent');
  });

  it('without a schedule falls back as the spec says', () => {
    expect(fallbackStatus({ isPermission: true })).toBe('permission');
    expect(fallbackStatus({ notes: 'Navidad 🎄' })).toBe('holiday');
    expect(fallbackStatus({ checkIn: at(MON, '10:00') })).toBe('present');
    expect(fallbackStatus({})).toBe('absent');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: null, record: { notes: '🎄' } })).toBe('holiday');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: null })).toBe('absent');
  });

  // The fallback order applies to every record, with or without a schedule; the schedule refines "check-in" and "else".
  it.each([
    ['🎄 without check-in', office, { notes: 'Feriado 🎄' }, 'holiday'],
    ['🎄 without check-in, no schedule', null, { notes: 'Feriado 🎄' }, 'holiday'],
    ['🎄 with a late check-in', office, { notes: 'Navidad 🎄', checkIn: at(MON, '10:00') }, 'holiday'],
    ['🎄 with a check-in, no schedule', null, { notes: 'Navidad 🎄', checkIn: at(MON, '10:00') }, 'holiday'],
    ['permission beats 🎄', office, { notes: '🎄', isPermission: true }, 'permission'],
    ['late check-in', office, { checkIn: at(MON, '10:00') }, 'late'],
    ['check-in, no schedule', null, { checkIn: at(MON, '10:00') }, 'present'],
    ['a record with nothing in it, on a work day', office, { notes: 'sin marca' }, 'absent'],
    ['a record with nothing in it, no schedule', null, {}, 'absent'],
  ])('record status: %s', (_name, schedule, record, expected) => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule, record })).toBe(expected);
    expect(recordStatus(record, schedule, MON, LIMA)).toBe(expected);
  });

  it('a record with nothing in it on a weekend is a day off, and pending today before the shift ends', () => {
    expect(dayStatus({ date: '2026-03-07', timezone: LIMA, now: later, schedule: office, record: { notes: 'x' } })).toBe('day_off');
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(MON, '12:00'), schedule: office, record: { notes: 'x' } })).toBe('pending');
    expect(dayStatus({ date: MON, timezone: LIMA, now: at(MON, '12:00'), schedule: null, record: { notes: 'x' } })).toBe('pending');
  });

  it('days while the employee was inactive are not absences; their records still count', () => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, active: false })).toBe('day_off');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: null, active: false })).toBe('day_off');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, active: false, record: { checkIn: at(MON, '09:30') } })).toBe('late');
    const holidayAll = { date: MON, isActive: true, applyToAll: true, scheduleIds: [] };
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, active: false, holidays: [holidayAll] })).toBe('holiday');
  });

  it('days before the employee starts are not absences', () => {
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, activeFrom: '2026-03-03' })).toBe('day_off');
    expect(dayStatus({ date: '2026-03-03', timezone: LIMA, now: later, schedule: office, activeFrom: '2026-03-03' })).toBe('absent');
    expect(dayStatus({ date: MON, timezone: LIMA, now: later, schedule: office, activeFrom: '2026-03-03', record: { checkIn: at(MON, '09:00') } })).toBe(
      'present',
    );
  });

  it('holidayApplies needs the same date', () => {
    expect(holidayApplies({ date: '2026-03-03', isActive: true, applyToAll: true, scheduleIds: [] }, MON, null)).toBe(false);
  });
});

describe('work hours', () => {
  it.each([
    ['full day minus the break', '09:00', '18:00', office, 8],
    ['early arrival does not count without countActualTime', '08:30', '18:00', office, 8],
    ['early arrival counts with countActualTime', '08:30', '18:00', { ...office, countActualTime: true }, 8.5],
    ['leaving before the break: no break subtracted', '09:00', '12:00', office, 3],
    ['leaving mid-break: only the overlap', '09:00', '13:30', office, 4],
    ['no break configured', '09:00', '18:00', { ...office, breakStartTime: null, breakEndTime: null }, 9],
    ['late arrival', '09:20', '18:00', office, 7.67],
  ])('%s', (_name, inAt, outAt, schedule, hours) => {
    expect(workHours({ checkIn: at(MON, inAt), checkOut: at(MON, outAt) }, schedule, MON, LIMA)).toBe(hours);
  });

  it('night shift across midnight with a break after midnight', () => {
    expect(workHours({ checkIn: at(MON, '22:00'), checkOut: at('2026-03-03', '06:00') }, night, MON, LIMA)).toBe(7.5);
  });

  it('is null without check-out or when negative', () => {
    expect(workHours({ checkIn: at(MON, '09:00') }, office, MON, LIMA)).toBeNull();
    expect(workHours({ checkIn: at(MON, '10:00'), checkOut: at(MON, '09:00') }, { ...office, breakStartTime: null, breakEndTime: null }, MON, LIMA)).toBeNull();
  });

  it('counts real elapsed time across a DST change', () => {
    const tz = 'America/New_York';
    const s: ScheduleRules = { ...office, startTime: '00:00', endTime: '08:00', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7' };
    // 2026-03-08: clocks jump from 02:00 to 03:00, so 00:00-08:00 lasts 7 hours.
    expect(workHours({ checkIn: at('2026-03-08', '00:00', tz), checkOut: at('2026-03-08', '08:00', tz) }, s, '2026-03-08', tz)).toBe(7);
  });
});

describe('work date of a punch', () => {
  it('a punch after midnight belongs to the shift that started the day before', () => {
    expect(workDateFor(at('2026-03-03', '05:50'), night, LIMA)).toBe(MON);
    expect(workDateFor(at(MON, '21:50'), night, LIMA)).toBe(MON);
    expect(workDateFor(at('2026-03-03', '21:55'), night, LIMA)).toBe('2026-03-03');
    expect(workDateFor(at('2026-03-03', '01:00'), office, LIMA)).toBe('2026-03-03');
  });

  const dawn: ScheduleRules = { ...office, startTime: '00:30', endTime: '08:30', breakStartTime: null, breakEndTime: null, earlyCheckInMinutes: 60 };
  it.each([
    ['the evening before, inside the early window', '2026-03-01', '23:50', MON, 'early'],
    ['the evening before, before the early window', '2026-03-01', '23:20', '2026-03-01', null],
    ['at the start', MON, '00:30', MON, 'present'],
    ['late', MON, '00:50', MON, 'late'],
    ['check-out after the end', MON, '09:10', MON, null],
    ['in the afternoon, outside every window', MON, '15:00', MON, null],
  ])('a shift starting 00:30 (early window 60): a punch %s', (_name, date, time, workDate, arrival) => {
    const instant = at(date, time);
    expect(workDateFor(instant, dawn, LIMA)).toBe(workDate);
    if (arrival) expect(arrivalStatus(instant, dawn, workDate, LIMA)).toBe(arrival);
  });

  it('a day shift ending late: a check-out after midnight closes it', () => {
    const evening: ScheduleRules = { ...office, startTime: '14:00', endTime: '23:30', breakStartTime: null, breakEndTime: null };
    expect(workDateFor(at('2026-03-03', '00:40'), evening, LIMA)).toBe(MON);
    expect(workDateFor(at(MON, '13:40'), evening, LIMA)).toBe(MON);
  });

  it('uses the early window even when early arrivals are not rewarded', () => {
    const noEarly: ScheduleRules = { ...dawn, allowEarlyCheckIn: false };
    expect(workDateFor(at('2026-03-01', '23:50'), noEarly, LIMA)).toBe(MON);
    expect(arrivalStatus(at('2026-03-01', '23:50'), noEarly, MON, LIMA)).toBe('present');
  });
});

describe('attendance rate (spec §9)', () => {
  it('counts present, early, late and permission against absences, rounded', () => {
    const c = countStatuses(['present', 'early', 'late', 'permission', 'absent', 'absent', 'holiday', 'day_off', 'pending']);
    expect(c).toMatchObject({ present: 1, early: 1, late: 1, permission: 1, absent: 2, holiday: 1, day_off: 1, pending: 1 });
    expect(attendanceRate(c)).toBe(67);
    expect(attendanceRate(countStatuses([]))).toBe(0);
  });
});
