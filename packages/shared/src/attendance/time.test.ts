import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../countries.js';
import { arrivalStatus, type ScheduleRules } from './rules.js';
import { addDays, DAYS_BETWEEN_CAP, daySpan, daysBetween, localToInstant, offsetMinutes, toLocal } from './time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('days: addDays, daySpan, daysBetween', () => {
  it('the last day of year 9999 ends the calendar: no day after it, and a one-day range is one day', () => {
    // The old addDays gave '+010000-01', which sorts before '9999-12-31': daysBetween looped forever.
    expect(() => addDays('9999-12-31', 1)).toThrow(/day out of range: year 10000/);
    expect(daysBetween('9999-12-31', '9999-12-31')).toEqual(['9999-12-31']);
    expect(daySpan('9999-12-31', '9999-12-31')).toBe(1);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
  });

  it('refuses what is not a day, and fractional or huge offsets', () => {
    for (const bad of ['', '2026-1-01', '20260101', '+010000-01-01', 'abcd-ef-gh']) expect(() => addDays(bad, 1)).toThrow(`not a day: ${bad}`);
    expect(() => addDays('2026-01-01', 0.5)).toThrow('not a whole number of days: 0.5');
    expect(() => addDays('2026-01-01', 1e12)).toThrow(RangeError);
  });

  it('counts a span from milliseconds without building it, and refuses to build more than the cap', () => {
    expect(daySpan('2000-01-01', '9999-12-31')).toBe(2_921_940);
    expect(daySpan('2026-03-02', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(() => daysBetween('2000-01-01', '9999-12-31')).toThrow(`2921940 days asked, at most ${DAYS_BETWEEN_CAP}`);
    expect(daysBetween('2026-01-01', addDays('2026-01-01', DAYS_BETWEEN_CAP - 1))).toHaveLength(DAYS_BETWEEN_CAP);
  });

  it('leap days and month ends', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('agrees with the calendar for any day and offset (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -3000, max: 3000 }),
        (d, n) => {
          const day = d.toISOString().slice(0, 10);
          const expected = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + n * DAY).toISOString().slice(0, 10);
          expect(addDays(day, n)).toBe(expected);
          if (n >= 0) {
            const days = daysBetween(day, expected);
            expect(days.length).toBe(n + 1);
            expect(days[days.length - 1]).toBe(expected);
            expect([...days].sort()).toEqual(days);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Every zone a company can choose. */
const ZONES = [...new Set(COUNTRIES.flatMap((c) => c.timezones.map((t) => t.timezone)))];

/**
 * The years the daylight-saving sweep covers: 2020-2030, or 2025-2026 under mutation testing
 * (vitest.mutation.config.ts sets MUTATION_SWEEP_YEARS: every mutant re-runs the sweep; two years still
 * hold every kind of transition of every zone).
 */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
const SWEEP_YEARS = Number(env?.MUTATION_SWEEP_YEARS) || 11;
const SWEEP_FROM = 2031 - SWEEP_YEARS;

/** The instants (to the minute) where a zone's offset changed in the sweep's years. */
function transitions(zone: string): { at: number; before: number; after: number }[] {
  const out: { at: number; before: number; after: number }[] = [];
  let t = Date.UTC(SWEEP_FROM, 0, 1);
  let off = offsetMinutes(new Date(t), zone);
  for (const end = Date.UTC(2031, 0, 1); t < end; t += 6 * HOUR) {
    const next = offsetMinutes(new Date(t + 6 * HOUR), zone);
    if (next === off) continue;
    let lo = t;
    let hi = t + 6 * HOUR;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(new Date(mid), zone) === off) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, before: off, after: next });
    off = next;
  }
  return out;
}

describe('wall times around every daylight-saving transition of every offered zone, 2020-2030', () => {
  it('reads each wall time as the one instant that shows it, the earlier of two, or the first real minute after a gap', () => {
    let gaps = 0;
    let overlaps = 0;
    let checked = 0;
    for (const zone of ZONES) {
      for (const tr of transitions(zone)) {
        const jump = tr.after - tr.before; // > 0: clocks forward (a gap); < 0: back (a repeated hour)
        if (jump > 0) gaps += 1;
        else overlaps += 1;
        const wallAtChange = tr.at + tr.before * 60_000; // the wall clock, as UTC, when the change happens
        // Every half hour from three hours before to three hours after the change, as wall times.
        for (let w = wallAtChange - 3 * HOUR; w <= wallAtChange + 3 * HOUR; w += 30 * 60_000) {
          const wall = new Date(w);
          const date = wall.toISOString().slice(0, 10);
          const minutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
          const got = localToInstant(date, minutes, zone).getTime();
          // The oracle: the instants that show this wall time under either offset, earliest first.
          const showing = [tr.before, tr.after]
            .filter((off) => offsetMinutes(new Date(w - off * 60_000), zone) === off)
            .map((off) => w - off * 60_000)
            .sort((a, b) => a - b);
          if (showing.length) expect(got, `${zone} ${date} ${minutes}`).toBe(showing[0]);
          else {
            // Skipped: the same distance past the gap's start as the wall time is past the last real minute.
            expect(got, `${zone} ${date} ${minutes} (skipped)`).toBe(w - tr.before * 60_000);
            const shown = toLocal(new Date(got), zone);
            expect(shown.minutes, `${zone} ${date} ${minutes} (skipped) moves forward by the gap`).toBe((minutes + jump) % 1440);
          }
          checked += 1;
        }
      }
    }
    // The zones offered include Chile, Paraguay, Mexico's border, Cuba, the United States and Spain.
    expect(gaps).toBeGreaterThan(9 * SWEEP_YEARS);
    expect(overlaps).toBeGreaterThan(9 * SWEEP_YEARS);
    expect(checked).toBeGreaterThan(270 * SWEEP_YEARS);
    console.info(`dst: ${gaps} gaps, ${overlaps} overlaps, ${checked} wall times`);
  }, 60_000);

  it("Santiago's spring-forward day: 00:30 is 01:30 (04:30Z), and a worker arriving at the first real minute of a 00:00 shift is on time", () => {
    expect(localToInstant('2026-09-06', 30, 'America/Santiago').toISOString()).toBe('2026-09-06T04:30:00.000Z');
    expect(localToInstant('2025-09-07', 0, 'America/Santiago').toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(localToInstant('2024-10-06', 0, 'America/Asuncion').toISOString()).toBe('2024-10-06T04:00:00.000Z');
    const midnight: ScheduleRules = {
      startTime: '00:00',
      endTime: '08:00',
      breakStartTime: null,
      breakEndTime: null,
      workDays: '1,2,3,4,5,6,7',
      lateToleranceMinutes: 15,
      allowEarlyCheckIn: true,
      earlyCheckInMinutes: 30,
      countActualTime: false,
    };
    // 01:00 local is the first minute that exists that day (clocks jump from 00:00 to 01:00).
    expect(arrivalStatus(new Date('2026-09-06T04:00:00Z'), midnight, '2026-09-06', 'America/Santiago')).toBe('present');
  });
});
