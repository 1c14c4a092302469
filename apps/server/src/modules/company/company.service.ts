import { type AttendanceSettingsInput, type adminPasswordInput, type emailChangeInput, toLocal } from '@presente/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, companies, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { changeOwnEmail, changeOwnPassword, mailEmailChanged } from '../account/own-account.service.js';
import { planUsage } from './plan.service.js';

/** Plan, usage and limits of the actor's company (spec: company settings; -1 = unlimited). */
export async function companySettings(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const { company, usage } = await planUsage(ctx.db, companyId);
  return {
    id: company.id,
    name: company.name,
    ruc: company.ruc,
    legalName: company.legalName,
    email: company.email,
    address: company.address,
    city: company.city,
    country: company.country,
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

/** The company's attendance settings: the forgotten check-out grace in hours (shift end + grace). */
export async function attendanceSettings(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db.select({ openRecordGraceHours: companies.openRecordGraceHours }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * Sets the grace after which the job closes an open record as incomplete; the night-shift work date
 * of a punch after midnight uses the same grace. Only the actor's company changes.
 */
export async function updateAttendanceSettings(ctx: Ctx, input: AttendanceSettingsInput) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .update(companies)
    .set({ openRecordGraceHours: input.openRecordGraceHours })
    .where(eq(companies.id, companyId))
    .returning({ openRecordGraceHours: companies.openRecordGraceHours });
  if (!row) throw new AppError('not_found');
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'company_update', { id: companyId, openRecordGraceHours: row.openRecordGraceHours });
  return row;
}

/** The admin's own password (min 8); see changeOwnPassword. */
export async function changeAdminPassword(ctx: Ctx, actor: Actor, input: z.output<typeof adminPasswordInput>) {
  await changeOwnPassword(ctx, actor, input, 'profile.currentPasswordWrong');
}

/** The admin's own login email; the company's admins are told after the change. */
export async function changeAdminEmail(ctx: Ctx, actor: Actor, input: z.output<typeof emailChangeInput>) {
  await changeOwnEmail(ctx.db, actor, input.newEmail, 'profile.emailSame');
  await mailEmailChanged(ctx, actor, input.newEmail);
  if (!actor.companyId) return;
  ctx.deps.events.emit(rooms.companyAdmin(actor.companyId), 'admin_profile_update', { userId: actor.userId, newEmail: input.newEmail });
  // The companies table of the super admin shows the admin's email.
  ctx.deps.events.emit(rooms.superAdmin(), 'company_update', { action: 'admin_email_changed', companyId: actor.companyId });
}

/**
 * Years an admin can open in the calendar and reports, newest first: those with attendance, plus the
 * company's current year (in its timezone) and the one before, so that early in January last December
 * can be opened and corrected even before it has any record.
 */
export async function availableYears(ctx: Ctx, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const [company] = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  const rows = await ctx.db
    .selectDistinct({ year: sql<number>`extract(year from ${attendanceRecords.date})::int` })
    .from(attendanceRecords)
    .where(eq(attendanceRecords.companyId, companyId));
  const current = Number(toLocal(now, company?.timezone ?? 'UTC').date.slice(0, 4));
  const years = new Set([current, current - 1, ...rows.map((r) => r.year)]);
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
