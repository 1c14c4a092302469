import type { superAdminChangeEmailInput, superAdminChangePasswordInput } from '@presente/shared';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { changeOwnEmail, changeOwnPassword, mailEmailChanged } from '../account/own-account.service.js';

function actorOf(ctx: Ctx): Actor {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

/** The super admin's own password (min 8); see changeOwnPassword. */
export async function changePassword(ctx: Ctx, input: z.output<typeof superAdminChangePasswordInput>) {
  const actor = actorOf(ctx);
  await changeOwnPassword(ctx, actor, input, 'admin.currentPasswordWrong');
  ctx.deps.events.emit(rooms.superAdmin(), 'super_admin_profile_updated', { userId: actor.userId, action: 'password_changed' });
}

/** The super admin's own login email: valid, different from the current one, not used by anyone else. */
export async function changeEmail(ctx: Ctx, input: z.output<typeof superAdminChangeEmailInput>) {
  const actor = actorOf(ctx);
  await changeOwnEmail(ctx.db, actor, input.newEmail, 'admin.emailSameAsCurrent');
  await mailEmailChanged(ctx, actor, input.newEmail);
  ctx.deps.events.emit(rooms.superAdmin(), 'super_admin_profile_updated', { userId: actor.userId, action: 'email_changed', newEmail: input.newEmail });
  return { email: input.newEmail };
}
