import { describe, expect, it } from 'vitest';
import {
  superAdminChangeEmailInput,
  superAdminChangePasswordInput,
  superAdminCompanyCreateInput,
  superAdminCompanyListQuery,
  superAdminCompanyUpdateInput,
} from './admin.js';
import { issuesOf, parsed } from './test-helpers.js';

const company = (extra: Record<string, unknown> = {}) => ({
  name: 'Panadería Sol',
  ruc: '20100070970',
  email: 'Info@Sol.PE',
  adminName: 'Rosa',
  adminEmail: 'Rosa@Sol.PE',
  ...extra,
});
const create = (extra: Record<string, unknown> = {}) => superAdminCompanyCreateInput.safeParse(company(extra));
const update = (v: Record<string, unknown>) => superAdminCompanyUpdateInput.safeParse(v);

describe('super admin: new company', () => {
  it('accepts the flat shape, with the e-mails in lower case and the defaults', () => {
    const v = parsed(create());
    expect(v).toMatchObject({ email: 'info@sol.pe', adminEmail: 'rosa@sol.pe', plan: 'FREE', maxEmployees: 10, status: 'ACTIVE', setupType: 'email' });
    expect(v.adminPassword).toBeUndefined();
  });
  it('accepts the nested admin data, whose values win over the flat ones', () => {
    const v = parsed(
      superAdminCompanyCreateInput.safeParse({
        ...company({ adminName: 'Flat' }),
        adminData: { name: 'Nested', email: 'N@Sol.pe', password: '12345678', setupOption: 'manual' },
      }),
    );
    expect(v).toMatchObject({ adminName: 'Nested', adminEmail: 'n@sol.pe', setupType: 'manual', adminPassword: '12345678' });
    expect(v).not.toHaveProperty('adminData');
  });
  it('keeps a flat value the nested admin data leaves out', () => {
    const v = parsed(superAdminCompanyCreateInput.safeParse({ ...company({ adminName: 'Flat' }), adminData: { email: 'n@sol.pe' } }));
    expect(v).toMatchObject({ adminName: 'Flat', adminEmail: 'n@sol.pe' });
  });
  it('ignores admin data that is not an object', () => {
    expect(issuesOf(superAdminCompanyCreateInput.safeParse({ ...company(), adminData: 'x' }))).toEqual([]);
    expect(issuesOf(superAdminCompanyCreateInput.safeParse({ ...company(), adminData: ['x'] }))).toEqual([]);
    expect(issuesOf(superAdminCompanyCreateInput.safeParse({ ...company(), adminData: null }))).toEqual([]);
  });
  it('needs a password of 8 characters for a manual setup', () => {
    expect(issuesOf(create({ setupType: 'manual' }))).toEqual([{ path: 'adminPassword', message: 'admin.passwordRequiredManual' }]);
    expect(issuesOf(create({ setupType: 'manual', adminPassword: '' }))).toEqual([{ path: 'adminPassword', message: 'admin.passwordRequiredManual' }]);
    expect(issuesOf(create({ setupType: 'manual', adminPassword: '1234567' }))).toEqual([{ path: 'adminPassword', message: 'validation.passwordMin8' }]);
    expect(parsed(create({ setupType: 'manual', adminPassword: '12345678' })).adminPassword).toBe('12345678');
  });
  it('drops a password sent with the e-mail setup', () => {
    expect(parsed(create({ setupType: 'email', adminPassword: '123' })).adminPassword).toBeUndefined();
  });
  it('takes the employee limit as a whole number from 1, -1 for unlimited, up to the ceiling', () => {
    expect(parsed(create({ maxEmployees: '-1' })).maxEmployees).toBe(-1);
    expect(parsed(create({ maxEmployees: 1 })).maxEmployees).toBe(1);
    expect(parsed(create({ maxEmployees: 100_000 })).maxEmployees).toBe(100_000);
    expect(issuesOf(create({ maxEmployees: 100_001 }))).toEqual([{ path: 'maxEmployees', message: 'admin.maxEmployeesTooLarge' }]);
    expect(issuesOf(create({ maxEmployees: 0 }))).toEqual([{ path: 'maxEmployees', message: 'admin.maxEmployeesInvalid' }]);
    expect(issuesOf(create({ maxEmployees: -2 }))).toEqual([{ path: 'maxEmployees', message: 'admin.maxEmployeesInvalid' }]);
    expect(issuesOf(create({ maxEmployees: 2.5 }))).toEqual([{ path: 'maxEmployees', message: 'admin.maxEmployeesInvalid' }]);
  });
  it('says SUSPENDED is not selectable, and anything else unknown is invalid', () => {
    expect(issuesOf(create({ status: 'SUSPENDED' }))).toEqual([{ path: 'status', message: 'admin.statusSuspendedNotSelectable' }]);
    expect(issuesOf(create({ status: 'GONE' }))).toEqual([{ path: 'status', message: 'admin.statusInvalid' }]);
  });
  it('reads blank optional texts as not given', () => {
    expect(parsed(create({ legalName: '  ', city: 'Lima' }))).toMatchObject({ legalName: undefined, city: 'Lima' });
  });
});

