import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

describe('per-IP rate limits of the public auth calls', () => {
  it('answer 429 with the spec-style message after the limit', async () => {
    const t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.anon.post('/api/auth/forgot-password', { email: `x${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await t.anon.post('/api/auth/forgot-password', { email: 'y@example.com' }, { 'accept-language': 'en' });
    expect(res.json()).toEqual({ message: 'Too many attempts. Try again in a few minutes.', code: 'rate_limited' });
  });
});
