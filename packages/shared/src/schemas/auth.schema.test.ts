import { describe, expect, it } from 'vitest';
import { checkPeruRuc, forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from './auth.js';
import { issuesOf, parsed } from './test-helpers.js';

const register = (extra: Record<string, unknown> = {}) =>
  registerInput.safeParse({
    name: 'Panadería Sol',
    ruc: '20100070970',
    email: 'Info@Sol.PE',
    adminName: 'Rosa',
    adminEmail: ' Rosa@Sol.PE ',
    password: '12345678',
    confirmPassword: '12345678',
    ...extra,
  });

describe('sign-up', () => {
  it('accepts a Peruvian company with a valid RUC, the e-mails in lower case', () => {
    expect(parsed(register())).toMatchObject({ country: 'PE', email: 'info@sol.pe', adminEmail: 'rosa@sol.pe', ruc: '20100070970' });
  });
  it('needs the RUC in Peru, also when the country is not sent', () => {
    expect(issuesOf(register({ ruc: undefined }))).toEqual([{ path: 'ruc', message: 'validation.rucRequiredPE' }]);
    expect(issuesOf(register({ ruc: '  ', country: 'pe' }))).toEqual([{ path: 'ruc', message: 'validation.rucRequiredPE' }]);
  });
  it('says what is wrong with a Peruvian RUC', () => {
    expect(issuesOf(register({ ruc: '2010007097' }))).toEqual([{ path: 'ruc', message: 'validation.rucFormat' }]);
    expect(issuesOf(register({ ruc: '30100070970' }))).toEqual([{ path: 'ruc', message: 'validation.rucPrefix' }]);
    expect(issuesOf(register({ ruc: '20100070971' }))).toEqual([{ path: 'ruc', message: 'validation.rucCheckDigit' }]);
  });
  it('takes any tax id, or none, outside Peru', () => {
    expect(issuesOf(register({ country: 'CL', ruc: '76.123.456-7' }))).toEqual([]);
    expect(parsed(register({ country: 'cl', ruc: '' }))).toMatchObject({ country: 'CL', ruc: undefined });
  });
  it('needs a password of 8 characters, confirmed', () => {
    expect(issuesOf(register({ password: '1234567', confirmPassword: '1234567' }))).toEqual([{ path: 'password', message: 'validation.passwordMin8' }]);
    expect(issuesOf(register({ confirmPassword: '12345679' }))).toEqual([{ path: 'confirmPassword', message: 'validation.passwordsMismatch' }]);
  });
  it('says only "required" for an empty password, and still checks the RUC', () => {
    expect(issuesOf(register({ password: '', confirmPassword: '', ruc: '1' }))).toEqual([
      { path: 'password', message: 'validation.passwordRequired' },
      { path: 'confirmPassword', message: 'validation.passwordRequired' },
      { path: 'ruc', message: 'validation.rucFormat' },
    ]);
  });
  it('reads blank optional texts as not given', () => {
    expect(parsed(register({ legalName: ' ', city: ' Lima ' }))).toMatchObject({ legalName: undefined, city: 'Lima' });
  });
});

describe("Peru's RUC rule on its own", () => {
  const problems = (v: { country?: string; ruc?: string | null }) => {
    const found: unknown[] = [];
    checkPeruRuc(v, { addIssue: (i: unknown) => found.push(i) } as never);
    return found;
  };
  it('applies when the country is not given', () => {
    expect(problems({ ruc: null })).toEqual([{ code: 'custom', path: ['ruc'], message: 'validation.rucRequiredPE' }]);
    expect(problems({ ruc: '20100070971' })).toEqual([{ code: 'custom', path: ['ruc'], message: 'validation.rucCheckDigit' }]);
    expect(problems({ ruc: '20100070970' })).toEqual([]);
    expect(problems({ country: 'EC', ruc: null })).toEqual([]);
  });
});

describe('sign-in and password recovery', () => {
  it('keeps the sign-in e-mail in lower case', () => {
    expect(parsed(loginInput.safeParse({ email: ' Rosa@Sol.PE', password: 'x' })).email).toBe('rosa@sol.pe');
  });
  it('keeps the recovery e-mail in lower case', () => {
    expect(parsed(forgotPasswordInput.safeParse({ email: 'Rosa@Sol.PE ' })).email).toBe('rosa@sol.pe');
  });
  it('needs a new password of 6 characters, and says only "required" when empty', () => {
    expect(issuesOf(resetPasswordInput.safeParse({ token: 't', newPassword: '123456' }))).toEqual([]);
    expect(issuesOf(resetPasswordInput.safeParse({ token: 't', newPassword: '12345' }))).toEqual([{ path: 'newPassword', message: 'validation.passwordMin6' }]);
    expect(issuesOf(resetPasswordInput.safeParse({ token: 't', newPassword: '' }))).toEqual([
      { path: 'newPassword', message: 'validation.newPasswordRequired' },
    ]);
  });
});
