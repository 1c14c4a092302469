import { describe, expect, it } from 'vitest';
import { evidenceReasons, timingReasons } from './punch-review.js';

const office = { startTime: '08:00', endTime: '17:00', workDays: '1,2,3,4,5' };
const night = { startTime: '22:00', endTime: '06:00', workDays: '1,2,3,4,5' };
const lima = 'America/Lima';
/** 2026-11-23 is a Monday; Lima is UTC-5. */
const at = (iso: string) => new Date(iso);

describe('evidenceReasons', () => {
  it('a clear match with a strong liveness signal needs no look (also for older punches with fewer fields)', () => {
    expect(evidenceReasons({ distance: 0.3, threshold: 0.55, worstDistance: 0.4, margin: 0.3, liveness: { spoofScore: 0.8, maxDistance: 0.4 } })).toEqual([]);
    expect(evidenceReasons({})).toEqual([]);
    expect(evidenceReasons({ distance: 0.3, threshold: 0.55, margin: null, liveness: null })).toEqual([]);
  });

  it('near the threshold, a frame past it, a runner-up close, a weak liveness measure: each its own reason with value and limit', () => {
    expect(evidenceReasons({ distance: 0.5, threshold: 0.55 })).toEqual([{ code: 'near_threshold', value: 0.5, limit: 0.5 }]);
    expect(evidenceReasons({ distance: 0.49, threshold: 0.55 })).toEqual([]);
    expect(evidenceReasons({ distance: 0.3, threshold: 0.45, worstDistance: 0.46 })).toEqual([{ code: 'far_frame', value: 0.46, limit: 0.45 }]);
    expect(evidenceReasons({ margin: 0.07 })).toEqual([{ code: 'near_other_person', value: 0.07, limit: 0.1 }]);
    expect(evidenceReasons({ margin: 0.1 })).toEqual([]);
    expect(evidenceReasons({ liveness: { spoofScore: 0.4, maxDistance: 0.58 } })).toEqual([
      { code: 'weak_liveness', measure: 'spoofScore', value: 0.4, limit: 0.5 },
      { code: 'weak_liveness', measure: 'maxDistance', value: 0.58, limit: 0.55 },
    ]);
  });
});

describe('timingReasons', () => {
  it('within two hours of the shift is usual; past them, or on a day off, is not', () => {
    expect(timingReasons(at('2026-11-23T13:05:00Z'), office, '2026-11-23', lima)).toEqual([]); // 08:05
    expect(timingReasons(at('2026-11-23T11:00:00Z'), office, '2026-11-23', lima)).toEqual([]); // 06:00, 2 h early
    expect(timingReasons(at('2026-11-23T10:30:00Z'), office, '2026-11-23', lima)).toEqual([{ code: 'outside_schedule', value: 150, limit: 120 }]);
    expect(timingReasons(at('2026-11-24T03:00:00Z'), office, '2026-11-23', lima)).toEqual([{ code: 'outside_schedule', value: 300, limit: 120 }]); // 22:00
    expect(timingReasons(at('2026-11-22T13:05:00Z'), office, '2026-11-22', lima)).toEqual([{ code: 'day_off', value: null, limit: null }]); // Sunday
    expect(timingReasons(at('2026-11-23T03:00:00Z'), null, '2026-11-22', lima)).toEqual([]);
  });

  it('a night shift ends the next morning: its check-out at 06:30 is usual, one at 10:00 is not', () => {
    expect(timingReasons(at('2026-11-24T11:30:00Z'), night, '2026-11-23', lima)).toEqual([]);
    expect(timingReasons(at('2026-11-24T15:00:00Z'), night, '2026-11-23', lima)).toEqual([{ code: 'outside_schedule', value: 240, limit: 120 }]);
  });
});
