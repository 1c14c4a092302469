import type { superAdminChangeEmailInput, superAdminChangePasswordInput } from '@presente/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { rooms } from '../../realtime/events.js';
import { assertEmailFree, emailTaken, isUniqueViolation } from './user-email.js';

/** Wrong current passwords tolerated per account before answering 429 for the window. */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60 * 1000;

function actorOf(ctx: Ctx): Actor {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

/**
 * Changes the super admin's own password after checking the current one (a wrong one answers 400, not
 * 401, so the browser keeps its session). Every other session of the account ends; this one stays.
 */
export async function changePassword(ctx: Ctx, input: z.output<typeof superAdminChangePasswordInput>) {
  const actor = actorOf(ctx);
  const failKey = `password-change-fail:${actor.userId}`;
  if ((await ctx.deps.limiter.count(failKey)) >= WRONG_CURRENT_MAX) throw new AppError('rate_limited');
  const user = await ctx.db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, actor.userId) });
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await ctx.deps.limiter.hit(failKey, WRONG_CURRENT_WINDOW_MS);
    throw new AppError('validation_failed', 'admin.currentPasswordWrong', {}, [{ path: 'currentPassword', message: 'admin.currentPasswordWrong' }]);
  }
  await ctx.deps.limiter.reset(failKey);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, actor.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
  });
  ctx.deps.events.emit(rooms.superAdmin(), 'super_admin_profile_updated', { userId: actor.userId, action: 'password_changed' });
}

/** Changes the super admin's own login email: valid, different from the current one, not used by anyone else. */
export async function changeEmail(ctx: Ctx, input: z.output<typeof superAdminChangeEmailInput>) {
  const actor = actorOf(ctx);
  const newEmail = input.newEmail;
  if (newEmail === actor.email.toLowerCase()) {
    throw new AppError('validation_failed', 'admin.emailSameAsCurrent', {}, [{ path: 'newEmail', message: 'admin.emailSameAsCurrent' }]);
  }
  await assertEmailFree(ctx.db, newEmail, 'newEmail', actor.userId);
  try {
    await ctx.db.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken('newEmail');
    throw err;
  }
  ctx.deps.events.emit(rooms.superAdmin(), 'super_admin_profile_updated', { userId: actor.userId, action: 'email_changed', newEmail });
  return { email: newEmail };
}
