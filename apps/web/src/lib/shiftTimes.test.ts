import { describe, expect, it } from 'vitest';
import { formatShiftEnd, formatShiftRange } from './shiftTimes';

describe('shift times', () => {
  it('marks a night shift that ends the next day', () => {
    expect(formatShiftRange({ startTime: '22:00', endTime: '06:00' })).toBe('22:00 - 06:00 (+1)');
    expect(formatShiftEnd({ startTime: '22:00', endTime: '06:00' })).toBe('06:00 (+1)');
  });
  it('leaves a day shift as it is', () => {
    expect(formatShiftRange({ startTime: '08:00', endTime: '17:00' })).toBe('08:00 - 17:00');
    expect(formatShiftEnd({ startTime: '08:00', endTime: '17:00' })).toBe('17:00');
  });
});
