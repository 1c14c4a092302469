import { describe, expect, it } from 'vitest';
import { DAY_STATUSES, STATUS_STYLE, statusColor } from './status';

describe('one status palette', () => {
  it('a day status has the same colour in the calendar, the reports and the employee area badges', () => {
    // The employee area had its own table, where a holiday was pink and the calendar's grape.
    for (const status of DAY_STATUSES) expect(statusColor(status)).toBe(STATUS_STYLE[status].color);
    expect(statusColor('holiday')).toBe('grape');
  });

  it('record words take the colour of the day status they mean; unknown or missing words are gray', () => {
    expect(statusColor('on_time')).toBe(STATUS_STYLE.present.color);
    expect(statusColor('sick_leave')).toBe(STATUS_STYLE.permission.color);
    expect(statusColor('vacation')).toBe(STATUS_STYLE.holiday.color);
    expect(statusColor('whatever')).toBe('gray');
    expect(statusColor(null)).toBe('gray');
  });
});
