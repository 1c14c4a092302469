import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { GLOBAL_LOOKUPS, PLACEMENT } from './distribution.js';

/**
 * Decision 0051 checked against the real catalogue: the tables, unique keys and foreign keys the migrations make
 * are the ones the Citus plan places. A new table, or a key a sharded table could not keep, fails here first.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await database.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

describe('distribution by company (decision 0051)', () => {
  it('places every table, and names none that does not exist', async () => {
    const tables = (await rows<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.name);
    expect(tables.filter((t) => !(t in PLACEMENT))).toEqual([]);
    expect(Object.keys(PLACEMENT).filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('every distributed table has a non-null company_id to shard by', async () => {
    const found = await rows<{ table: string; nullable: string }>(
      sql`select table_name as "table", is_nullable as nullable from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`,
    );
    const byTable = new Map(found.map((r) => [r.table, r.nullable]));
    const distributed = Object.entries(PLACEMENT).filter(([, p]) => p === 'distributed');
    expect(distributed.filter(([t]) => byTable.get(t) !== 'NO').map(([t]) => `${t}: ${byTable.get(t) ?? 'no company_id'}`)).toEqual([]);
  });

  it('unique keys of distributed tables without company_id are exactly the routed global lookups', async () => {
    const unique = await rows<{ table: string; def: string; primary: boolean }>(sql`
      select c.relname as "table", pg_get_indexdef(i.indexrelid) as def, i.indisprimary as primary
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique`);
    const lacking = unique
      // Primary keys gain company_id as their first column when distributed: their other columns are already unique.
      .filter((u) => PLACEMENT[u.table] === 'distributed' && !u.primary && !/\bcompany_id\b/.test(u.def))
      .map((u) => `${u.table}(${/USING btree \((.*)\)/.exec(u.def)?.[1]})`);
    expect(lacking.sort()).toEqual(Object.keys(GLOBAL_LOOKUPS).sort());
  });

  it('no reference or coordinator table points at a distributed one (Citus refuses such foreign keys)', async () => {
    const fks = await rows<{ from: string; to: string }>(sql`
      select src.relname as "from", dst.relname as "to"
      from pg_constraint k join pg_class src on src.oid = k.conrelid join pg_class dst on dst.oid = k.confrelid
      join pg_namespace n on n.oid = src.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`);
    const wrong = fks.filter((f) => PLACEMENT[f.from] !== 'distributed' && PLACEMENT[f.to] === 'distributed').map((f) => `${f.from} -> ${f.to}`);
    expect(wrong).toEqual([]);
  });
});
