import type { Limiter } from '../../lib/limiter.js';
import { hitWithin, oneAtATime } from '../../lib/rate-window.js';

/**
 * How often a person may check in or out (decision 0022). A person punches a few times a day; a retry after a
 * refused geofence or a double click adds a few more. Past a limit the answer is 429 rate_limited with
 * Retry-After (the next minute); a second punch while one is being recorded is 409 conflict.
 * - per socket: counted on the socket itself (it lives in one process), before anything else, so a flooding
 *   socket costs no database work; past `socketDropAfter` events in a minute the socket is disconnected, and
 *   what it had still queued is never read;
 * - per user: HTTP and socket together, in the shared limiter (every process when Redis is configured);
 * - one at a time per user: the hold lasts until the punch settles, `leaseMs` at most.
 */
export const PUNCH_LIMITS = { perUserPerMinute: 10, perSocketPerMinute: 10, socketDropAfter: 30, leaseMs: 15_000 } as const;

const MINUTE = 60_000;

/**
 * The punch events of one socket in the current minute: `ok`, `limited` (answer 429 with `retryAfter` seconds)
 * or `drop` (the socket is flooding: disconnect it).
 */
export function socketPunchCounter() {
  let window = -1;
  let count = 0;
  return (now = Date.now()): { verdict: 'ok' | 'limited' | 'drop'; retryAfter: number } => {
    const current = Math.floor(now / MINUTE);
    if (current !== window) {
      window = current;
      count = 0;
    }
    count++;
    const retryAfter = Math.max(1, Math.ceil(((current + 1) * MINUTE - now) / 1000));
    const verdict = count > PUNCH_LIMITS.socketDropAfter ? 'drop' : count > PUNCH_LIMITS.perSocketPerMinute ? 'limited' : 'ok';
    return { verdict, retryAfter };
  };
}

/** One more punch of this user (HTTP or socket); 429 past the limit. */
export const limitUserPunch = (limiter: Limiter, userId: string) =>
  hitWithin(limiter, `punch:user:${userId}`, PUNCH_LIMITS.perUserPerMinute, MINUTE, 'attendance.tooManyPunches');

/** Runs the punch when no other punch of this user is in flight; 409 'attendance.punchInProgress' otherwise. */
export const onePunchAtATime = <T>(limiter: Limiter, userId: string, work: () => Promise<T>) =>
  oneAtATime(limiter, `punch:inflight:${userId}`, PUNCH_LIMITS.leaseMs, 'attendance.punchInProgress', work);
