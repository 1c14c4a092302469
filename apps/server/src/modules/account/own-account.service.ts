import { and, eq, ne, sql } from 'drizzle-orm';
import type { Actor, Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { dropSessionSockets, revokeSessions } from '../auth/sessions.js';

/** Wrong current passwords tolerated per account before answering 429 for the window. */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60 * 1000;

/** 409: the email already identifies another account (emails are unique platform-wide, decision 0002). */
export const emailTaken = (path: string) => new AppError('email_taken', 'auth.emailTaken', {}, [{ path, message: 'auth.emailTaken' }]);

/** Refuses an email another account already uses (any case). */
export async function assertEmailFree(db: Db, email: string, path: string, exceptUserId?: string) {
  const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const taken = await db.query.users.findFirst({ columns: { id: true }, where: exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail });
  if (taken) throw emailTaken(path);
}

/**
 * Every role's own password change: the current password is checked (a wrong one answers 400 with
 * `wrongKey`, not 401, so the session stays; 5 wrong ones in 15 minutes answer 429), then every other
 * session of the account ends and this one stays.
 */
export async function changeOwnPassword(ctx: Ctx, actor: Actor, input: { currentPassword: string; newPassword: string }, wrongKey: string) {
  const failKey = `password-change-fail:${actor.userId}`;
  if ((await ctx.deps.limiter.count(failKey)) >= WRONG_CURRENT_MAX) throw new AppError('rate_limited');
  const user = await ctx.db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, actor.userId) });
  if (!user) throw new AppError('unauthorized');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await ctx.deps.limiter.hit(failKey, WRONG_CURRENT_WINDOW_MS);
    throw new AppError('validation_failed', wrongKey, {}, [{ path: 'currentPassword', message: wrongKey }]);
  }
  await ctx.deps.limiter.reset(failKey);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, actor.userId));
    return revokeSessions(tx, and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId))!);
  });
  dropSessionSockets(ctx.deps.events, revoked);
}

/**
 * Every role's own login email change: different from the current one (`sameKey`), not used by any
 * other account. Writes through `db` (a caller's transaction if it has one); the caller emits events
 * after its commit.
 */
export async function changeOwnEmail(db: Db, actor: Actor, newEmail: string, sameKey: string) {
  if (newEmail.toLowerCase() === actor.email.toLowerCase()) throw new AppError('validation_failed', sameKey, {}, [{ path: 'newEmail', message: sameKey }]);
  await assertEmailFree(db, newEmail, 'newEmail', actor.userId);
  try {
    await db.update(users).set({ email: newEmail }).where(eq(users.id, actor.userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken('newEmail');
    throw err;
  }
}
