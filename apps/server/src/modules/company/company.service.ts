import type { adminPasswordInput, emailChangeInput } from '@presente/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, companies, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { rooms } from '../../realtime/events.js';
import { planUsage } from './plan.service.js';

/** Plan, usage and limits of the actor's company (spec: company settings; -1 = unlimited). */
export async function companySettings(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const { company, usage } = await planUsage(ctx.db, companyId);
  return {
    id: company.id,
    name: company.name,
    plan: company.plan,
    status: company.status,
    currentEmployees: usage.employees.used,
    maxEmployees: company.maxEmployees,
    timezone: company.timezone,
    locale: company.locale,
    usage,
  };
}

export async function renameCompany(ctx: Ctx, name: string) {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.update(companies).set({ name }).where(eq(companies.id, companyId));
  ctx.deps.events.emit(rooms.company(companyId), 'company_update', { id: companyId, name });
  ctx.deps.events.emit(rooms.superAdmin(), 'company_update', { id: companyId });
}

/** Changes the actor's own password after checking the current one; other sessions end. */
export async function changeOwnPassword(ctx: Ctx, actor: Actor, input: z.output<typeof adminPasswordInput>) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, actor.userId) });
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('validation_failed', 'profile.currentPasswordWrong', {}, [{ path: 'currentPassword', message: 'profile.currentPasswordWrong' }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, actor.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
  });
}

/** Changes the actor's own email (unique platform-wide). */
export async function changeOwnEmail(ctx: Ctx, actor: Actor, input: z.output<typeof emailChangeInput>) {
  if (input.newEmail === actor.email.toLowerCase()) {
    throw new AppError('validation_failed', 'profile.emailSame', {}, [{ path: 'newEmail', message: 'profile.emailSame' }]);
  }
  const taken = await ctx.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${input.newEmail}` });
  if (taken) throw new AppError('email_taken', 'auth.emailTaken', {}, [{ path: 'newEmail', message: 'auth.emailTaken' }]);
  await ctx.db.update(users).set({ email: input.newEmail }).where(eq(users.id, actor.userId));
  if (actor.companyId) ctx.deps.events.emit(rooms.companyAdmin(actor.companyId), 'admin_profile_update', { userId: actor.userId, newEmail: input.newEmail });
}

/** Years with attendance data, plus the current one, newest first. */
export async function availableYears(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .selectDistinct({ year: sql<number>`extract(year from ${attendanceRecords.date})::int` })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.companyId, companyId));
  const years = new Set([new Date().getUTCFullYear(), ...rows.map((r) => r.year)]);
  return [...years].sort((a, b) => b - a);
}

/** Guided-tour state of the actor (stored per user). */
export async function tourStatus(ctx: Ctx, actor: Actor) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, actor.userId) });
  return {
    hasCompletedTour: !!user?.hasCompletedTour,
    tourCompletedAt: user?.tourCompletedAt?.toISOString() ?? null,
    shouldShowTour: !user?.hasCompletedTour,
  };
}

export async function setTourCompleted(ctx: Ctx, actor: Actor, completed: boolean) {
  await ctx.db
    .update(users)
    .set({ hasCompletedTour: completed, tourCompletedAt: completed ? new Date() : null })
    .where(eq(users.id, actor.userId));
  return tourStatus(ctx, actor);
}
