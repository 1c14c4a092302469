import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCompany } from '../../context.js';
import { apiIdempotency } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../lib/crypto.js';
import { PROBLEM_TYPE } from './problem.js';

/** How long an answer is kept for a retried write (Stripe keeps 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a write carries an Idempotency-Key not seen before: its answer is stored when sent. */
    idempotency?: { key: string; requestHash: string };
  }
}

/**
 * preHandler of the public API's writes (decision 0048): with an `Idempotency-Key`, the same key and the same
 * request (method, path, body) answers what the first answered, marked `Idempotent-Replayed: true`; the same key
 * with another request is 409. Stored per company, for 24 h. Without the header the write just runs.
 */
export async function replayIdempotent(req: FastifyRequest, reply: FastifyReply) {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255)
    throw new AppError('validation_failed', 'integrations.idempotencyInvalid', {}, [{ path: 'Idempotency-Key', message: 'integrations.idempotencyInvalid' }]);
  const companyId = requireCompany(req.actor);
  const requestHash = sha256(`${req.method} ${req.url.split('?')[0]} ${JSON.stringify(req.body ?? null)}`);
  const since = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  await req.ctx.db.delete(apiIdempotency).where(and(eq(apiIdempotency.companyId, companyId), lt(apiIdempotency.createdAt, since)));
  const [seen] = await req.ctx.db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.companyId, companyId), eq(apiIdempotency.idempotencyKey, key)));
  if (!seen) {
    req.idempotency = { key, requestHash };
    return;
  }
  if (seen.requestHash !== requestHash) throw new AppError('conflict', 'integrations.idempotencyReused');
  reply.header('Idempotent-Replayed', 'true');
  if (seen.status >= 400) reply.type(PROBLEM_TYPE);
  return reply.code(seen.status).send(seen.body);
}

/** onSend of the writes: keeps the answer of a first request with an Idempotency-Key (not a 5xx or a 429: those may be retried). */
export async function storeIdempotent(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const pending = req.idempotency;
  if (!pending || reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') return payload;
  req.idempotency = undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  await req.ctx.db
    .insert(apiIdempotency)
    .values({ companyId: requireCompany(req.actor), idempotencyKey: pending.key, requestHash: pending.requestHash, status: reply.statusCode, body })
    .onConflictDoNothing();
  return payload;
}
