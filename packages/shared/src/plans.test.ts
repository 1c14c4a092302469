import { describe, expect, it } from 'vitest';
import { canAdd, limitFor } from './plans.js';

describe('plan limits', () => {
  const free = { plan: 'FREE' as const, maxEmployees: 5 };
  const premium = { plan: 'PREMIUM' as const, maxEmployees: 12 };
  it('FREE allows 1 schedule, 1 location, 1 link and maxEmployees employees', () => {
    for (const f of ['schedules', 'locations', 'links'] as const) {
      expect(canAdd(free, f, 0)).toBe(true);
      expect(canAdd(free, f, 1)).toBe(false);
    }
    expect(canAdd(free, 'employees', 4)).toBe(true);
    expect(canAdd(free, 'employees', 5)).toBe(false);
  });
  it('PREMIUM is unlimited but employees stay capped by the paid count; -1 is unlimited', () => {
    expect(limitFor(premium, 'schedules')).toBe(-1);
    expect(canAdd(premium, 'links', 500)).toBe(true);
    expect(canAdd(premium, 'employees', 11)).toBe(true);
    expect(canAdd(premium, 'employees', 12)).toBe(false);
    expect(canAdd({ plan: 'PREMIUM', maxEmployees: -1 }, 'employees', 10_000)).toBe(true);
  });
});
