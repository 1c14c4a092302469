import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window (failed logins per account, attempts per device).
 * In memory for one process; in Redis when REDIS_URL is set so several processes share the counts,
 * falling back to this process's memory while Redis is away (`fallbackLimiter`, decision 0021).
 */
export interface Limiter {
  /** Adds one hit and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(now: () => number = Date.now): Limiter {
  const buckets = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const b = buckets.get(key);
    if (b && b.until <= now()) {
      buckets.delete(key);
      return undefined;
    }
    return b;
  };
  return {
    async hit(key, windowMs) {
      const b = live(key) ?? { count: 0, until: now() + windowMs };
      b.count += 1;
      buckets.set(key, b);
      if (buckets.size > 100_000) for (const k of buckets.keys()) live(k);
      return b.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, prefix = 'presente:limit:'): Limiter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number], unknown];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis while it is healthy, this process's memory counters while it is not (decision 0021): a Redis outage
 * never turns a login into a slow 500. Redis is not asked at all while `healthy()` is false (no wait); a
 * command that fails or times out (REDIS_COMMAND_TIMEOUT_MS) is answered from memory and reported to
 * `failed`. While Redis is away the limits are per process, so N processes allow up to N times the count.
 */
export function fallbackLimiter(redis: Limiter, memory: Limiter, healthy: () => boolean, failed: (err: unknown) => void): Limiter {
  const either =
    <A extends unknown[], R>(pick: (l: Limiter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (healthy()) {
        try {
          return await pick(redis)(...args);
        } catch (err) {
          failed(err);
        }
      }
      return pick(memory)(...args);
    };
  return {
    hit: either((l) => l.hit),
    count: either((l) => l.count),
    async reset(key) {
      await memory.reset(key);
      if (healthy()) await redis.reset(key).catch(failed);
    },
  };
}
