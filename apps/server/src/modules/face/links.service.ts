import { type AttendanceLink, addDays, localToInstant } from '@presente/shared';
import { and, desc, eq } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceLinks, companies } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { assertCanAdd } from '../company/plan.service.js';
import { newLinkToken, unseal } from './link-token.js';

type LinkRow = typeof attendanceLinks.$inferSelect;

export function linkState(link: Pick<LinkRow, 'isActive' | 'expiresAt'>, now = new Date()): AttendanceLink['state'] {
  if (!link.isActive) return 'inactive';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  return 'active';
}

function shape(ctx: Ctx, l: LinkRow): AttendanceLink {
  return {
    id: l.id,
    name: l.name,
    token: unseal(ctx.deps.sessionSecret, l.tokenSealed),
    isActive: l.isActive,
    createdAt: l.createdAt.toISOString(),
    expiresAt: l.expiresAt?.toISOString() ?? null,
    lastUsedAt: l.lastUsedAt?.toISOString() ?? null,
    state: linkState(l),
  };
}

/** A date-only expiry means "through that day" in the company's timezone. */
async function expiryOf(ctx: Ctx, companyId: string, value: string | null): Promise<Date | null> {
  if (!value) return null;
  if (value.length !== 10) return new Date(value);
  const [company] = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return localToInstant(addDays(value, 1), 0, company?.timezone ?? 'UTC');
}

export async function listLinks(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db.select().from(attendanceLinks).where(eq(attendanceLinks.companyId, companyId)).orderBy(desc(attendanceLinks.createdAt));
  return rows.map((l) => shape(ctx, l));
}

export async function createLink(ctx: Ctx, input: { name: string; expiresAt: string | null }) {
  const companyId = requireCompany(ctx.actor);
  const expiresAt = await expiryOf(ctx, companyId, input.expiresAt);
  if (expiresAt && expiresAt <= new Date())
    throw new AppError('validation_failed', 'faceLink.expiryPast', {}, [{ path: 'expiresAt', message: 'faceLink.expiryPast' }]);
  const row = await ctx.db.transaction(async (tx) => {
    await assertCanAdd(tx, companyId, 'links');
    const [created] = await tx
      .insert(attendanceLinks)
      .values({ companyId, name: input.name, expiresAt, createdByUserId: ctx.actor?.userId ?? null, ...newLinkToken(ctx.deps.sessionSecret) })
      .returning();
    return created;
  });
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'attendance_link_update', { action: 'created', id: row.id });
  return shape(ctx, row);
}

async function ownLink(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .select()
    .from(attendanceLinks)
    .where(and(eq(attendanceLinks.id, id), eq(attendanceLinks.companyId, companyId)));
  if (!row) throw new AppError('not_found', 'faceLink.notFound');
  return row;
}

export async function toggleLink(ctx: Ctx, id: string, isActive: boolean) {
  const link = await ownLink(ctx, id);
  const [row] = await ctx.db.update(attendanceLinks).set({ isActive }).where(eq(attendanceLinks.id, link.id)).returning();
  ctx.deps.events.emit(rooms.companyAdmin(link.companyId), 'attendance_link_update', { action: 'toggled', id });
  return shape(ctx, row);
}

export async function deleteLink(ctx: Ctx, id: string) {
  const link = await ownLink(ctx, id);
  await ctx.db.delete(attendanceLinks).where(eq(attendanceLinks.id, link.id));
  ctx.deps.events.emit(rooms.companyAdmin(link.companyId), 'attendance_link_update', { action: 'deleted', id });
}
