import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])`: a list of ids as ONE parameter. `inArray` builds (and the database parses)
 * one parameter per id: 1,000 per query for a 1,000-employee calendar page.
 */
export const anyUuid = (column: SQLWrapper, ids: readonly string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** The rows of a raw statement, typed (node-postgres and PGlite both answer `{ rows }`; drizzle types it per driver). */
export async function rowsOf<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}
