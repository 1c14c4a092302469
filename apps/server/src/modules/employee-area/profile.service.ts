import type { employeeEmailInput, employeePasswordInput } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.js';
import { employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rooms } from '../../realtime/events.js';
import { changeOwnEmail, changeOwnPassword } from '../company/company.service.js';
import { loadSelf, type Self } from './self.service.js';

function profileView(ctx: Ctx, self: Self) {
  const e = self.employee;
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    employeeCode: e.employeeCode,
    documentNumber: e.documentNumber,
    position: e.position,
    phone: e.phone,
    status: e.status,
    hireDate: e.hireDate,
    createdAt: e.createdAt.toISOString(),
    department: self.department,
    schedule: self.schedule ? { id: self.schedule.id, name: self.schedule.name, startTime: self.schedule.startTime, endTime: self.schedule.endTime } : null,
    company: { id: self.company.id, name: self.company.name, timezone: self.company.timezone },
    account: { email: ctx.actor!.email, name: ctx.actor!.name, role: ctx.actor!.role },
  };
}

/** The employee's own data, company name and login email (spec §2 Settings: read-only account info). */
export async function getProfile(ctx: Ctx) {
  return profileView(ctx, await loadSelf(ctx.db, ctx.actor));
}

/** Only the phone is the employee's to change; names, codes, position and the rest stay the admin's. */
export async function updateProfile(ctx: Ctx, input: { phone: string | null }) {
  const self = await loadSelf(ctx.db, ctx.actor);
  await ctx.db.update(employees).set({ phone: input.phone }).where(eq(employees.id, self.employee.id));
  notifyProfileChange(ctx, self);
  return profileView(ctx, { ...self, employee: { ...self.employee, phone: input.phone } });
}

/** Wrong current passwords tolerated per account before answering 429 for the window (as for the super admin). */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Own password (min 6): the current one is checked (a wrong one is 400, so the session stays), other
 * sessions end, this one stays. Guessing the current password from an open session is capped.
 */
export async function changePassword(ctx: Ctx, input: z.output<typeof employeePasswordInput>) {
  await loadSelf(ctx.db, ctx.actor);
  const failKey = `password-change-fail:${ctx.actor!.userId}`;
  if ((await ctx.deps.limiter.count(failKey)) >= WRONG_CURRENT_MAX) throw new AppError('rate_limited');
  try {
    await changeOwnPassword(ctx, ctx.actor!, input);
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'profile.currentPasswordWrong') await ctx.deps.limiter.hit(failKey, WRONG_CURRENT_WINDOW_MS);
    throw err;
  }
  await ctx.deps.limiter.reset(failKey);
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
      await changeOwnEmail({ ...ctx, db: tx }, ctx.actor!, input);
    });
  } catch (err) {
    // Another (non-deleted) employee of the company already has that address.
    if (isUniqueViolation(err)) throw new AppError('email_taken', 'auth.emailTaken', {}, [{ path: 'newEmail', message: 'auth.emailTaken' }]);
    throw err;
  }
  notifyProfileChange(ctx, self);
  return { email: input.newEmail };
}

function notifyProfileChange(ctx: Ctx, self: Self) {
  ctx.deps.events.emit(rooms.company(self.employee.companyId), 'employee_update', { action: 'updated', id: self.employee.id });
  ctx.deps.events.emit(rooms.employee(self.employee.id), 'employee_update', { type: 'profile_updated', id: self.employee.id });
}
