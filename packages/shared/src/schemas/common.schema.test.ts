import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boolish,
  dayProblem,
  fileAnswer,
  hhmm,
  instantProblem,
  isIsoInstant,
  isPhone,
  optionalHhmm,
  optionalId,
  optionalPhone,
  optionalText,
  pageAnswer,
  pagination,
  rangeDays,
  rangeWithin,
  ymd,
} from './common.js';
import { issuesOf, parsed } from './test-helpers.js';

const ID = '00000000-0000-4000-8000-000000000001';

describe('calendar days', () => {
  it('accepts a real day within 2000-2100', () => {
    expect(dayProblem('2000-01-01')).toBeNull();
    expect(dayProblem('2100-12-31')).toBeNull();
    expect(dayProblem('2028-02-29')).toBeNull();
  });
  it('calls a day that does not exist or is malformed a format problem', () => {
    expect(dayProblem('2026-02-29')).toBe('format');
    expect(dayProblem('2026-2-01')).toBe('format');
    expect(dayProblem('2026-04-31')).toBe('format');
  });
  it('calls a real day outside the years a range problem, the floor lowered by minYear', () => {
    expect(dayProblem('1999-12-31')).toBe('range');
    expect(dayProblem('2101-01-01')).toBe('range');
    expect(dayProblem('1900-01-01', 1900)).toBeNull();
    expect(dayProblem('1899-12-31', 1900)).toBe('range');
  });
  it('gives one message per value in a form field', () => {
    const field = z.object({ date: ymd() });
    expect(issuesOf(field.safeParse({ date: '2026-03-04' }))).toEqual([]);
    expect(issuesOf(field.safeParse({ date: ' ' }))).toEqual([{ path: 'date', message: 'validation.dateRequired' }]);
    expect(issuesOf(field.safeParse({ date: '2026-02-30' }))).toEqual([{ path: 'date', message: 'holiday.dateInvalid' }]);
    expect(issuesOf(field.safeParse({ date: '2101-01-01' }))).toEqual([{ path: 'date', message: 'validation.dateOutOfRange' }]);
    expect(issuesOf(field.safeParse({}))).toEqual([{ path: 'date', message: 'validation.dateRequired' }]);
  });
});

