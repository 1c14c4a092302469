import { describe, expect, it } from 'vitest';
import { spanOf } from './judge.js';
import { currentPeriod, periodOn } from './periods.js';
import { activeFromOf, type ScheduleRules, workDateFor } from './rules.js';
import { localToInstant, monthRange } from './time.js';

const rules: ScheduleRules = {
  startTime: '09:00',
  endTime: '18:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
};

describe('periodOn: the period that applies on a day', () => {
  const a = { validFrom: '2026-03-01', name: 'a' };
  const b = { validFrom: '2026-03-10', name: 'b' };
  const c = { validFrom: '2026-03-20', name: 'c' };
  it.each([
    ['2026-03-09', 'a'],
    ['2026-03-10', 'b'], // the day it starts
    ['2026-03-19', 'b'],
    ['2026-03-25', 'c'],
    ['2026-02-01', 'a'], // before every period: the first one
  ])('on %s, whatever the order given: %s', (date, expected) => {
    for (const order of [
      [a, b, c],
      [c, b, a],
      [b, c, a],
    ])
      expect(periodOn(order, date)?.name).toBe(expected);
  });

  it('no periods: none', () => {
    expect(periodOn([], '2026-03-01')).toBeUndefined();
  });
});

describe('currentPeriod: an employee without history', () => {
  it('keeps activity and schedule; an inactive schedule gives no rules but keeps its id (its holidays still apply)', () => {
    expect(currentPeriod({ active: true, scheduleId: 's1', schedule: rules })).toEqual({
      validFrom: '0000-01-01',
      active: true,
      scheduleId: 's1',
      schedule: rules,
    });
    expect(currentPeriod({ active: false, scheduleId: 's1', schedule: { ...rules, isActive: true } }).schedule).toMatchObject({ startTime: '09:00' });
    expect(currentPeriod({ active: true, scheduleId: 's1', schedule: { ...rules, isActive: false } })).toEqual({
      validFrom: '0000-01-01',
      active: true,
      scheduleId: 's1',
      schedule: null,
    });
    expect(currentPeriod({ active: true, scheduleId: null, schedule: null }).schedule).toBeNull();
  });
});

describe('activeFromOf: the first day an employee is expected', () => {
  it('the hire date, else the local day they were added (Lima: 03:00Z is the evening before)', () => {
    expect(activeFromOf({ hireDate: '2026-01-15', createdAt: '2026-03-02T15:00:00Z' }, 'America/Lima')).toBe('2026-01-15');
    expect(activeFromOf({ hireDate: null, createdAt: '2026-03-02T03:00:00Z' }, 'America/Lima')).toBe('2026-03-01');
    expect(activeFromOf({ createdAt: new Date('2026-03-02T15:00:00Z') }, 'America/Lima')).toBe('2026-03-02');
    expect(activeFromOf({}, 'America/Lima')).toBeNull();
  });
});

describe('spanOf: a record as the calendar reads it', () => {
  it('instants in ms from dates or strings, nulls kept, notes kept', () => {
    const at = localToInstant('2026-03-02', 9 * 60, 'America/Lima');
    expect(spanOf({ checkIn: at, checkOut: at.toISOString(), notes: 'Cita' })).toEqual({
      checkInMs: at.getTime(),
      checkOutMs: at.getTime(),
      isPermission: false,
      notes: 'Cita',
    });
    expect(spanOf({ isPermission: true })).toEqual({ checkInMs: null, checkOutMs: null, isPermission: true, notes: null });
  });
});

describe('small helpers', () => {
  it('without a schedule a punch belongs to its local day', () => {
    expect(workDateFor(new Date('2026-03-03T03:00:00Z'), null, 'America/Lima')).toBe('2026-03-02');
  });

  it('monthRange: first and last day, February of a leap year included', () => {
    expect(monthRange(2024, 2)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthRange(2026, 12)).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});
