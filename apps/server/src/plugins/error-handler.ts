import { ERROR_STATUS, isMessageKey, type Language, translate } from '@presente/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { databaseErrorAnswer, isDatabaseUnavailable } from '../lib/db-errors.js';
import { isDiskFull } from '../lib/disk-full.js';
import { pickLanguage } from '../lib/lang.js';

/**
 * A validation message in the reader's language: schemas carry catalogue keys; a check that has none
 * (Zod's own English for a wrong type, a NaN, a missing number) says 'Valor inválido', never English to
 * a Spanish reader.
 */
const fieldMessage = (message: string | undefined, lang: Language) => translate(message && isMessageKey(message) ? message : 'validation.invalid', lang);

/** Seconds a client is told to wait before retrying while the database is away or too busy (decision 0021). */
export const RETRY_AFTER_SECONDS = 5;

const format = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));

/**
 * Errors the router raises before any hook runs (Fastify's `frameworkErrors`): a path with broken
 * %-encoding, or a path parameter past the router's 100 characters. Fastify answered these with its own
 * English body and code (FST_ERR_BAD_URL 400, FST_ERR_MAX_PARAM_LENGTH 414; the route fuzz suite's
 * finding). No id is that long, so the second is the 404 any unknown id gets; the first is a 400.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(req.headers['accept-language']);
  const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'not_found' : 'validation_failed';
  const key = code === 'not_found' ? 'error.not_found' : 'validation.invalid';
  return reply.code(ERROR_STATUS[code]).send({ message: translate(key, lang), code });
}

export interface ErrorAnswerOf {
  status: number;
  body: { message: string; code: string; errors?: { path: string; message: string }[]; feature?: unknown; limit?: unknown };
}

/**
 * What an error is answered with: the status and the envelope `{ message, code, errors? }` in the request's
 * language (headers such as Retry-After are set on `reply`). The one mapping, written by the session area's handler
 * below and by the public API's problem details (modules/api-v1, decision 0048).
 */
export function errorAnswerOf(app: FastifyInstance, caught: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply): ErrorAnswerOf {
  const lang: Language = req.lang ?? 'es';
  // The database unreachable or too busy to answer in time, or a write refused for space (disk_full 53100,
  // ENOSPC; decision 0028): 503 with Retry-After, logged once per outage; health says disk full meanwhile.
  const diskFull = !(caught instanceof AppError) && isDiskFull(caught);
  if (diskFull || (!(caught instanceof AppError) && isDatabaseUnavailable(caught))) {
    if (diskFull) app.deps?.disk?.failed(caught);
    else app.deps?.dbOutage.failed(caught);
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return { status: 503, body: { message: translate('error.service_unavailable', lang), code: 'service_unavailable' } };
  }
  // A database refusal nobody mapped (an out-of-range number, a vanished reference, a duplicate) is the
  // client's problem, not a 500: logged for us, answered as a 4xx with a translated message.
  const fromDb = caught instanceof AppError ? null : databaseErrorAnswer(caught);
  if (fromDb) req.log.warn({ err: caught }, `database refused the request: ${fromDb.code}`);
  const err: FastifyError | AppError = fromDb ?? caught;
  if (err instanceof AppError) {
    const errors = err.errors?.map((e) => ({ path: e.path, message: format(translate(e.message, lang), err.params) }));
    // Plan limits also say which feature and what limit, so the upgrade prompt can name them.
    const extra = err.code === 'plan_limit_reached' ? { feature: err.params.feature, limit: err.params.limit } : {};
    // A refusal that says when to come back (rate limits, a company's full face share; decision 0022).
    if (typeof err.params.retryAfter === 'number') reply.header('Retry-After', String(err.params.retryAfter));
    return {
      status: err.status,
      body: { message: format(translate(err.messageKey, lang), err.params), code: err.code, ...extra, ...(errors ? { errors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: fieldMessage(v.message, lang),
    }));
    return { status: 400, body: { message: errors[0]?.message ?? translate('error.validation_failed', lang), code: 'validation_failed', errors } };
  }
  if (err instanceof ZodError) {
    const errors = err.issues.map((i) => ({ path: i.path.join('.'), message: fieldMessage(i.message, lang) }));
    return { status: 400, body: { message: errors[0]?.message ?? translate('error.validation_failed', lang), code: 'validation_failed', errors } };
  }
  if (err.statusCode === 429) {
    return { status: 429, body: { message: translate('error.rate_limited', lang), code: 'rate_limited' } };
  }
  if (isResponseSerializationError(err) || !err.statusCode || err.statusCode >= 500) {
    req.log.error({ err }, 'unhandled error');
    return { status: 500, body: { message: translate('error.internal', lang), code: 'internal' } };
  }
  const status = err.statusCode;
  const code = status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'validation_failed';
  return { status, body: { message: translate(`error.${code}`, lang), code } };
}

/**
 * The one place errors become HTTP answers: `{ message, code, errors? }` in the request's language.
 * A 5xx never leaks internals; a 4xx from Fastify itself (bad JSON, too large) keeps its status.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((caught: FastifyError, req, reply) => {
    const { status, body } = errorAnswerOf(app, caught, req, reply);
    return reply.code(status).send(body);
  });

  // A state-changing call that succeeded wrote: the disk has room again (health's disk back to ok).
  app.addHook('onResponse', async (req, reply) => {
    if (app.deps?.disk?.full && req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 300) app.deps.disk.wrote();
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: translate('error.not_found', req.lang ?? 'es'), code: 'not_found' });
  });
}
