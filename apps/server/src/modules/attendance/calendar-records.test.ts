import type { RecordSpan } from '@presente/shared';
import { describe, expect, it } from 'vitest';
import { attendanceJson, isoJson, readRecords, spanAt } from './calendar-records.js';
import { hoursTail } from './calendar-rows.js';

describe('calendar records text', () => {
  it('writes instants exactly as toISOString does, whatever the order of days', () => {
    const cases = [
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 2, 1, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(2026, 11, 31, 23, 59, 59, 1),
    ];
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

  it('writes every combination of the three flags, and the same text for the same record wherever it is met', () => {
    const span: RecordSpan = { checkInMs: null, checkOutMs: null, isPermission: false, notes: null };
    for (let n = 0; n < 8; n++) {
      const flags = `${(n >> 2) & 1}${(n >> 1) & 1}${n & 1}`;
      for (const method of ['face_recognition', 'qr_code', '']) {
        const f = ['3', '', String(Date.UTC(2026, 2, 4, 13)), `r${n}`, 'present', method, flags, 'null'];
        const expected = {
          id: `r${n}`,
          checkIn: null,
          checkOut: '2026-03-04T13:00:00.000Z',
          status: 'present',
          notes: null,
          isPermission: flags[0] === '1',
          method: method || null,
          isManual: flags[1] === '1',
          incomplete: flags[2] === '1',
        };
        const text = attendanceJson(f, 0, spanAt(f, 0, span));
        expect(text).toBe(JSON.stringify(expected));
        expect(attendanceJson(f, 0, spanAt(f, 0, span))).toBe(text);
      }
    }
  });

  it("writes a cell's hours as JSON would, from the table and past it", () => {
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const hours: (number | null)[] = [null, 0, 0.01, 0.1, 0.29, 7.5, 8, 8.33, 47.99, 48, 48.01, 100.25, 1 / 3, 2 / 3];
    for (let i = 0; i < 2000; i++) hours.push(round2((i * 7919) % 5000) / 100, round2(Math.random() * 60));
    for (const h of hours) expect(hoursTail(h)).toBe(`,"workHours":${JSON.stringify(h)}}`);
  });
});
