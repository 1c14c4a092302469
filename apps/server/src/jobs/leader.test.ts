import { randomBytes } from 'node:crypto';
import { until } from '@presente/shared/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisLeader } from './leader.js';

/** One active job runner among the processes with the jobs role (decision 0065), on the real Redis. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the job runner's lease`);
afterAll(() => redis.disconnect());

describe.skipIf(!redisUp)("the job runner's lease", () => {
  it('one holder at a time; the standby takes over when the lease is given back or lapses, never while it is renewed', async () => {
    const key = `test:jobs:leader:${randomBytes(4).toString('hex')}`;
    const a = redisLeader(redis, 60_000, key);
    const b = redisLeader(redis, 60_000, key);
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    expect(await a.hold()).toBe(true); // renewed
    await b.release(); // not b's to give back
    expect(await b.hold()).toBe(false);
    await a.release();
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
    // A holder that stops renewing (a killed process): the lease lapses and the standby takes it.
    await redis.pexpire(key, 1);
    await until('the lease lapsed', async () => (await redis.exists(key)) === 0, { withinMs: 1000, everyMs: 5 });
    expect(await a.hold()).toBe(true);
    await a.release();
  });
});
