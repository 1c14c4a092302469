import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { likeEscape } from './db-errors.js';

/**
 * `column = any($1::uuid[])`: a list of ids as ONE parameter. `inArray` builds (and the database parses)
 * one parameter per id: 1,000 per query for a 1,000-employee calendar page.
 */
export const anyUuid = (column: SQLWrapper, ids: readonly string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** The rows of a raw statement, typed (node-postgres and PGlite both answer `{ rows }`; drizzle types it per driver). */
export async function rowsOf<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** Accented letters of Spanish and Portuguese names and what they fold to (upper and lower case). */
const ACCENTED = 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/** A text as search compares it: without accents, in lower case ("Ñahui Ramírez" -> "nahui ramirez"). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Any of the columns contains the term, ignoring accents and case: "ramirez" finds "Ramírez", "nahui"
 * finds "Ñahui". Folded in SQL with translate() and lower() (the same on PGlite and PostgreSQL, whatever
 * the database's collation; `unaccent` is an extension PGlite may not have).
 */
export function containsFolded(columns: SQLWrapper[], term: string): SQL | undefined {
  const pattern = `%${likeEscape(foldText(term))}%`;
  return or(...columns.map((c) => sql`lower(translate(${c}, ${ACCENTED}, ${PLAIN})) like ${pattern}`));
}
