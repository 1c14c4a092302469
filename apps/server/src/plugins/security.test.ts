import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

/** The Content-Security-Policy header as directive -> sources. */
async function csp(env: Record<string, string>) {
  const t = await createTestApp(env);
  const res = await t.anon.get('/api/health');
  const header = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources] as const),
  );
  return { t, directives };
}

const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

describe('Content-Security-Policy and PayPal', () => {
  it('allows no PayPal host in the simulator (no PayPal credentials)', async () => {
    const { t, directives } = await csp({});
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directives.get(name)?.some((s) => s.includes('paypal'))).toBe(false);
    }
    expect(directives.get('script-src')).toContain("'self'");
    // The web app is told it is in the simulator, with no SDK client id.
    const admin = await t.factories.companyAdmin();
    const plans = (await t.as(admin).get('/api/paypal/plans')).json().data;
    expect(plans).toMatchObject({ mode: 'simulator', paypalClientId: null });
  });

  it("allows PayPal's script, frame and connect hosts when PayPal is configured", async () => {
    const { t, directives } = await csp({ PAYPAL_CLIENT_ID: 'AbC-public-client-id', PAYPAL_CLIENT_SECRET: 'shh-secret' });
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directives.get(name)).toEqual(expect.arrayContaining(PAYPAL_HOSTS));
    }
    // Nothing else loosened: default-src stays 'self', no inline scripts.
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).get('/api/paypal/plans');
    expect(res.json().data).toMatchObject({ mode: 'paypal', paypalClientId: 'AbC-public-client-id' });
    expect(res.body).not.toContain('shh-secret');
  });
});
