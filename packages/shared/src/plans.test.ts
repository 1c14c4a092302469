import { describe, expect, it } from 'vitest';
import { canAdd, limitFor, planAllows } from './plans.js';
import { superAdminCompanyCreateInput, superAdminCompanyUpdateInput } from './schemas/admin.js';

describe('plan limits', () => {
  const free = { plan: 'FREE' as const, maxEmployees: 5 };
  const premium = { plan: 'PREMIUM' as const, maxEmployees: 12 };
  it('FREE allows 1 schedule, 1 location, 1 link and 5 employees', () => {
    for (const f of ['schedules', 'locations', 'links'] as const) {
      expect(canAdd(free, f, 0)).toBe(true);
      expect(canAdd(free, f, 1)).toBe(false);
    }
    expect(canAdd(free, 'employees', 4)).toBe(true);
    expect(canAdd(free, 'employees', 5)).toBe(false);
  });
  it('FREE employees: the tighter of the plan (5) and maxEmployees, whatever the super admin typed', () => {
    expect(limitFor({ plan: 'FREE', maxEmployees: 10 }, 'employees')).toBe(5); // the form's default
    expect(limitFor({ plan: 'FREE', maxEmployees: -1 }, 'employees')).toBe(5); // "unlimited" is still FREE
    expect(limitFor({ plan: 'FREE', maxEmployees: 3 }, 'employees')).toBe(3); // a smaller cap wins
    expect(canAdd({ plan: 'FREE', maxEmployees: 10 }, 'employees', 5)).toBe(false);
  });
  it('PREMIUM is unlimited but employees stay capped by the paid count; -1 is unlimited', () => {
    expect(limitFor(premium, 'schedules')).toBe(-1);
    expect(canAdd(premium, 'links', 500)).toBe(true);
    expect(canAdd(premium, 'employees', 11)).toBe(true);
    expect(canAdd(premium, 'employees', 12)).toBe(false);
    expect(canAdd({ plan: 'PREMIUM', maxEmployees: -1 }, 'employees', 10_000)).toBe(true);
  });
  it('checks several at once (an import): all must fit', () => {
    expect(canAdd(free, 'employees', 2, 3)).toBe(true);
    expect(canAdd(free, 'employees', 2, 4)).toBe(false);
    expect(canAdd({ plan: 'PREMIUM', maxEmployees: -1 }, 'employees', 2, 1000)).toBe(true);
  });
  it('exports are Premium', () => {
    expect(planAllows('FREE', 'exports')).toBe(false);
    expect(planAllows('PREMIUM', 'exports')).toBe(true);
  });
});

describe('maxEmployees of the company form', () => {
  const base = { name: 'Acme', ruc: '20123456789', email: 'a@acme.pe', adminName: 'Ana', adminEmail: 'ana@acme.pe' };
  it('accepts 1..100000 and -1; refuses 0, above the ceiling and a number the database column cannot hold', () => {
    for (const ok of [1, 100_000, -1, '25']) expect(superAdminCompanyCreateInput.safeParse({ ...base, maxEmployees: ok }).success).toBe(true);
    const message = (v: unknown) => superAdminCompanyUpdateInput.safeParse({ maxEmployees: v }).error?.issues[0]?.message;
    expect(message(0)).toBe('admin.maxEmployeesInvalid');
    expect(message(100_001)).toBe('admin.maxEmployeesTooLarge');
    expect(message(3_000_000_000)).toBe('admin.maxEmployeesTooLarge');
    expect(message('abc')).toBe('admin.maxEmployeesInvalid');
  });
});
