import type { RecordSpan } from '@presente/shared';
import { describe, expect, it } from 'vitest';
import { attendanceJson, isoJson, readRecords, spanAt } from './calendar-records.js';

describe('calendar records text', () => {
  it('writes instants exactly as toISOString does, whatever the order of days', () => {
    const cases = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2026, 2, 1, 23, 59, 59, 999), Date.UTC(2024, 1, 29, 12), Date.UTC(2026, 11, 31, 23, 59, 59, 1)];
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 48271) % 2147483647;
      cases.push(Date.UTC(2000, 0, 1) + (seed % 1_000_000) * 997_331);
    }
    for (const ms of cases) expect(isoJson(ms)).toBe(JSON.stringify(new Date(ms).toISOString()));
    expect(isoJson(null)).toBe('null');
  });

  it("reads one employee's text by day index; the attendance object comes out as the API writes it", () => {
    const inMs = Date.UTC(2026, 2, 3, 14, 5);
    const outMs = Date.UTC(2026, 2, 3, 23, 0, 0, 7);
    const text = [
      ['2', String(inMs), String(outMs), 'rec-1', 'late', 'web', '010', '"Tráfico \\"lento\\" 🎄"'],
      ['0', '', '', 'rec-0', '', 'manual', '101', 'null'],
    ]
      .flat()
      .join('\x1f');
    const mine = readRecords(text, { f: [], at: new Int32Array(4) });
    expect([...mine.at]).toEqual([8, -1, 0, -1]);
    const span: RecordSpan = { checkInMs: null, checkOutMs: null, isPermission: false, notes: null };
    const json = (k: number) => JSON.parse(attendanceJson(mine.f, k, spanAt(mine.f, k, span)));
    expect(spanAt(mine.f, 0, span)).toEqual({ checkInMs: inMs, checkOutMs: outMs, isPermission: false, notes: 'Tráfico "lento" 🎄' });
    expect(json(0)).toEqual({
      id: 'rec-1',
      checkIn: '2026-03-03T14:05:00.000Z',
      checkOut: '2026-03-03T23:00:00.007Z',
      status: 'late',
      notes: 'Tráfico "lento" 🎄',
      isPermission: false,
      method: 'web',
      isManual: true,
      incomplete: false,
    });
    expect(json(8)).toEqual({
      id: 'rec-0',
      checkIn: null,
      checkOut: null,
      status: null,
      notes: null,
      isPermission: true,
      method: 'manual',
      isManual: false,
      incomplete: true,
    });
    expect([...readRecords(undefined, mine).at]).toEqual([-1, -1, -1, -1]);
  });
});
