import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

/** The Content-Security-Policy header as directive -> sources. */
async function csp(env: Record<string, string>, headers: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const res = await t.anon.get('/api/health', headers);
  expect(res.statusCode).toBeLessThan(500);
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

describe('Content-Security-Policy: websockets to the app itself only (decision 0031)', () => {
  it("connect-src names the page's own host for ws and wss, never any ws:/wss: host", async () => {
    const { directives } = await csp({}, { host: 'asistencia.example.pe:8443' });
    const connect = directives.get('connect-src')!;
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'ws://asistencia.example.pe:8443', 'wss://asistencia.example.pe:8443']));
  });

  it('a forged Host writes no directive; PUBLIC_URL is named as well', async () => {
    const { directives } = await csp({ PUBLIC_URL: 'https://presente.example.com' }, { host: "evil.example; script-src * 'unsafe-inline'" });
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain('*');
    expect(directives.get('connect-src')).toEqual(expect.arrayContaining(['ws://presente.example.com', 'wss://presente.example.com']));
    expect(directives.get('connect-src')!.join(' ')).not.toContain('evil');
  });
});
