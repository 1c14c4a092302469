import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * PostgreSQL only (PGlite has one connection, transactions never interleave): another connection runs
 * `change` in a transaction and keeps it open while `request` starts; once `request` waits on a lock that
 * transaction holds, it commits. Proves a write checks and locks what it references in its own transaction.
 */
export async function whileUncommitted<T>(db: Db, change: (tx: Db) => Promise<unknown>, request: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let changed!: () => void;
  const didChange = new Promise<void>((r) => (changed = r));
  const other = db.transaction(async (tx) => {
    await change(tx);
    changed();
    await held;
  });
  await didChange;
  const pending = request();
  for (let i = 0; i < 100; i++) {
    const result = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if ((result as unknown as { rows: { n: number }[] }).rows[0].n > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  release();
  await other;
  return pending;
}
