import { describe, expect, it } from 'vitest';
import { workSplit } from './outside.js';
import { workHours } from './rules.js';

const tz = 'America/Lima';
const at = (hhmm: string, date = '2026-03-02') => new Date(`${date}T${hhmm}:00-05:00`);
const office = { startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: '14:00', workDays: '1,2,3,4,5', countActualTime: false };

describe('hours outside the workday are the part of the hours worked outside the shift (decision 0037)', () => {
  it("the issue's 07:30-18:00 day: 9.00 worked, 1.00 outside (the early half hour is not worked, so not outside either)", () => {
    const split = workSplit({ checkIn: at('07:30'), checkOut: at('18:00') }, office, '2026-03-02', tz);
    expect(split).toEqual({ worked: 9, outside: 1, leave: null, open: false });
    // The old rule printed 1.50 outside beside 9.00 worked, counting a half hour that was never worked.
    expect(
      workHours(
        { checkIn: at('07:30'), checkOut: at('18:00') },
        { ...office, lateToleranceMinutes: 0, allowEarlyCheckIn: false, earlyCheckInMinutes: 0 },
        '2026-03-02',
        tz,
      ),
    ).toBe(9);
  });
  it('with countActualTime the early half hour is worked and outside: 9.50 and 1.50', () => {
    expect(workSplit({ checkIn: at('07:30'), checkOut: at('18:00') }, { ...office, countActualTime: true }, '2026-03-02', tz)).toMatchObject({
      worked: 9.5,
      outside: 1.5,
    });
  });
  it('without a schedule, or on a rest day, every hour worked is outside', () => {
    expect(workSplit({ checkIn: at('09:00'), checkOut: at('13:00') }, null, '2026-03-02', tz)).toMatchObject({ worked: 4, outside: 4 });
    expect(workSplit({ checkIn: at('09:00', '2026-03-07'), checkOut: at('12:00', '2026-03-07') }, office, '2026-03-07', tz)).toMatchObject({
      worked: 3,
      outside: 3,
    });
  });
  it('an open shift is marked open, with no hours; a permission is paid leave, not work', () => {
    expect(workSplit({ checkIn: at('08:00'), checkOut: null }, office, '2026-03-02', tz)).toEqual({ worked: null, outside: null, leave: null, open: true });
    expect(workSplit({ checkIn: at('08:00'), checkOut: at('17:00'), isPermission: true }, office, '2026-03-02', tz)).toEqual({
      worked: 0,
      outside: 0,
      leave: 8,
      open: false,
    });
  });
  it('never prints more outside than worked, on any day of a month of random punches', () => {
    for (let i = 0; i < 500; i++) {
      const a = Math.floor(((i * 37) % 1440) / 1);
      const b = a + ((i * 53) % 900) + 1;
      const d = new Date(at('00:00').getTime() + a * 60_000);
      const e = new Date(at('00:00').getTime() + b * 60_000);
      const s = workSplit({ checkIn: d, checkOut: e }, office, '2026-03-02', tz);
      if (s.worked != null && s.outside != null) expect(s.outside).toBeLessThanOrEqual(s.worked);
    }
  });
});