describe('date ranges', () => {
  it('counts the days inclusive, 0 when the end comes first', () => {
    expect(rangeDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(rangeDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(rangeDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(rangeDays('2026-03-05', '2026-03-01')).toBe(0);
  });
  it('allows a range of exactly the limit and refuses one day more', () => {
    expect(rangeWithin(31)({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe(true);
    expect(rangeWithin(31)({ startDate: '2026-03-01', endDate: '2026-04-01' })).toBe(false);
    expect(rangeWithin()({ startDate: '2025-01-01', endDate: '2026-02-01' })).toBe(true); // 397 days
    expect(rangeWithin()({ startDate: '2025-01-01', endDate: '2026-02-02' })).toBe(false);
  });
  it('leaves a range without a start or an end to other rules', () => {
    expect(rangeWithin(1)({ startDate: '2020-01-01', endDate: null })).toBe(true);
    expect(rangeWithin(1)({ startDate: undefined, endDate: '2030-01-01' })).toBe(true);
  });
});

describe('instants', () => {
  it('accepts a full timestamp with its zone', () => {
    expect(isIsoInstant('2026-03-04T14:30:00Z')).toBe(true);
    expect(instantProblem('2026-03-04T09:30-05:00')).toBeNull();
  });
  it('refuses a vague time, a missing day and a day outside the years', () => {
    expect(instantProblem('2026-03-04')).toBe('format');
    expect(instantProblem('x2026-03-04T14:30Z')).toBe('format');
    expect(instantProblem('2026-02-30T10:00:00Z')).toBe('format');
    expect(instantProblem('2101-01-01T00:00:00Z')).toBe('range');
    expect(isIsoInstant('2101-01-01T00:00:00Z')).toBe(false);
  });
});

describe('times, references and texts', () => {
  it('needs a local time and says which', () => {
    expect(parsed(hhmm('schedule.startRequired').safeParse(' 08:00 '))).toBe('08:00');
    expect(issuesOf(hhmm('schedule.startRequired').safeParse(''))[0]).toEqual({ path: '', message: 'schedule.startRequired' });
    expect(issuesOf(hhmm('schedule.startRequired').safeParse('8:00'))).toEqual([{ path: '', message: 'schedule.timeInvalid' }]);
  });
  it('reads an empty optional time as not set', () => {
    expect(parsed(optionalHhmm.safeParse(''))).toBeNull();
    expect(parsed(optionalHhmm.safeParse(undefined))).toBeNull();
    expect(parsed(optionalHhmm.safeParse('09:15'))).toBe('09:15');
  });
  it('reads an empty reference as none', () => {
    expect(parsed(optionalId.safeParse(''))).toBeNull();
    expect(parsed(optionalId.safeParse(undefined))).toBeNull();
    expect(parsed(optionalId.safeParse(ID))).toBe(ID);
  });
  it('reads a blank optional text as none and keeps a real one trimmed', () => {
    expect(parsed(optionalText(5).safeParse('   '))).toBeNull();
    expect(parsed(optionalText(5).safeParse(' abcde '))).toBe('abcde');
    expect(issuesOf(optionalText(5).safeParse('abcdef'))).toEqual([{ path: '', message: 'validation.tooLong' }]);
    expect(issuesOf(optionalText(5, 'employee.documentTooLong').safeParse('abcdef'))).toEqual([{ path: '', message: 'employee.documentTooLong' }]);
  });
  it('reads booleans as JSON or as the strings forms send', () => {
    expect(parsed(boolish.safeParse('true'))).toBe(true);
    expect(parsed(boolish.safeParse('false'))).toBe(false);
    expect(parsed(boolish.safeParse(false))).toBe(false);
  });
});

describe('phones', () => {
  it('accepts a phone as people write it, with 6 digits at least', () => {
    expect(isPhone('+51 (1) 234-5678')).toBe(true);
    expect(isPhone('123456')).toBe(true);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('1-2-3-4-5')).toBe(false); // 9 characters, 5 digits
    expect(isPhone('abc123456')).toBe(false);
  });
  it('reads an empty optional phone as none and refuses words', () => {
    expect(parsed(optionalPhone.safeParse(''))).toBeNull();
    expect(parsed(optionalPhone.safeParse(' 987 654 321 '))).toBe('987 654 321');
    expect(issuesOf(optionalPhone.safeParse('abc'))).toEqual([{ path: '', message: 'employeeArea.phoneInvalid' }]);
  });
});

describe('pagination', () => {
  it('counts the pages, at least one', () => {
    expect(pagination(1, 10, 0)).toEqual({ page: 1, limit: 10, total: 0, pages: 1, totalPages: 1 });
    expect(pagination(2, 10, 21)).toMatchObject({ pages: 3, totalPages: 3 });
    expect(pagination(1, 10, 20)).toMatchObject({ pages: 2 });
  });
});

describe('list answers', () => {
  it('are a page of items with the pagination', () => {
    const answer = pageAnswer(z.object({ id: z.string() }));
    const page = { data: [{ id: 'a' }], pagination: pagination(1, 10, 1) };
    expect(answer.parse(page)).toEqual(page);
    expect(answer.safeParse({ data: [{ id: 1 }], pagination: pagination(1, 10, 1) }).success).toBe(false);
    expect(answer.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('file answers', () => {
  it('lists each content type with a binary string', () => {
    const a = fileAnswer('El reporte', ['text/csv', 'application/pdf']);
    expect(a.description).toBe('El reporte');
    expect(Object.keys(a.content)).toEqual(['text/csv', 'application/pdf']);
    expect(z.toJSONSchema(a.content['text/csv'].schema)).toMatchObject({ type: 'string', format: 'binary', description: 'El reporte' });
  });
});
