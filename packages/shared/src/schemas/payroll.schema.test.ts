import { describe, expect, it } from 'vitest';
import { PERU_PAYROLL_RULES } from '../attendance/payroll.js';
import { payrollRulesInput } from './payroll.js';
import { issuesOf } from './test-helpers.js';

/** Peru's legal defaults (the values a new company starts with), changed by `extra`. */
const rules = (extra: Record<string, unknown> = {}) => payrollRulesInput.safeParse({ ...PERU_PAYROLL_RULES, ...extra });

describe('payroll rules', () => {
  it('accepts a week as long as one day', () => {
    expect(issuesOf(rules())).toEqual([]);
    expect(issuesOf(rules({ dailyHours: 8, weeklyHours: 8 }))).toEqual([]);
  });
  it('refuses a week shorter than a day', () => {
    expect(issuesOf(rules({ dailyHours: 8, weeklyHours: 7 }))).toEqual([{ path: 'weeklyHours', message: 'payroll.rules.weeklyBelowDaily' }]);
  });
  it('refuses a night that starts when it ends', () => {
    expect(issuesOf(rules({ nightStart: '22:00', nightEnd: '22:00' }))).toEqual([{ path: 'nightEnd', message: 'payroll.rules.nightEmpty' }]);
  });
});
