/**
 * One active job runner among the processes with the jobs role (decision 0065): a lease in Redis (SET NX PX), held by
 * the runner that took it and renewed at every tick; the others stand by and take it over when it lapses (a process
 * that died) or is given back (a process that stopped). Without Redis, or while Redis does not answer, every runner
 * runs: claims stay apart anyway (FOR UPDATE SKIP LOCKED in runner.ts), the lease only keeps the standbys idle.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export const LEADER_KEY = 'presente:jobs:leader';

export interface Leader {
  /** True while this process holds the lease (taking or renewing it). */
  hold(): Promise<boolean>;
  release(): Promise<void>;
  readonly id: string;
}

/** Renews only our own lease; answers 1 when we hold it after the call. */
const HOLD = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function redisLeader(redis: Redis, leaseMs: number, key = LEADER_KEY): Leader {
  const id = randomUUID();
  return {
    id,
    async hold() {
      return (await redis.eval(HOLD, 1, key, id, String(leaseMs))) === 1;
    },
    async release() {
      await redis.eval(RELEASE, 1, key, id);
    },
  };
}
