import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import type { Limiter } from '../../lib/limiter.js';

/** Requests a key may make per minute (decision 0048); a client reads what is left in the RateLimit-* headers. */
export const V1_RATE_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

/** The limiter's key for an API key's current window (clock-aligned: every process sharing Redis agrees). */
export const rateKey = (keyId: string, now = Date.now()) => `v1:${keyId}:${Math.floor(now / WINDOW_MS)}`;

/**
 * Counts one request of the key in the product's limiter (Redis, this process's memory while Redis is away;
 * decision 0021) and writes RateLimit-Limit / -Remaining / -Reset (seconds to the next window); past the limit,
 * 429 rate_limited with Retry-After.
 */
export async function countRequest(limiter: Limiter, keyId: string, reply: FastifyReply, now = Date.now()) {
  const count = await limiter.hit(rateKey(keyId, now), WINDOW_MS);
  const reset = Math.max(1, Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000));
  reply.header('RateLimit-Limit', String(V1_RATE_PER_MINUTE));
  reply.header('RateLimit-Remaining', String(Math.max(0, V1_RATE_PER_MINUTE - count)));
  reply.header('RateLimit-Reset', String(reset));
  if (count > V1_RATE_PER_MINUTE) throw new AppError('rate_limited', 'error.rate_limited', { retryAfter: reset });
}
