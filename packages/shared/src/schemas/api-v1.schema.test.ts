import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { v1AttendanceQuery, v1One, v1Page } from './api-v1.js';
import { issuesOf, parsed } from './test-helpers.js';

describe('public API: attendance range', () => {
  const range = (from: string, to: string) => v1AttendanceQuery.safeParse({ from, to });
  it('accepts one day, and 397 days at most', () => {
    expect(parsed(range('2026-03-04', '2026-03-04'))).toMatchObject({ from: '2026-03-04', to: '2026-03-04' });
    expect(issuesOf(range('2025-01-01', '2026-02-01'))).toEqual([]);
  });
  it('refuses an end before the start, and a range of 398 days', () => {
    expect(issuesOf(range('2026-03-04', '2026-03-03'))).toEqual([{ path: 'to', message: 'integrations.rangeInvalid' }]);
    expect(issuesOf(range('2025-01-01', '2026-02-02'))).toEqual([{ path: 'to', message: 'integrations.rangeInvalid' }]);
  });
});

describe('public API answers', () => {
  const item = z.object({ id: z.string() });
  it('a page is the rows and the next cursor, null on the last page', () => {
    expect(v1Page(item).parse({ data: [{ id: 'a' }], nextCursor: null })).toEqual({ data: [{ id: 'a' }], nextCursor: null });
    expect(v1Page(item).safeParse({ data: [{ id: 'a' }] }).success).toBe(false);
    expect(v1Page(item).safeParse({ data: [{ id: 1 }], nextCursor: 'c' }).success).toBe(false);
  });
  it('one row is under data', () => {
    expect(v1One(item).parse({ data: { id: 'a' } })).toEqual({ data: { id: 'a' } });
    expect(v1One(item).safeParse({ id: 'a' }).success).toBe(false);
  });
});
