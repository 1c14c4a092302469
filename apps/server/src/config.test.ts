import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
