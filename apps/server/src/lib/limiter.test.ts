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

function behaves(make: () => Limiter) {
  it('counts hits in a window, resets, and forgets after the window', async () => {
    const l = make();
    const key = `k-${Math.random()}`;
    expect(await l.hit(key, 300)).toBe(1);
    expect(await l.hit(key, 300)).toBe(2);
    expect(await l.count(key)).toBe(2);
    await l.reset(key);
    expect(await l.count(key)).toBe(0);
    await l.hit(key, 100);
    await new Promise((r) => setTimeout(r, 150));
    expect(await l.count(key)).toBe(0);
  });
}

describe('memory limiter', () => behaves(() => memoryLimiter()));
describe.skipIf(!redisUp)('redis limiter (shared by several processes)', () => {
  behaves(() => redisLimiter(redis, `test:${process.pid}:`));
  it('two limiters on one Redis see the same counts', async () => {
    const a = redisLimiter(redis, 'test:shared:');
    const b = redisLimiter(redis, 'test:shared:');
    const key = `k-${Math.random()}`;
    await a.hit(key, 5000);
    expect(await b.hit(key, 5000)).toBe(2);
  });
});
