import { describe, expect, it } from 'vitest';
import { breakInsideShift, breakProblem } from './breaks.js';
import { createDayJudge, spanOf } from './judge.js';
import { type ScheduleRules, workHours } from './rules.js';
import { localToInstant } from './time.js';

const LIMA = 'America/Lima';
const at = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), LIMA);
const MON = '2026-03-02';
const TUE = '2026-03-03';
const day: ScheduleRules = {
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
};
const night: ScheduleRules = { ...day, startTime: '22:00', endTime: '06:00', breakStartTime: '02:00', breakEndTime: '02:30', workDays: '1,2,3,4,5,6,7' };

describe('breakProblem: a break is inside its shift and ends after it starts (night shifts too)', () => {
  it.each([
    ['a lunch break', day, null],
    ['no break', { ...day, breakStartTime: null, breakEndTime: null }, null],
    ['the whole shift', { ...day, breakStartTime: '08:00', breakEndTime: '17:00' }, null],
    ['night shift, break after midnight', night, null],
    ['night shift, break across midnight', { ...night, breakStartTime: '23:30', breakEndTime: '00:15' }, null],
    ['night shift, break before midnight', { ...night, breakStartTime: '22:30', breakEndTime: '23:00' }, null],
    ['night shift, break ending at the shift end', { ...night, breakStartTime: '05:30', breakEndTime: '06:00' }, null],
    ['14:00-13:00 on a day shift', { ...day, breakStartTime: '14:00', breakEndTime: '13:00' }, { problem: 'notAfterStart', field: 'breakEndTime' }],
    ['zero length', { ...day, breakStartTime: '13:00', breakEndTime: '13:00' }, { problem: 'notAfterStart', field: 'breakEndTime' }],
    ['zero length on a night shift', { ...night, breakStartTime: '02:00', breakEndTime: '02:00' }, { problem: 'notAfterStart', field: 'breakEndTime' }],
    ['night shift, end before start', { ...night, breakStartTime: '02:30', breakEndTime: '02:00' }, { problem: 'notAfterStart', field: 'breakEndTime' }],
    ['starts before the shift', { ...day, breakStartTime: '07:30', breakEndTime: '08:30' }, { problem: 'outsideShift', field: 'breakStartTime' }],
    ['ends after the shift', { ...day, breakStartTime: '16:30', breakEndTime: '17:30' }, { problem: 'outsideShift', field: 'breakEndTime' }],
    ['wholly after a day shift', { ...day, breakStartTime: '18:00', breakEndTime: '19:00' }, { problem: 'outsideShift', field: 'breakStartTime' }],
    ['crossing midnight on a day shift', { ...day, breakStartTime: '23:30', breakEndTime: '00:15' }, { problem: 'outsideShift', field: 'breakStartTime' }],
    ['night shift, break in the afternoon', { ...night, breakStartTime: '13:00', breakEndTime: '14:00' }, { problem: 'outsideShift', field: 'breakStartTime' }],
    ['night shift, break past the end', { ...night, breakStartTime: '05:30', breakEndTime: '06:30' }, { problem: 'outsideShift', field: 'breakEndTime' }],
    ['only a start', { ...day, breakEndTime: null }, { problem: 'incomplete', field: 'breakEndTime' }],
    ['only an end', { ...day, breakStartTime: '' }, { problem: 'incomplete', field: 'breakStartTime' }],
  ])('%s', (_name, schedule, expected) => {
    expect(breakProblem(schedule)).toEqual(expected);
    expect(breakInsideShift(schedule)).toBe(expected === null && Boolean(schedule.breakStartTime));
  });
});

describe('the hours engine ignores an impossible break instead of cutting hours', () => {
  const reversed: ScheduleRules = { ...day, breakStartTime: '14:00', breakEndTime: '13:00' };
  const worked = { checkIn: at(MON, '08:12'), checkOut: at(MON, '17:05') };

  it('a day of 08:12-17:05 with a 14:00-13:00 break counts 8.88 h, not 5.80 h (the break read as ending the next day)', () => {
    expect(workHours(worked, reversed, MON, LIMA)).toBe(8.88);
    // The same day with a possible break still subtracts it.
    expect(workHours(worked, day, MON, LIMA)).toBe(7.88);
  });

  it('the calendar judge agrees', () => {
    const judge = createDayJudge({ days: [MON], timezone: LIMA, now: at(TUE, '12:00') });
    const employee = judge.forEmployee([{ validFrom: '2020-01-01', active: true, scheduleId: 's1', schedule: { ...reversed, id: 's1' } }], null);
    expect(employee.hours(0, spanOf(worked))).toBe(8.88);
  });

  it('breaks partly outside the shift are ignored too; a night break across midnight is subtracted', () => {
    expect(workHours(worked, { ...day, breakStartTime: '16:30', breakEndTime: '17:30' }, MON, LIMA)).toBe(8.88);
    const nightShift = { checkIn: at(MON, '22:00'), checkOut: at(TUE, '06:00') };
    expect(workHours(nightShift, { ...night, breakStartTime: '23:30', breakEndTime: '00:15' }, MON, LIMA)).toBe(7.25);
    expect(workHours(nightShift, night, MON, LIMA)).toBe(7.5);
  });
});