describe('super admin: company edit', () => {
  it('leaves an absent text unchanged and clears a blank or null one', () => {
    const v = parsed(update({ city: '', address: null, legalName: ' SOL SAC ' }));
    expect(v.city).toBeNull();
    expect(v.address).toBeNull();
    expect(v.legalName).toBe('SOL SAC');
    expect(v.phone).toBeUndefined();
    expect(v).not.toHaveProperty('phone', null);
  });
  it('reads a blank admin password as unchanged and needs 8 characters otherwise', () => {
    expect(parsed(update({ adminPassword: '' })).adminPassword).toBeUndefined();
    expect(parsed(update({ adminPassword: '12345678' })).adminPassword).toBe('12345678');
    expect(issuesOf(update({ adminPassword: '1234567' }))).toEqual([{ path: 'adminPassword', message: 'validation.passwordMin8' }]);
  });
  it('takes the admin data nested too', () => {
    expect(parsed(update({ adminData: { password: '12345678' } })).adminPassword).toBe('12345678');
  });
});

describe('super admin: company list filters', () => {
  it('reads an empty filter or "all" (any case) as no filter', () => {
    expect(parsed(superAdminCompanyListQuery.safeParse({ plan: '', status: 'ALL' }))).toMatchObject({ plan: undefined, status: undefined });
    expect(parsed(superAdminCompanyListQuery.safeParse({ plan: 'all' })).plan).toBeUndefined();
  });
  it('keeps a real filter and refuses an unknown plan', () => {
    expect(parsed(superAdminCompanyListQuery.safeParse({ plan: 'PREMIUM', status: 'SUSPENDED' }))).toMatchObject({ plan: 'PREMIUM', status: 'SUSPENDED' });
    expect(issuesOf(superAdminCompanyListQuery.safeParse({ plan: 'GOLD' }))).toEqual([{ path: 'plan', message: 'admin.planInvalid' }]);
  });
  it('reads a blank search as none', () => {
    expect(parsed(superAdminCompanyListQuery.safeParse({ search: '  ' })).search).toBeUndefined();
    expect(parsed(superAdminCompanyListQuery.safeParse({ search: ' sol ' })).search).toBe('sol');
  });
});

describe('super admin: own password and e-mail', () => {
  const change = (v: Record<string, unknown>) => issuesOf(superAdminChangePasswordInput.safeParse({ currentPassword: 'viejo1234', ...v }));
  it('accepts a new password of 8 characters, with or without the confirmation', () => {
    expect(change({ newPassword: '12345678' })).toEqual([]);
    expect(change({ newPassword: '12345678', confirmPassword: '12345678' })).toEqual([]);
  });
  it('refuses a short one, a confirmation that differs, and the current one again', () => {
    expect(change({ newPassword: '1234567' })).toEqual([{ path: 'newPassword', message: 'validation.passwordMin8' }]);
    expect(change({ newPassword: '' })).toEqual([{ path: 'newPassword', message: 'admin.newPasswordRequired' }]);
    expect(change({ newPassword: '12345678', confirmPassword: '12345679' })).toEqual([{ path: 'confirmPassword', message: 'validation.passwordsMismatch' }]);
    expect(change({ newPassword: 'viejo1234' })).toEqual([{ path: 'newPassword', message: 'admin.passwordSameAsCurrent' }]);
  });
  it('keeps a new e-mail in lower case and refuses a malformed one', () => {
    expect(parsed(superAdminChangeEmailInput.safeParse({ newEmail: ' A@B.PE ' })).newEmail).toBe('a@b.pe');
    expect(issuesOf(superAdminChangeEmailInput.safeParse({ newEmail: 'ab.pe' }))).toEqual([{ path: 'newEmail', message: 'admin.emailInvalid' }]);
  });
});
