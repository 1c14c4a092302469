import { sql } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import { rowsOf } from '../lib/sql.js';

export const DB_MAINTENANCE = 'db.maintain';

/** A table's counters as PostgreSQL keeps them (pg_stat_user_tables). */
export interface TableActivity {
  name: string;
  live: number;
  dead: number;
  changedSinceAnalyze: number;
}

/**
 * What autovacuum would do with its default thresholds: vacuum (and analyze) a table once more than 50 rows + 20 %
 * of it are dead, analyze it once more than 50 rows + 10 % changed since its statistics were gathered.
 */
export function maintenancePlan(tables: TableActivity[]): { vacuum: string[]; analyze: string[] } {
  const vacuum: string[] = [];
  const analyze: string[] = [];
  for (const t of tables) {
    if (t.dead > 50 + 0.2 * t.live) vacuum.push(t.name);
    else if (t.changedSinceAnalyze > 50 + 0.1 * t.live) analyze.push(t.name);
  }
  return { vacuum, analyze };
}

/**
 * The embedded database (PGlite) has no autovacuum: it is one process with no background workers, so its tables
 * would never get planner statistics nor have their dead rows reclaimed. Without statistics the planner guesses,
 * and a 1,000-employee month's calendar on PGlite took ~20 % longer (docs/decisions/0019-database-maintenance.md). This job does
 * autovacuum's work there, and on a PostgreSQL server whose autovacuum is switched off; with autovacuum on it does
 * nothing. One table at a time, outside any transaction (VACUUM cannot run inside one).
 */
export async function maintainDatabase(deps: Pick<AppDeps, 'db' | 'dbKind'>): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  if (deps.dbKind === 'postgres') {
    const [setting] = await rowsOf<{ on: boolean }>(deps.db, sql`select current_setting('autovacuum') = 'on' as on`);
    if (setting?.on) return { vacuumed: [], analyzed: [] };
  }
  const stats = await rowsOf<{ name: string; live: number; dead: number; changed: number }>(
    deps.db,
    sql`
    select relname as name, n_live_tup::float8 as live, n_dead_tup::float8 as dead, n_mod_since_analyze::float8 as changed
    from pg_stat_user_tables where schemaname = current_schema()`,
  );
  const plan = maintenancePlan(stats.map((r) => ({ name: r.name, live: Number(r.live), dead: Number(r.dead), changedSinceAnalyze: Number(r.changed) })));
  for (const name of plan.vacuum) await deps.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  for (const name of plan.analyze) await deps.db.execute(sql`analyze ${sql.identifier(name)}`);
  return { vacuumed: plan.vacuum, analyzed: plan.analyze };
}
