import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Actor, Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { employees, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { hashPassword, readSignedToken, signToken, verifyPassword } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { emailChangedMail } from '../auth/auth.mails.js';
import { dropSessionSockets, revokeSessions } from '../auth/sessions.js';

/** Wrong current passwords tolerated per account before answering 429 for the window. */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60 * 1000;

/** 409: the email already identifies another account (emails are unique platform-wide, decision 0002). */
export const emailTaken = (path: string) => new AppError('email_taken', 'auth.emailTaken', {}, [{ path, message: 'auth.emailTaken' }]);

/**
 * Which of `emails` (lower case) an account other than `exceptUserId` already uses, in ANY company: through
 * the database function presente_emails_taken, which answers a company's request (row-level security: it sees
 * only its own accounts) with the taken emails and nothing else of them (decision 0030). Works inside `tx`.
 */
export async function emailsTaken(db: Db, emails: string[], exceptUserId?: string | null): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const list = sql`array[${sql.join(
    emails.map((e) => sql`${e.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
  const res = (await db.execute(sql`select e from presente_emails_taken(${list}, ${exceptUserId ?? null}::uuid) as e`)) as unknown as { rows: { e: string }[] };
  return new Set(res.rows.map((r) => r.e));
}

/** Refuses an email another account already uses (any case, any company). */
export async function assertEmailFree(db: Db, email: string, path: string, exceptUserId?: string) {
  if ((await emailsTaken(db, [email], exceptUserId)).size) throw emailTaken(path);
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

/** How long the old address can undo an email change (decision 0025). */
const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
type EmailUndo = {
  kind: 'email-undo';
  sub: string;
  from: string;
  to: string;
  exp: number;
};

/**
 * After any own email change (every role): the OLD address is told, with a signed link that puts it back.
 * A mail failure is logged, not thrown: the change itself has happened.
 */
export async function mailEmailChanged(ctx: Ctx, actor: Actor, newEmail: string) {
  const payload: EmailUndo = { kind: 'email-undo', sub: actor.userId, from: actor.email, to: newEmail, exp: Date.now() + EMAIL_UNDO_TTL_MS };
  const link = `${ctx.publicUrl}/undo-email-change?token=${encodeURIComponent(signToken(ctx.deps.sessionSecret, payload))}`;
  try {
    await ctx.deps.mailer.send(emailChangedMail(ctx.lang, { name: actor.name, email: actor.email }, newEmail, link));
  } catch (err) {
    ctx.log.error({ err, userId: actor.userId }, 'email change notice to the old address failed');
  }
}

/**
 * The old address's undo: valid for 7 days and only while the account still has the address it was changed
 * to; the old address comes back (the employee row too), and every session of the account ends.
 */
export async function undoEmailChange(ctx: Ctx, token: string) {
  const undo = readSignedToken<EmailUndo>(ctx.deps.sessionSecret, token);
  if (undo?.kind !== 'email-undo') throw new AppError('invalid_token', 'account.undoInvalid');
  // The signed link is the credential and names the account; the browser may be signed in to another company:
  // the owner's handle (bypasses row-level security; decision 0030).
  const revoked = await ctx.deps.db.transaction(async (tx) => {
    const user = await tx.query.users.findFirst({ columns: { id: true, email: true }, where: eq(users.id, undo.sub) });
    if (!user || user.email.toLowerCase() !== undo.to.toLowerCase()) throw new AppError('invalid_token', 'account.undoInvalid');
    await assertEmailFree(tx, undo.from, 'email', user.id);
    await tx.update(users).set({ email: undo.from }).where(eq(users.id, user.id));
    await tx
      .update(employees)
      .set({ email: undo.from })
      .where(and(eq(employees.userId, user.id), isNull(employees.deletedAt)));
    return revokeSessions(tx, eq(sessions.userId, user.id));
  });
  dropSessionSockets(ctx.deps.events, revoked);
  return { email: undo.from };
}
