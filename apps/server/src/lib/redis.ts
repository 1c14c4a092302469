import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { createOutage, type Outage } from './outage.js';

/**
 * Redis is an accelerator, never a single point of failure (decision 0021). Every client of the process
 * comes from here, so every one has an 'error' listener and shares one outage log (logged once per outage):
 * - commands give up after REDIS_COMMAND_TIMEOUT_MS and one retry, so a caller waits a bounded time;
 * - reconnection is tried every 100 ms-1 s, so the service is shared again within a second of Redis's return;
 * - `healthy()` is what /api/health reports and what the limiters look at before asking Redis at all.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export const redisOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  retryStrategy: (times) => Math.min(times * 100, 1_000),
  lazyConnect: false,
};

export interface RedisLink {
  /** The client of commands (rate limits, limiter). */
  client: Redis;
  outage: Outage;
  /** True while the command client is connected and nothing has failed since. */
  healthy(): boolean;
  /**
   * Another connection with the same listeners: the realtime subscriber (no command timeout, it waits in the
   * offline queue for Redis and resubscribes by itself) and publisher.
   */
  duplicate(options?: Partial<RedisOptions>): Redis;
  disconnect(): void;
}

/** How long every Redis client must stay ready before an outage is over (decision 0021). */
const SETTLE_MS = 300;

export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  const outage = createOutage('redis', log, 10_000);
  const clients: Redis[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  const watch = (c: Redis) => {
    clients.push(c);
    // ioredis emits 'error' on every failed reconnect: counted, logged once per outage.
    c.on('error', (err) => outage.failed(err));
    // Back only once every client has stayed ready for a moment: a link that flaps as it returns (a connection made
    // while it was cut, reset when it is restored) stays one outage, logged once, not a second one right after "back".
    c.on('ready', () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (clients.every((x) => x.status === 'ready')) outage.ok();
      }, SETTLE_MS);
      settle.unref?.();
    });
    return c;
  };
  const client = watch(new Redis(url, redisOptions));
  return {
    client,
    outage,
    healthy: () => client.status === 'ready' && !outage.active,
    duplicate: (options) => watch(client.duplicate(options)),
    disconnect: () => {
      for (const c of clients) c.disconnect();
    },
  };
}
