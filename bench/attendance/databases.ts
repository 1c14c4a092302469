import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.js';

const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `measure` on a fresh PGlite and on a scratch PostgreSQL database (`TEST_DATABASE_URL`'s server, created and
 * dropped here; a line saying why when it does not answer). `DB=pglite` or `DB=postgres`: only that one.
 */
export async function onEachDatabase(
  bench: string,
  measure: (kind: 'pglite' | 'postgres', database: Database) => Promise<void>,
  poolSize?: number,
): Promise<void> {
  if (process.env.DB !== 'postgres') {
    const lite = await openPglite();
    await measure('pglite', lite);
    await lite.close();
  }
  if (process.env.DB === 'pglite') return;
  const admin = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const name = `presente_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(PG);
    url.pathname = `/${name}`;
    const db = openPostgres(url.toString(), poolSize);
    try {
      await measure('postgres', db);
    } finally {
      await db.close();
      await admin.query(`drop database ${name} with (force)`);
    }
  } catch (err) {
    console.log(JSON.stringify({ bench, db: 'postgres', skipped: (err as Error).message }));
  } finally {
    await admin.end().catch(() => {});
  }
}
