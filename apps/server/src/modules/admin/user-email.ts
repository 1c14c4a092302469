import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** 409: the email already identifies another account (emails are unique platform-wide, decision 0002). */
export const emailTaken = (path: string) => new AppError('email_taken', 'auth.emailTaken', {}, [{ path, message: 'auth.emailTaken' }]);

/** Refuses an email another account already uses (any case). */
export async function assertEmailFree(db: Db, email: string, path: string, exceptUserId?: string) {
  const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const taken = await db.query.users.findFirst({
    columns: { id: true },
    where: exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail,
  });
  if (taken) throw emailTaken(path);
}

/** A PostgreSQL unique violation (two writers racing for one email: the unique index decides). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
