import { describe, expect, it } from 'vitest';
import { manualAttendanceInput, schedulePeriodsQuery } from './attendance.js';
import { issuesOf } from './test-helpers.js';

describe('manual attendance: check-in', () => {
  const record = (extra: Record<string, unknown>) => ({ employeeId: '00000000-0000-4000-8000-000000000001', date: '2026-03-04', ...extra });
  it('needs a check-in unless the day is a permission', () => {
    expect(issuesOf(manualAttendanceInput.safeParse(record({ checkIn: null })))).toEqual([{ path: 'checkIn', message: 'attendance.checkInRequired' }]);
    expect(issuesOf(manualAttendanceInput.safeParse(record({ checkIn: null, isPermission: true })))).toEqual([]);
    expect(issuesOf(manualAttendanceInput.safeParse(record({ checkIn: '09:00' })))).toEqual([]);
  });
});

describe("an employee's schedule periods", () => {
  const query = (startDate: string, endDate: string) => issuesOf(schedulePeriodsQuery.safeParse({ startDate, endDate }));
  it('accepts one day and refuses an end before the start', () => {
    expect(query('2026-03-04', '2026-03-04')).toEqual([]);
    expect(query('2026-03-04', '2026-03-03')).toEqual([{ path: 'endDate', message: 'attendance.dateInvalid' }]);
  });
  it('refuses a range longer than 397 days', () => {
    expect(query('2025-01-01', '2026-02-01')).toEqual([]);
    expect(query('2025-01-01', '2026-02-02')).toEqual([{ path: 'endDate', message: 'validation.rangeTooLong' }]);
  });
});
