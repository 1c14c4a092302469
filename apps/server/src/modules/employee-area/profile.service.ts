import type { employeeEmailInput, employeePasswordInput } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.js';
import { employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rooms } from '../../realtime/events.js';
import { changeOwnEmail, changeOwnPassword, mailEmailChanged } from '../account/own-account.service.js';
import { presentProfile } from './presenters.js';
import { loadSelf, type Self } from './self.service.js';

/** The employee's own data, company name and login email (spec §2 Settings: read-only account info). */
export async function getProfile(ctx: Ctx) {
  return presentProfile(await loadSelf(ctx.db, ctx.actor), ctx.actor!);
}

/** Only the phone is the employee's to change; names, codes, position and the rest stay the admin's. */
export async function updateProfile(ctx: Ctx, input: { phone: string | null }) {
  const self = await loadSelf(ctx.db, ctx.actor);
  await ctx.db.update(employees).set({ phone: input.phone }).where(eq(employees.id, self.employee.id));
  notifyProfileChange(ctx, self);
  return presentProfile({ ...self, employee: { ...self.employee, phone: input.phone } }, ctx.actor!);
}

/** Own password (min 6); see changeOwnPassword (current checked, other sessions end, guessing capped). */
export async function changePassword(ctx: Ctx, input: z.output<typeof employeePasswordInput>) {
  await loadSelf(ctx.db, ctx.actor);
  await changeOwnPassword(ctx, ctx.actor!, input, 'profile.currentPasswordWrong');
}

/**
 * Own email: the login account (unique platform-wide) and the employee row change together, in one
 * transaction, so the admin's list and the login never disagree.
 */
export async function changeEmail(ctx: Ctx, input: z.output<typeof employeeEmailInput>) {
  const self = await loadSelf(ctx.db, ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(employees).set({ email: input.newEmail }).where(eq(employees.id, self.employee.id));
      await changeOwnEmail(tx, ctx.actor!, input.newEmail, 'profile.emailSame');
    });
  } catch (err) {
    // Another (non-deleted) employee of the company already has that address.
    if (isUniqueViolation(err)) throw new AppError('email_taken', 'auth.emailTaken', {}, [{ path: 'newEmail', message: 'auth.emailTaken' }]);
    throw err;
  }
  await mailEmailChanged(ctx, ctx.actor!, input.newEmail);
  notifyProfileChange(ctx, self);
  return { email: input.newEmail };
}

function notifyProfileChange(ctx: Ctx, self: Self) {
  ctx.deps.events.emit(rooms.companyAdmin(self.employee.companyId), 'employee_update', { action: 'updated', id: self.employee.id });
  ctx.deps.events.emit(rooms.employee(self.employee.id), 'employee_update', { type: 'profile_updated', id: self.employee.id });
}
