import { AppError } from '../../errors.js';

/**
 * The public API's cursors (decision 0048): the sort key of a page's last row, base64url JSON. Opaque to clients;
 * keyset paging, so a page never repeats or skips a row that was there when paging began, whatever is added meanwhile.
 */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const badCursor = () => new AppError('validation_failed', 'integrations.cursorInvalid', {}, [{ path: 'cursor', message: 'integrations.cursorInvalid' }]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The key a cursor carries, checked against its expected shape (each part a uuid or a day): else 400. */
export function decodeCursor(cursor: string | undefined, shape: ('uuid' | 'day')[]): string[] | null {
  if (cursor === undefined || cursor === '') return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key) || key.length !== shape.length) throw badCursor();
  shape.forEach((kind, i) => {
    const v = key[i];
    if (typeof v !== 'string' || !(kind === 'uuid' ? UUID : YMD).test(v)) throw badCursor();
  });
  return key as string[];
}

/** A page from `limit + 1` rows fetched: the first `limit`, and the cursor after the last of them when there are more. */
export function pageOf<T, A>(rows: T[], limit: number, keyOf: (row: T) => string[], present: (row: T) => A): { data: A[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const more = rows.length > limit && page.length > 0;
  return { data: page.map(present), nextCursor: more ? encodeCursor(keyOf(page[page.length - 1]!)) : null };
}
