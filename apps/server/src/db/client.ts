import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const drizzleOptions = { schema, casing: 'snake_case' as const };

/** Opens PostgreSQL through a pool. */
export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** Opens an embedded PGlite database: a folder on disk, or in memory (`dataDir` undefined), or from a dump. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database & { client: PGlite }> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  return {
    db,
    client,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
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
 * Guards DATA_DIR against a second process (PGlite does not lock its folder).
 * A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'presente.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`DATA_DIR ${dataDir} is in use by another Presente process (pid ${pid}). Stop it or use another DATA_DIR.`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
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
