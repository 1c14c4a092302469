/**
 * Many rows in one insert whose text does not grow with them (decision 0068, "Amendment (stop 39)"). Drizzle's
 * `.values(rows)` builds a parameter per row and column and walks each through its SQL builder: in the check-in
 * bench that building was a fifth of the web process's CPU. Here the rows travel as ONE jsonb parameter, read back by
 * `jsonb_to_recordset` with the table's own column types, so the statement is the same text for 1 row or 200, drizzle
 * walks one parameter, and `.returning()` still maps the rows as drizzle does.
 *
 * What `.values()` does with a column a row leaves out is kept: its `$defaultFn` is called per row, a literal
 * default is sent, a SQL default (`gen_random_uuid()`, `now()`) is written into the select. What cannot travel as
 * JSON exactly (a SQL value in a row, a non-finite number, bytes, a column some rows give and others leave to a SQL
 * default, a serial) falls back to `.values()`, so the answer is always the one `.values()` gives.
 */
import { getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COLUMN_CASING, type Db } from './client.js';

type Row<T extends PgTable> = T['$inferInsert'];

const JSON_TYPES = new Set(['PgJson', 'PgJsonb']);
const casing = new CasingCache(COLUMN_CASING);

/** How one column's value is read from a row: from the JSON, or a SQL default when no row gives one. */
interface ColumnPlan {
  key: string;
  column: PgColumn;
  /** Its name in the database (as the dialect writes it). */
  name: string;
  /** Written into the select when no row gives the column and its default is SQL (`now()`). */
  sqlDefault?: SQL;
}

/** The value as the JSON carries it, or `undefined` when it cannot travel as JSON exactly. */
function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (is(value, SQL)) return undefined;
  if (JSON_TYPES.has(column.columnType)) return value;
  const driver = column.mapToDriverValue(value);
  if (driver === null || typeof driver === 'string' || typeof driver === 'boolean') return driver;
  if (typeof driver === 'number') return Number.isFinite(driver) ? driver : undefined;
  if (driver instanceof Date) return Number.isNaN(driver.getTime()) ? undefined : driver.toISOString();
  return undefined;
}

/**
 * The select that `insert(table).select(...)` takes for `rows`, or `undefined` when they must go through
 * `.values()` (see the file's comment).
 */
export function rowsSelect<T extends PgTable>(table: T, rows: Row<T>[]): SQL | undefined {
  const columns = Object.entries(getTableColumns(table as Table)) as [string, PgColumn][];
  const plans: ColumnPlan[] = [];
  const records: Record<string, unknown>[] = rows.map(() => ({}));
  for (const [key, column] of columns) {
    if ((column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert()) continue;
    const given = rows.map((r) => (r as Record<string, unknown>)[key] !== undefined);
    const plan: ColumnPlan = { key, column, name: casing.getColumnCasing(column) };
    if (!given.some(Boolean) && column.defaultFn === undefined && is(column.default, SQL)) {
      plan.sqlDefault = column.default as SQL;
    } else {
      for (const [i, row] of rows.entries()) {
        let value = (row as Record<string, unknown>)[key];
        if (value === undefined) {
          if (column.defaultFn !== undefined) value = column.defaultFn();
          else if (column.default === undefined && column.onUpdateFn !== undefined) value = column.onUpdateFn();
          // A SQL default for some rows only, or a serial or identity: .values() writes those.
          else if (is(column.default, SQL) || (column.default === undefined && column.hasDefault)) return undefined;
          else value = column.default ?? null;
        }
        const json = jsonValue(column, value);
        if (json === undefined) return undefined;
        records[i][key] = json;
      }
    }
    plans.push(plan);
  }
  const selected = sql.join(
    plans.map((p) => (p.sqlDefault ? p.sqlDefault : sql`x.${sql.identifier(p.name)}`)),
    sql`, `,
  );
  const types = plans.filter((p) => !p.sqlDefault).map((p) => `${quoteIdent(p.name)} ${p.column.getSQLType()}`);
  // JSON keys are the columns' database names, which jsonb_to_recordset matches.
  const json = records.map((r) => Object.fromEntries(plans.filter((p) => !p.sqlDefault).map((p) => [p.name, r[p.key]])));
  return sql`select ${selected} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${sql.raw(types.join(', '))})`;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `tx.insert(table)` with `rows`, through one jsonb parameter when they can travel as JSON, else `.values(rows)`:
 * chain `.onConflictDoNothing()`, `.returning()` as after `.values()`.
 */
export function insertRows<T extends PgTable>(tx: Pick<Db, 'insert'>, table: T, rows: Row<T>[]) {
  const select = rowsSelect(table, rows);
  const insert = tx.insert(table);
  // Both builders answer the same chain (onConflict…, returning); the select form is typed as the values form.
  return select ? (insert.select(select) as unknown as ReturnType<typeof insert.values>) : insert.values(rows);
}
