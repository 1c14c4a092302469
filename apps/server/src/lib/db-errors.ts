import { AppError } from '../errors.js';

/** The fields PostgreSQL (pg or PGlite) puts on an error; drizzle may wrap it as `cause`. */
interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The PostgreSQL error inside `err` (itself or its cause), if it is one (a 5-character SQLSTATE). */
export function pgErrorOf(err: unknown): PgError | undefined {
  const isPg = (e: unknown): e is PgError => typeof (e as PgError)?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code!);
  if (isPg(err)) return err;
  const cause = (err as { cause?: unknown })?.cause;
  return isPg(cause) ? cause : undefined;
}

/** PostgreSQL's unique_violation (23505), as thrown by pg or PGlite, optionally for one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = pgErrorOf(err);
  return found?.code === '23505' && (!constraint || found.constraint === constraint);
}

/**
 * The safety net of the error handler: a database refusal the services did not foresee becomes a 4xx
 * with a translated message, never a 500 (input is validated first; this catches what slips through).
 * - 22003 numeric_value_out_of_range, 22001 string_data_right_truncation, 22P02 invalid text
 *   representation, 22021/22P05 a character text cannot hold (NUL), 22007/22008 bad date/time → 400
 *   validation_failed
 * - 23503 foreign_key_violation → 404 not_found when the referenced row does not exist (insert/update),
 *   409 conflict when the row is still referenced (delete)
 * - 23505 unique_violation → 409 conflict
 */
export function databaseErrorAnswer(err: unknown): AppError | null {
  const pg = pgErrorOf(err);
  switch (pg?.code) {
    case '22003':
      return new AppError('validation_failed', 'error.numberOutOfRange');
    case '22001':
      return new AppError('validation_failed', 'validation.tooLong');
    case '22P02':
    case '22021': // character_not_in_repertoire: a NUL byte in text
    case '22P05': // untranslatable_character
    case '22007':
    case '22008':
      return new AppError('validation_failed', 'error.validation_failed');
    case '23503':
      return /still referenced|update or delete on table/i.test(pg.message ?? '')
        ? new AppError('conflict', 'error.stillReferenced')
        : new AppError('not_found', 'error.referenceNotFound');
    case '23505':
      return new AppError('conflict', 'error.conflict');
    case 'P0400': // the closed-register guard (migration retention_register_guard; decision 0034)
      return new AppError('company_closed', 'register.companyClosed');
    default:
      return null;
  }
}

/** Node's socket errors: the database cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own errors without a code: a connection that timed out, closed or broke under a query. */
const PG_CONNECTION_MESSAGE =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

/**
 * The database is unreachable or too busy to answer in time (decision 0021) → 503 `service_unavailable`
 * with Retry-After, never a 500:
 * - socket errors (ECONNREFUSED, ECONNRESET, ...) and pg's connection errors, including the pool's acquire
 *   timeout (connectionTimeoutMillis) and PGlite's (DbAcquireTimeout);
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 *   cannot_connect_now, 53300 too_many_connections, 57014 query_canceled (the statement timeout), 55P03
 *   lock_not_available (the lock timeout), 53100 disk_full (decision 0028; the error handler also marks the disk).
 * Looks through `cause` (drizzle wraps the driver's error) and AggregateError's `errors`.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNREACHABLE.has(code) || code === 'DB_ACQUIRE_TIMEOUT') return true;
  if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300', '57014', '55P03', '53100'].includes(code)) return true;
  if (!code && typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Escapes LIKE wildcards in user text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
