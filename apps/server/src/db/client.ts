import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { perCompany, type Scope, ScopedPool, scopeSql } from './tenant.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

/** What /api/health says of the database: answering, answering late (or requests waiting on it), or not at all. */
export type DbHealth = 'ok' | 'slow' | 'unreachable';

export interface Database {
  /** The owner: bypasses row-level security (migrations, jobs, super admin, sign-in; decision 0030). */
  db: Db;
  /** A company's handle: presente_tenant with app.company_id set, sees and writes only that company's rows. */
  forCompany(companyId: string): Db;
  kind: DbKind;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  /**
   * The database's state within `DB_LIMITS.healthMs`, never waiting behind the requests: on PostgreSQL from a
   * connection of its own (not the pool's), on PGlite a bounded wait for its one connection.
   */
  health(): Promise<DbHealth>;
  /** Called whenever the database answered (a new pool connection, a health check): ends a logged outage. */
  onAnswer?: () => void;
  close(): Promise<void>;
}

/**
 * Every request's wait on the database is bounded (decision 0021): a statement runs at most `statementMs`
 * (PostgreSQL's statement_timeout, 57014 → 503), a request waits at most `acquireMs` for a connection (the
 * pool's connectionTimeoutMillis, PGlite's gate → 503) and `lockMs` for a row or table lock (lock_timeout,
 * 55P03 → 503), and /api/health waits at most `healthMs` (its answer comes within 1 s). 0 = no limit
 * (statements and locks: migrations). A connection whose network went silent (no answer, no reset) is given
 * up after `readMs` (pg's client-side query_timeout; default statementMs + 5 s, so the server's own timeout
 * answers first whenever it can).
 */
export const DB_LIMITS: { statementMs: number; acquireMs: number; lockMs: number; healthMs: number; readMs?: number } = {
  statementMs: 15_000,
  acquireMs: 5_000,
  lockMs: 5_000,
  healthMs: 800,
};
export type DbLimits = Partial<typeof DB_LIMITS>;

/** The error of a request that waited longer than `acquireMs` for PGlite's connection (→ 503). */
export class DbAcquireTimeout extends Error {
  readonly code = 'DB_ACQUIRE_TIMEOUT';
  constructor(ms: number) {
    super(`timeout exceeded when waiting ${ms} ms for the database connection`);
  }
}

/** Settles with `fallback` after `ms` unless `work` settled first (the work itself goes on). */
function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([work, new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() => clearTimeout(timer));
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** How drizzle names a column it was given no name for (bulk.ts names them the same way). */
export const COLUMN_CASING = 'snake_case' as const;
const drizzleOptions = { schema, casing: COLUMN_CASING };

/** Opens PostgreSQL through a pool, with the bounded waits of DB_LIMITS (`limits` overrides them). */
export function openPostgres(url: string, max = 10, limits: DbLimits = {}): Database {
  const { statementMs, acquireMs, lockMs, healthMs, readMs = statementMs ? statementMs + 5_000 : 0 } = { ...DB_LIMITS, ...limits };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: acquireMs,
    ...(statementMs ? { statement_timeout: statementMs } : {}),
    ...(lockMs ? { lock_timeout: lockMs } : {}),
    ...(readMs ? { query_timeout: readMs } : {}),
    keepAlive: true,
  });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  // Every checkout goes through a ScopedPool: the owner's resets a connection a tenant left (db/tenant.ts).
  const db = drizzlePg(new ScopedPool(pool, null) as unknown as pg.Pool, drizzleOptions) as unknown as Db;
  const forCompany = perCompany((companyId) => drizzlePg(new ScopedPool(pool, companyId) as unknown as pg.Pool, drizzleOptions) as unknown as Db);
  const probe = postgresProbe(
    url,
    healthMs,
    () => database.onAnswer?.(),
    () => pool.waitingCount > 0,
  );
  const database: Database = {
    db,
    forCompany,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    health: probe,
    close: async () => {
      await probe.close();
      await pool.end();
    },
  };
  // A connection made is the database answering again: the outage (if any) is logged as over.
  pool.on('connect', () => database.onAnswer?.());
  return database;
}

const STUCK_ON_LOCKS = `select count(*)::int as stuck from pg_stat_activity
  where datname = current_database() and wait_event_type = 'Lock' and now() - query_start > interval '1 second'`;

/**
 * /api/health's own connection to PostgreSQL, so it answers while the pool's connections all wait behind a
 * lock or a slow statement: one query within `ms`, else `slow`; a refused or timed-out connection is
 * `unreachable`. Requests queued for the pool (`busy`) or waiting over a second for a lock also make it
 * `slow`: the service answers late.
 */
function postgresProbe(url: string, ms: number, answered: () => void, busy: () => boolean) {
  let client: Promise<pg.Client> | undefined;
  const drop = (c: Promise<pg.Client> | undefined) => {
    if (client === c) client = undefined;
    c?.then((x) => x.end()).catch(() => {});
  };
  const connect = () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: ms, statement_timeout: ms, keepAlive: true });
    const ready = c.connect().then(() => c);
    c.on('error', () => drop(ready));
    ready.catch(() => drop(ready));
    return ready;
  };
  const health = async (): Promise<DbHealth> => {
    client ??= connect();
    const current = client;
    let connected = false;
    const outcome = await within(
      current.then(async (c) => {
        connected = true;
        // Sessions of this database waiting over a second for a lock: requests stuck behind one.
        const { rows } = await c.query<{ stuck: number }>(STUCK_ON_LOCKS);
        return rows[0]?.stuck ? ('stuck' as const) : ('ok' as const);
      }),
      ms,
      'late' as const,
    ).catch(() => 'failed' as const);
    if (outcome === 'ok' || outcome === 'stuck') {
      answered();
      return outcome === 'stuck' || busy() ? 'slow' : 'ok';
    }
    drop(current); // a stuck or broken connection is replaced on the next check
    return outcome === 'late' && connected ? 'slow' : 'unreachable';
  };
  health.close = async () => {
    const c = client;
    client = undefined;
    await c?.then((x) => x.end()).catch(() => {});
  };
  return health;
}

