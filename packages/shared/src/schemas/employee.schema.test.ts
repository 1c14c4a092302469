import { describe, expect, it } from 'vitest';
import { employeeActivityQuery, employeeEmailInput, employeeHistoryQuery, employeePasswordInput, employeeProfileInput } from './employee.js';
import { issuesOf, parsed } from './test-helpers.js';

describe('employee area: profile', () => {
  it('keeps a phone, and reads an empty or null one as removed', () => {
    expect(parsed(employeeProfileInput.safeParse({ phone: ' 987 654 321 ' })).phone).toBe('987 654 321');
    expect(parsed(employeeProfileInput.safeParse({ phone: '' })).phone).toBeNull();
    expect(parsed(employeeProfileInput.safeParse({ phone: null })).phone).toBeNull();
  });
  it('refuses a phone of words', () => {
    expect(issuesOf(employeeProfileInput.safeParse({ phone: 'llámame' }))).toEqual([{ path: 'phone', message: 'employeeArea.phoneInvalid' }]);
  });
});

describe('employee area: password and e-mail', () => {
  const change = (v: Record<string, unknown>) => issuesOf(employeePasswordInput.safeParse({ currentPassword: 'x', ...v }));
  it('needs 6 characters, confirmed when the confirmation is sent', () => {
    expect(change({ newPassword: '123456' })).toEqual([]);
    expect(change({ newPassword: '123456', confirmPassword: '123456' })).toEqual([]);
    expect(change({ newPassword: '12345' })).toEqual([{ path: 'newPassword', message: 'validation.passwordMin6' }]);
    expect(change({ newPassword: '' })).toEqual([{ path: 'newPassword', message: 'profile.allFieldsRequired' }]);
    expect(change({ newPassword: '123456', confirmPassword: '123457' })).toEqual([{ path: 'confirmPassword', message: 'validation.passwordsMismatch' }]);
  });
  it('keeps the new e-mail in lower case', () => {
    expect(parsed(employeeEmailInput.safeParse({ newEmail: ' Ana@Sol.PE ' })).newEmail).toBe('ana@sol.pe');
  });
});

describe('employee area: history and activity ranges', () => {
  it('reads empty days as not given', () => {
    expect(parsed(employeeHistoryQuery.safeParse({ startDate: '', endDate: '' }))).toMatchObject({ startDate: undefined, endDate: undefined });
  });
  it('accepts a range of one day and refuses an end before the start', () => {
    expect(issuesOf(employeeHistoryQuery.safeParse({ startDate: '2026-03-04', endDate: '2026-03-04' }))).toEqual([]);
    expect(issuesOf(employeeHistoryQuery.safeParse({ startDate: '2026-03-04', endDate: '2026-03-03' }))).toEqual([
      { path: 'endDate', message: 'employeeArea.rangeInvalid' },
    ]);
    expect(issuesOf(employeeActivityQuery.safeParse({ startDate: '2026-03-04', endDate: '2026-03-03' }))).toEqual([
      { path: 'endDate', message: 'employeeArea.rangeInvalid' },
    ]);
  });
  it('accepts a range open at either end', () => {
    expect(issuesOf(employeeActivityQuery.safeParse({ startDate: '2026-03-04' }))).toEqual([]);
    expect(issuesOf(employeeActivityQuery.safeParse({ endDate: '2026-03-04' }))).toEqual([]);
  });
});
