import { manualClock, until } from '@presente/shared/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Limiter, memoryLimiter, redisLimiter } from './limiter.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the shared limiter`);
afterAll(() => redis.disconnect());

/** `forgets(l, key)`: the window of `key` (100 ms) passes, by the fake clock or Redis's own expiry (a bounded poll). */
function behaves(make: () => Limiter, forgets: (l: Limiter, key: string) => Promise<void>) {
  it('counts hits in a window, resets, and forgets after the window', async () => {
    const l = make();
    const key = `k-${Math.random()}`;
    expect(await l.hit(key, 300)).toBe(1);
    expect(await l.hit(key, 300)).toBe(2);
    expect(await l.count(key)).toBe(2);
    await l.reset(key);
    expect(await l.count(key)).toBe(0);
    await l.hit(key, 100);
    expect(await l.count(key)).toBe(1);
    await forgets(l, key);
    expect(await l.count(key)).toBe(0);
  });
}

const clock = manualClock();
describe('memory limiter', () =>
  behaves(
    () => memoryLimiter(clock.now),
    async (l, key) => {
      clock.advance(99);
      expect(await l.count(key)).toBe(1);
      clock.advance(1);
    },
  ));
describe.skipIf(!redisUp)('redis limiter (shared by several processes)', () => {
  const prefix = `test:${process.pid}:`;
  behaves(
    () => redisLimiter(redis, prefix),
    async (_l, key) => {
      // Redis keeps the time: the key expires with the window (PX), not with the next hit.
      const ttl = await redis.pttl(prefix + key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(100);
      await until('Redis expires the window', async () => (await redis.exists(prefix + key)) === 0, { withinMs: 2_000, everyMs: 20 });
    },
  );
  it('two limiters on one Redis see the same counts', async () => {
    const a = redisLimiter(redis, 'test:shared:');
    const b = redisLimiter(redis, 'test:shared:');
    const key = `k-${Math.random()}`;
    await a.hit(key, 5000);
    expect(await b.hit(key, 5000)).toBe(2);
  });
});
