import { describe, expect, it } from 'vitest';
import { scheduleInput } from './company.js';

const base = { name: 'Turno', startTime: '08:00', endTime: '17:00', workDays: '1,2,3,4,5' };
const issuesOf = (input: Record<string, unknown>) => {
  const r = scheduleInput.safeParse({ ...base, ...input });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('scheduleInput: the break (decision 0024)', () => {
  it.each([
    ['no break', {}],
    ['empty break fields', { breakStartTime: '', breakEndTime: '' }],
    ['a lunch break', { breakStartTime: '13:00', breakEndTime: '14:00' }],
    ['a break filling the shift', { breakStartTime: '08:00', breakEndTime: '17:00' }],
    ['night shift, break after midnight', { startTime: '22:00', endTime: '06:00', breakStartTime: '02:00', breakEndTime: '02:30' }],
    ['night shift, break across midnight', { startTime: '22:00', endTime: '06:00', breakStartTime: '23:30', breakEndTime: '00:15' }],
  ])('accepts %s', (_name, input) => {
    expect(issuesOf(input)).toEqual([]);
  });

  it.each([
    ['14:00-13:00', { breakStartTime: '14:00', breakEndTime: '13:00' }, 'breakEndTime', 'schedule.breakEndBeforeStart'],
    ['zero length', { breakStartTime: '13:00', breakEndTime: '13:00' }, 'breakEndTime', 'schedule.breakEndBeforeStart'],
    ['a start without an end', { breakStartTime: '13:00' }, 'breakEndTime', 'schedule.breakIncomplete'],
    ['an end without a start', { breakEndTime: '13:00' }, 'breakStartTime', 'schedule.breakIncomplete'],
    ['a break before the shift', { breakStartTime: '07:00', breakEndTime: '07:30' }, 'breakStartTime', 'schedule.breakOutsideShift'],
    ['a break past the shift end', { breakStartTime: '16:30', breakEndTime: '17:30' }, 'breakEndTime', 'schedule.breakOutsideShift'],
    [
      'night shift, end before start',
      { startTime: '22:00', endTime: '06:00', breakStartTime: '02:30', breakEndTime: '02:00' },
      'breakEndTime',
      'schedule.breakEndBeforeStart',
    ],
    [
      'night shift, an afternoon break',
      { startTime: '22:00', endTime: '06:00', breakStartTime: '14:00', breakEndTime: '15:00' },
      'breakStartTime',
      'schedule.breakOutsideShift',
    ],
    [
      'night shift, zero length',
      { startTime: '22:00', endTime: '06:00', breakStartTime: '00:00', breakEndTime: '00:00' },
      'breakEndTime',
      'schedule.breakEndBeforeStart',
    ],
  ])('refuses %s, on the break field', (_name, input, path, message) => {
    expect(issuesOf(input)).toEqual([{ path, message }]);
  });

  it('a shift of no length is its own error, not a break error', () => {
    expect(issuesOf({ endTime: '08:00', breakStartTime: '13:00', breakEndTime: '14:00' })).toEqual([{ path: 'endTime', message: 'schedule.sameStartEnd' }]);
  });
});
