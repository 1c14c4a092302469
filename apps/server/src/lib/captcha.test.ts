import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { captchaSolutions } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { altchaCaptcha } from './captcha.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // A second server process: its own captcha (nothing shared in memory), the same database.
  other = await buildApp({ ...t.deps, captcha: altchaCaptcha(t.deps.sessionSecret, t.deps.config.ALTCHA_COST, t.db) });
  await other.ready();
});
afterAll(async () => {
  await other.close();
});

const login = (app: 'first' | 'other', email: string, turnstileToken: string) => {
  const payload = { email, password: 'not-the-password', turnstileToken };
  return app === 'first' ? t.anon.post('/api/auth/login', payload) : other.inject({ method: 'POST', url: '/api/auth/login', payload });
};

describe('ALTCHA solutions are single-use across server processes (decision 0010)', () => {
  it('a solution accepted by one process is refused by another', async () => {
    const admin = await t.factories.companyAdmin();
    const token = await t.solveCaptcha();
    // The first use passes the check (then fails on the password), the replay elsewhere does not get that far.
    const first = await login('first', admin.email, token);
    expect(first.statusCode).toBe(401);
    const replay = await login('other', admin.email, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'captcha_failed', message: 'Error en la verificación de seguridad' });
    expect((await login('first', admin.email, token)).json().code).toBe('captcha_failed');
    // A fresh solution still works on the other process.
    expect((await login('other', admin.email, await t.solveCaptcha())).statusCode).toBe(401);
  });

  it('two processes verifying the same solution at once accept it once', async () => {
    const token = await t.solveCaptcha();
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => (i % 2 ? t.deps.captcha : altchaCaptcha(t.deps.sessionSecret, 1, t.db)).verify(token, '127.0.0.1')),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'failed')).toHaveLength(3);
  });

  it('forgets solutions once their challenge has expired', async () => {
    await t.db.insert(captchaSolutions).values({ nonce: 'old-nonce', expiresAt: new Date(Date.now() - 1000) });
    expect(await t.deps.captcha.verify(await t.solveCaptcha(), '127.0.0.1')).toBe('ok');
    expect(await t.db.select().from(captchaSolutions).where(eq(captchaSolutions.nonce, 'old-nonce'))).toEqual([]);
  });
});
