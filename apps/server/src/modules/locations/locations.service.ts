import { type locationInput, pagination } from '@presente/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { assertCanAdd } from '../company/plan.service.js';

type Input = z.output<typeof locationInput>;

/** Work locations of the actor's company, paged, with how many schedules use each. */
export async function listLocations(ctx: Ctx, page: number, limit: number) {
  const companyId = requireCompany(ctx.actor);
  const where = eq(workLocations.companyId, companyId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        location: workLocations,
        schedules: sql<number>`(select count(*)::int from schedules s where s.location_id = "work_locations"."id")`,
      })
      .from(workLocations)
      .where(where)
      .orderBy(asc(workLocations.name), asc(workLocations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(workLocations).where(where),
  ]);
  return { data: rows.map((r) => ({ ...r.location, _count: { schedules: r.schedules } })), pagination: pagination(page, limit, total) };
}

export async function createLocation(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const row = await ctx.db.transaction(async (tx) => {
    await assertCanAdd(tx, companyId, 'locations');
    const [created] = await tx
      .insert(workLocations)
      .values({ ...input, companyId })
      .returning();
    return created;
  });
  ctx.deps.events.emit(rooms.company(companyId), 'work_location_update', { action: 'created', id: row.id });
  return { ...row, _count: { schedules: 0 } };
}

export async function updateLocation(ctx: Ctx, id: string, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .update(workLocations)
    .set(input)
    .where(and(eq(workLocations.id, id), eq(workLocations.companyId, companyId)))
    .returning();
  if (!row) throw new AppError('not_found', 'location.notFound');
  ctx.deps.events.emit(rooms.company(companyId), 'work_location_update', { action: 'updated', id });
  return row;
}

/** Deletes a location; schedules that used it keep working without a geofence. */
export async function deleteLocation(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .delete(workLocations)
    .where(and(eq(workLocations.id, id), eq(workLocations.companyId, companyId)))
    .returning({ id: workLocations.id });
  if (!row) throw new AppError('not_found', 'location.notFound');
  ctx.deps.events.emit(rooms.company(companyId), 'work_location_update', { action: 'deleted', id });
}
