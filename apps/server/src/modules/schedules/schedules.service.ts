import { pagination, type scheduleInput } from '@presente/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { snapshotPeriods } from '../attendance/periods.js';
import { assertCanAdd } from '../company/plan.service.js';

type Input = z.output<typeof scheduleInput>;

/**
 * A location id must belong to the same company, else it is "not found". Call it inside the writing
 * transaction: the row is locked (FOR KEY SHARE) so it cannot be deleted before the commit, and the
 * foreign key never fails (a 500) on a location removed meanwhile.
 */
export async function assertLocationOfCompany(tx: Db, companyId: string, locationId: string | null) {
  if (!locationId) return;
  const [found] = await tx
    .select({ id: workLocations.id })
    .from(workLocations)
    .where(and(eq(workLocations.id, locationId), eq(workLocations.companyId, companyId)))
    .for('key share');
  if (!found) throw new AppError('not_found', 'location.notFound', {}, [{ path: 'locationId', message: 'location.notFound' }]);
}

const employeeCount = sql<number>`(select count(*)::int from employees e where e.schedule_id = "schedules"."id" and e.deleted_at is null)`;

/** Schedules of the actor's company, paged, with their location and employee count. */
export async function listSchedules(ctx: Ctx, page: number, limit: number) {
  const companyId = requireCompany(ctx.actor);
  const where = eq(schedules.companyId, companyId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ schedule: schedules, location: { id: workLocations.id, name: workLocations.name }, employees: employeeCount })
      .from(schedules)
      .leftJoin(workLocations, eq(workLocations.id, schedules.locationId))
      .where(where)
      .orderBy(asc(schedules.name), asc(schedules.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(schedules).where(where),
  ]);
  return {
    data: rows.map((r) => ({ ...r.schedule, location: r.location?.id ? r.location : null, _count: { employees: r.employees } })),
    pagination: pagination(page, limit, total),
  };
}

export async function createSchedule(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const row = await ctx.db.transaction(async (tx) => {
    await assertCanAdd(tx, companyId, 'schedules');
    await assertLocationOfCompany(tx, companyId, input.locationId);
    const [created] = await tx
      .insert(schedules)
      .values({ ...input, companyId })
      .returning();
    return created;
  });
  ctx.deps.events.emit(rooms.company(companyId), 'schedule_update', { action: 'created', id: row.id });
  return row;
}

/**
 * Updates a schedule. New rules (or deactivating it) apply to its employees from today on: their
 * periods record the change in the same transaction, so past days keep the rules of their day.
 */
export async function updateSchedule(ctx: Ctx, id: string, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const row = await ctx.db.transaction(async (tx) => {
    await assertLocationOfCompany(tx, companyId, input.locationId);
    const [updated] = await tx
      .update(schedules)
      .set(input)
      .where(and(eq(schedules.id, id), eq(schedules.companyId, companyId)))
      .returning();
    if (!updated) throw new AppError('not_found', 'schedule.notFound');
    await snapshotPeriods(tx, companyId, { scheduleId: id });
    return updated;
  });
  ctx.deps.events.emit(rooms.company(companyId), 'schedule_update', { action: 'updated', id });
  return row;
}

/** Deletes a schedule; refused while employees are assigned (they would lose their rules silently). */
export async function deleteSchedule(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.companyId, companyId)))
      .for('update');
    if (!row) throw new AppError('not_found', 'schedule.notFound');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(employees)
      .where(and(eq(employees.scheduleId, id), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
    if (n > 0) throw new AppError('conflict', 'schedule.inUse', { count: n });
    // Only deleted employees can still point at it: their periods keep the rules they had (no snapshot needed).
    await tx.delete(schedules).where(eq(schedules.id, id));
  });
  ctx.deps.events.emit(rooms.company(companyId), 'schedule_update', { action: 'deleted', id });
}
