import { statfsSync } from 'node:fs';
import { createOutage, type Outage, type OutageLogger } from './outage.js';

/** Node's and PGlite's words for a full disk (or a full quota) when no SQLSTATE says so. */
const NO_SPACE_MESSAGE = /No space left on device|ENOSPC|Disk quota exceeded|EDQUOT|could not extend file|could not write to file/i;

/**
 * A write refused for space (decision 0028): PostgreSQL's disk_full (53100, which PGlite raises too when
 * DATA_DIR's disk is full), Node's ENOSPC / EDQUOT (the outbox, DATA_DIR's files) and what PGlite's
 * file system says without a code. Looks through `cause` (drizzle wraps the driver's error) and
 * AggregateError's `errors`.
 */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  if (typeof e.message === 'string' && NO_SPACE_MESSAGE.test(e.message) && (!e.code || /^(53|58)/.test(String(e.code)))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDiskFull(x, depth + 1))) return true;
  return isDiskFull(e.cause, depth + 1);
}

/**
 * Whether the last write failed for space: set by the error handler when a write is refused for space
 * (answered 503 with Retry-After), cleared by the next state-changing request that succeeds; /api/health
 * says `disk: 'full'` (503) meanwhile. Logged once per episode, like a database outage. Without any write
 * it stays full for at most `quietMs`, then health asks the disk again with the next write.
 */
export interface DiskState {
  readonly full: boolean;
  failed(err: unknown): void;
  wrote(): void;
}

export function createDiskState(log: OutageLogger, quietMs = 10 * 60_000, now: () => number = Date.now): DiskState {
  const outage: Outage = createOutage('disk space (no space left for writes)', log, quietMs, now);
  return {
    get full() {
      return outage.active;
    },
    failed: (err) => outage.failed(err),
    wrote: () => outage.ok(),
  };
}

const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * The start-up failure in words an operator acts on: for a full disk, which disk (DATA_DIR's, with its free
 * space, or the PostgreSQL server's) and what to do; any other error as its message.
 */
export function startupFailureMessage(err: unknown, opts: { dataDir: string; postgres: boolean }): string {
  const message = err instanceof Error ? err.message : String(err);
  if (!isDiskFull(err)) return message;
  if (opts.postgres && (err as { code?: unknown }).code !== 'ENOSPC') {
    return `Presente could not start: the PostgreSQL server's disk is full (${message}). Free space on the database server, then start again.`;
  }
  let free = '';
  try {
    const fs = statfsSync(opts.dataDir);
    free = ` (${size(fs.bavail * fs.bsize)} free of ${size(fs.blocks * fs.bsize)})`;
  } catch {}
  return `Presente could not start: no space left on the disk holding DATA_DIR ${opts.dataDir}${free}: ${message}. Free space on that disk (or move DATA_DIR to a larger one), then start again.`;
}
