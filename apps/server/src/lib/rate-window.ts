import type { MessageKey } from '@presente/shared';
import { AppError } from '../errors.js';
import type { Limiter } from './limiter.js';

/**
 * Counts one hit of `key` in the current window and refuses past `max` with 429 rate_limited, whose
 * `retryAfter` (seconds, sent as the Retry-After header and usable in the message) is when the next window
 * opens. Windows are aligned on the clock (minute 12:03 is one key), so every process sharing the limiter
 * (Redis) agrees on them and the answer can say when the count starts again (decision 0022).
 */
export async function hitWithin(limiter: Limiter, key: string, max: number, windowMs: number, messageKey: MessageKey, now = Date.now()): Promise<void> {
  const window = Math.floor(now / windowMs);
  if ((await limiter.hit(`${key}:${window}`, windowMs)) <= max) return;
  throw new AppError('rate_limited', messageKey, { retryAfter: secondsUntilNext(window, windowMs, now) });
}

const secondsUntilNext = (window: number, windowMs: number, now: number) => Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));

/**
 * Runs `work` only when nothing else holds `key` (one punch at a time per person, across processes sharing the
 * limiter); otherwise 409 conflict with `messageKey` and a Retry-After of one second. The hold is a limiter
 * count released when `work` settles; `leaseMs` bounds it if the process dies (or the store fails) meanwhile.
 */
export async function oneAtATime<T>(limiter: Limiter, key: string, leaseMs: number, messageKey: MessageKey, work: () => Promise<T>): Promise<T> {
  if ((await limiter.hit(key, leaseMs)) > 1) throw new AppError('conflict', messageKey, { retryAfter: 1 });
  try {
    return await work();
  } finally {
    await limiter.reset(key).catch(() => {}); // the lease ends it anyway
  }
}
