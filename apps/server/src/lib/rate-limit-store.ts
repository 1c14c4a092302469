import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** @fastify/rate-limit's own stores (CommonJS, not in its typings). */
const require = createRequire(import.meta.url);
type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/**
 * The per-route HTTP rate limits' store (decision 0021): Redis's counters while Redis is healthy, this
 * process's own (the plugin's LocalStore) while it is not, so a Redis outage answers at once from memory
 * instead of a slow 500. A Redis failure (REDIS_COMMAND_TIMEOUT_MS at most) is reported to `failed` and
 * answered from memory.
 */
export function fallbackRateLimitStore(redis: Redis, healthy: () => boolean, failed: (err: unknown) => void, nameSpace: string): FastifyRateLimitStoreCtor {
  const pair = (remote: Store, local: Store): Store => {
    const either = (method: 'incr' | 'read') => (key: string, cb: Callback, timeWindow: number, max: number) => {
      const fromMemory = () => local[method]!(key, cb, timeWindow, max);
      if (!healthy()) return fromMemory();
      remote[method]!(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          failed(err);
          fromMemory();
        },
        timeWindow,
        max,
      );
    };
    return {
      incr: either('incr'),
      read: either('read'),
      child: (routeOptions) => pair(remote.child(routeOptions), local.child(routeOptions)),
    };
  };
  // The plugin calls `new Store(globalParams)` once, then `child(routeOptions)` for each route.
  return class FallbackStore {
    constructor(params: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = params as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      // biome-ignore lint/correctness/noConstructorReturn: the plugin instantiates the class it is given
      return pair(new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