/**
 * PGlite has one connection and queues every query behind the one running, without limit. This gate in front
 * of it (client.query, exec and transaction: what drizzle calls) gives a queued request the same bounded wait
 * as PostgreSQL's pool: after `acquireMs` it leaves the queue unrun and fails with DbAcquireTimeout (→ 503).
 * A statement already running cannot be cancelled in PGlite (no statement_timeout).
 */
function gatePglite(client: PGlite, acquireMs: number, answered: () => void) {
  const waiting: (() => void)[] = [];
  let busy = false;
  // The one connection's row-level security state (db/tenant.ts), switched inside the gate when a call needs another.
  let current: Scope = null;
  const exec = client.exec.bind(client);
  // The next waiter gets the connection on the next turn of the event loop, not in this microtask: PGlite runs in
  // this thread and settles its promises without I/O, so handing over at once chains every queued statement without
  // the loop ever reading a socket. Meanwhile requests arrived unread, phones that gave up went unnoticed (a check-in
  // saved after its client left), and no check-in joined a batch (decision 0068: batches of one on PGlite).
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };
  const acquire = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (!busy) {
        busy = true;
        return resolve();
      }
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(grant);
        if (at >= 0) waiting.splice(at, 1);
        reject(new DbAcquireTimeout(ms));
      }, ms);
      waiting.push(grant);
    });
  const gated =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, scope: Scope = null) =>
    async (...args: A): Promise<R> => {
      await acquire(acquireMs);
      answered();
      try {
        if (current !== scope) {
          current = undefined as unknown as Scope; // unknown until the switch succeeds: the next call switches again
          await exec(scopeSql(scope));
          current = scope;
        }
        return await run(...args);
      } finally {
        release();
      }
    };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', unknown>;
  target.query = gated(query);
  target.exec = gated(exec);
  target.transaction = gated(transaction);
  /** What drizzle receives for a company: the same gate, the connection switched to that company first. */
  const scoped = (companyId: string) =>
    ({ query: gated(query, companyId), exec: gated(exec, companyId), transaction: gated(transaction, companyId) }) as unknown as PGlite;
  /** The one connection within `ms`, or `slow` (a long transaction holds it). */
  const health = async (ms: number): Promise<DbHealth> => {
    if (client.closed) return 'unreachable';
    const got = await acquire(ms).then(
      () => true,
      () => false,
    );
    if (!got) return 'slow';
    try {
      await query('select 1');
      return 'ok';
    } catch {
      return 'unreachable';
    } finally {
      release();
    }
  };
  return { health, scoped };
}

/** Opens an embedded PGlite database: a folder on disk, or in memory (`dataDir` undefined), or from a dump. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob; limits?: DbLimits } = {}): Promise<Database & { client: PGlite }> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const { acquireMs, healthMs } = { ...DB_LIMITS, ...opts.limits };
  const client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  const database: Database & { client: PGlite } = {
    db,
    forCompany: perCompany((companyId) => drizzlePglite(gate.scoped(companyId), drizzleOptions) as unknown as Db),
    client,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    health: () => gate.health(healthMs),
    close: () => client.close(),
  };
  const gate = gatePglite(client, acquireMs, () => database.onAnswer?.());
  return database;
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so several processes can start at once. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}

/**
 * When a process started, as the system tells it: on Linux field 22 of /proc/<pid>/stat (clock ticks after
 * boot), elsewhere `ps -o lstart=`; null when it cannot be told (no such process, no ps).
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count the fields after its last ')'.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    if (ticks && /^\d+$/.test(ticks)) return ticks;
  } catch {}
  try {
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** The lock file holds the pid alone (others read it with Number()); its owner file adds the start time. */
export const lockOwnerPath = (lockPath: string) => `${lockPath}.owner`;

/**
 * Guards DATA_DIR against a second process (PGlite does not lock its folder). `presente.lock` names the pid,
 * `presente.lock.owner` the pid and its start time (decision 0028). A lock is taken over when its process is
 * dead, or alive but started at another time than recorded: the pid was reused by another program after a
 * crash or a reboot. A lock without a recorded start time (older versions, or the instant between the two
 * writes) is trusted while its pid is alive.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'presente.lock');
  const ownerPath = lockOwnerPath(lockPath);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) }));
      return () => {
        rmSync(ownerPath, { force: true });
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        const recorded = recordedStart(ownerPath, pid);
        const now = processStartTime(pid);
        if (!(recorded && now && recorded !== now)) {
          throw new Error(
            `DATA_DIR ${dataDir} is in use by another Presente process (pid ${pid}${now ? `, started ${now}` : ''}). Stop it or use another DATA_DIR. (If no Presente runs there, delete ${lockPath}.)`,
          );
        }
        // Alive but not the process that took the lock: its pid was reused. The lock is stale.
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

/** The start time the owner file records for `pid`, if it records one for that pid. */
function recordedStart(ownerPath: string, pid: number): string | null {
  try {
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as { pid?: number; startTime?: string | null };
    return owner.pid === pid && typeof owner.startTime === 'string' ? owner.startTime : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}
export const hasPgliteData = (dataDir: string) => existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));
