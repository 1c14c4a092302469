import { describe, expect, it } from 'vitest';
import { configSchema } from '../config.js';
import { createTestApp } from '../test/app.js';

describe('TRUST_PROXY believes only the proxies it names (a client-written X-Forwarded-For defeats no limit)', () => {
  it('5 reset requests a quarter hour per address, however the client varies its X-Forwarded-For, behind one proxy', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.0.0.2', // the proxy
        // The client wrote the first address; our proxy appended the real one.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        payload: { email: 'nadie@example.com' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('reads true as one hop, a number as hops, a list as proxy addresses; refuses anything else', () => {
    const parse = (TRUST_PROXY: string) => configSchema.safeParse({ TRUST_PROXY });
    expect(parse('true').data?.TRUST_PROXY).toBe(1);
    expect(parse('false').data?.TRUST_PROXY).toBe(false);
    expect(parse('2').data?.TRUST_PROXY).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1, loopback').data?.TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(parse('everything').success).toBe(false);
  });
});
