import { type Limiter, memoryLimiter } from '../../lib/limiter.js';
import { hitWithin, oneAtATime } from '../../lib/rate-window.js';

/**
 * How often a person may check in or out (decision 0022). A person punches a few times a day; a retry after a
 * refused geofence or a double click adds a few more. Past a limit the answer is 429 rate_limited with
 * Retry-After (the next minute); a second punch while one is being recorded is 409 conflict.
 * - per user: HTTP and socket together, in the shared limiter (every process when Redis is configured);
 * - per socket: in this process's memory (a socket lives in one process), checked before anything else,
 *   so a flooding socket costs no database work;
 * - one at a time per user: the hold lasts until the punch settles, `leaseMs` at most.
 */
export const PUNCH_LIMITS = { perUserPerMinute: 10, perSocketPerMinute: 10, leaseMs: 15_000 } as const;

const MINUTE = 60_000;
const socketCounts = memoryLimiter();

/** One more punch event on this socket; 429 past its limit. */
export const limitSocketPunch = (socketId: string) =>
  hitWithin(socketCounts, `punch:socket:${socketId}`, PUNCH_LIMITS.perSocketPerMinute, MINUTE, 'attendance.tooManyPunches');

/** One more punch of this user (HTTP or socket); 429 past the limit. */
export const limitUserPunch = (limiter: Limiter, userId: string) =>
  hitWithin(limiter, `punch:user:${userId}`, PUNCH_LIMITS.perUserPerMinute, MINUTE, 'attendance.tooManyPunches');

/** Runs the punch when no other punch of this user is in flight; 409 'attendance.punchInProgress' otherwise. */
export const onePunchAtATime = <T>(limiter: Limiter, userId: string, work: () => Promise<T>) =>
  oneAtATime(limiter, `punch:inflight:${userId}`, PUNCH_LIMITS.leaseMs, 'attendance.punchInProgress', work);
