import { describe, expect, it } from 'vitest';
import { billingModeOf, ConfigError, loadConfig, paymentStatusOf, rolesOf } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, embedded database, ALTCHA', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', CAPTCHA: 'altcha' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', CAPTCHA: 'turnstile', SESSION_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL: must start with postgres://');
      expect(text).toContain('turnstile needs TURNSTILE_SITE_KEY');
      expect(text).toContain('SESSION_SECRET');
    }
  });

  it('ROLES: unset is everything in one process; a list picks the roles; web and face apart need REDIS_URL (decision 0065)', () => {
    expect(rolesOf(loadConfig({}))).toEqual({ web: true, jobs: true, face: true, explicit: false });
    expect(rolesOf(loadConfig({ ROLES: ' web , jobs', REDIS_URL: 'redis://r:6379' }))).toEqual({ web: true, jobs: true, face: false, explicit: true });
    expect(rolesOf(loadConfig({ ROLES: 'web,face' }))).toMatchObject({ web: true, face: true, jobs: false });
    expect(rolesOf(loadConfig({ ROLES: 'jobs' }))).toMatchObject({ web: false, jobs: true, face: false });
    expect(() => loadConfig({ ROLES: 'web,gpu', REDIS_URL: 'redis://r:6379' })).toThrow('ROLES: must be a comma list of web, jobs, face (got gpu)');
    expect(() => loadConfig({ ROLES: ',' })).toThrow('ROLES: must be a comma list');
    for (const ROLES of ['web', 'face', 'web,jobs'])
      expect(() => loadConfig({ ROLES })).toThrow('ROLES: web and face in separate processes talk through the face queue on Redis: set REDIS_URL');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('payments: the simulator without PayPal credentials, PayPal with them; BILLING_MODE chooses', () => {
    expect(billingModeOf(loadConfig({}))).toBe('simulator');
    expect(paymentStatusOf(loadConfig({}))).toBe('simulator');
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' };
    expect(billingModeOf(loadConfig(paypal))).toBe('paypal');
    expect(paymentStatusOf(loadConfig(paypal))).toBe('paypal_sandbox');
    expect(paymentStatusOf(loadConfig({ ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com' }))).toBe('paypal_live');
    expect(billingModeOf(loadConfig({ ...paypal, BILLING_MODE: 'simulator' }))).toBe('simulator');
    expect(paymentStatusOf(loadConfig({ BILLING_MODE: 'off' }))).toBe('off');
  });

  it('refuses PayPal credentials without PAYPAL_WEBHOOK_ID, and BILLING_MODE=paypal without credentials', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        return (err as ConfigError).message;
      }
    };
    expect(problems({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toContain('PAYPAL_WEBHOOK_ID: required with PayPal credentials');
    expect(problems({ BILLING_MODE: 'paypal' })).toContain('BILLING_MODE: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
    expect(problems({ BILLING_MODE: 'cash' })).toContain('BILLING_MODE');
  });
});
