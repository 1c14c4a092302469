import { describe, expect, it } from 'vitest';
import { SHIFT } from '../test/fixtures';
import { checkOutPreview } from './checkOutPreview';

const LIMA = 'America/Lima'; // UTC-5 all year
const night = { ...SHIFT, startTime: '22:00', endTime: '06:00', breakStartTime: '02:00', breakEndTime: '02:30', workDays: [1, 2, 3, 4, 5, 6, 7] };

describe('checkOutPreview: when an early check-out asks first, and the hours it names (decision 0024)', () => {
  it('asks before the shift end, with the hours worked so far minus the break', () => {
    const p = checkOutPreview({ checkIn: '2026-05-04T13:00:00.000Z' }, SHIFT, '2026-05-04', LIMA, new Date('2026-05-04T20:30:00.000Z')); // 08:00 -> 15:30
    expect(p).toEqual({ hours: 6.5, shiftEnd: new Date('2026-05-04T22:00:00.000Z'), confirm: true });
  });

  it('goes at once after the shift end when the check-in is more than an hour old', () => {
    const p = checkOutPreview({ checkIn: '2026-05-04T13:00:00.000Z' }, SHIFT, '2026-05-04', LIMA, new Date('2026-05-04T22:05:00.000Z'));
    expect(p).toMatchObject({ hours: 8.08, shiftEnd: null, confirm: false });
  });

  it('asks within the first hour after the check-in even after the shift end (a late check-in)', () => {
    const p = checkOutPreview({ checkIn: '2026-05-04T21:50:00.000Z' }, SHIFT, '2026-05-04', LIMA, new Date('2026-05-04T22:10:00.000Z'));
    expect(p).toMatchObject({ shiftEnd: null, confirm: true });
  });

  it('reads a night shift across midnight: at 02:15 the shift ends at 06:00 the next day', () => {
    const p = checkOutPreview({ checkIn: '2026-05-05T03:00:00.000Z' }, night, '2026-05-04', LIMA, new Date('2026-05-05T07:15:00.000Z')); // 22:00 -> 02:15
    expect(p).toEqual({ hours: 4, shiftEnd: new Date('2026-05-05T11:00:00.000Z'), confirm: true });
  });

  it('without a schedule asks only within the first hour', () => {
    expect(checkOutPreview({ checkIn: '2026-05-04T13:00:00.000Z' }, null, '2026-05-04', LIMA, new Date('2026-05-04T13:30:00.000Z'))).toEqual({
      hours: 0.5,
      shiftEnd: null,
      confirm: true,
    });
    expect(checkOutPreview({ checkIn: '2026-05-04T13:00:00.000Z' }, null, '2026-05-04', LIMA, new Date('2026-05-04T15:00:00.000Z')).confirm).toBe(false);
  });
});
