import { type holidayInput, pagination } from '@presente/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { holidaySchedules, holidays, schedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';

type Input = z.output<typeof holidayInput>;
type Holiday = typeof holidays.$inferSelect;

/** Inside the writing transaction: the schedules are locked (FOR KEY SHARE) so none can go before the commit. */
async function assertSchedulesOfCompany(tx: Db, companyId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), inArray(schedules.id, ids)))
    .for('key share');
  if (found.length !== new Set(ids).size) throw new AppError('not_found', 'schedule.notFound', {}, [{ path: 'scheduleIds', message: 'schedule.notFound' }]);
}

/** Adds scheduleIds (and their names) to holidays, in one query. */
export async function withSchedules(db: Db, rows: Holiday[]) {
  if (!rows.length) return [];
  const links = await db
    .select({ holidayId: holidaySchedules.holidayId, id: schedules.id, name: schedules.name })
    .from(holidaySchedules)
    .innerJoin(schedules, eq(schedules.id, holidaySchedules.scheduleId))
    .where(
      inArray(
        holidaySchedules.holidayId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((h) => {
    const mine = links.filter((l) => l.holidayId === h.id);
    return { ...h, scheduleIds: mine.map((l) => l.id), schedules: mine.map(({ id, name }) => ({ id, name })) };
  });
}

function periodFilter(year?: number, month?: number) {
  if (!year) return undefined;
  const from = month ? `${year}-${String(month).padStart(2, '0')}-01` : `${year}-01-01`;
  const to = month ? new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) : `${year}-12-31`;
  return and(gte(holidays.date, from), lte(holidays.date, to));
}

/** Holidays of the actor's company, filtered by year and month, paged, newest first. */
export async function listHolidays(ctx: Ctx, q: { page: number; limit: number; year?: number; month?: number }) {
  const companyId = requireCompany(ctx.actor);
  const where = and(eq(holidays.companyId, companyId), periodFilter(q.year, q.month));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(holidays)
      .where(where)
      .orderBy(desc(holidays.date), asc(holidays.name))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(holidays).where(where),
  ]);
  return { data: await withSchedules(ctx.db, rows), pagination: pagination(q.page, q.limit, total) };
}

export async function getHoliday(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const row = await ctx.db.query.holidays.findFirst({ where: and(eq(holidays.id, id), eq(holidays.companyId, companyId)) });
  if (!row) throw new AppError('not_found', 'holiday.notFound');
  return (await withSchedules(ctx.db, [row]))[0];
}

async function writeLinks(tx: Db, companyId: string, holidayId: string, input: Input) {
  await tx.delete(holidaySchedules).where(eq(holidaySchedules.holidayId, holidayId));
  const ids = input.applyToAll ? [] : [...new Set(input.scheduleIds)];
  if (ids.length) await tx.insert(holidaySchedules).values(ids.map((scheduleId) => ({ companyId, holidayId, scheduleId })));
}

export async function createHoliday(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const { scheduleIds: _ids, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await assertSchedulesOfCompany(tx, companyId, input.applyToAll ? [] : input.scheduleIds);
    const [created] = await tx
      .insert(holidays)
      .values({ ...fields, companyId })
      .returning();
    await writeLinks(tx, companyId, created.id, input);
    return created;
  });
  ctx.deps.events.emit(rooms.company(companyId), 'holiday_update', { action: 'created', id: row.id });
  return getHoliday(ctx, row.id);
}

export async function updateHoliday(ctx: Ctx, id: string, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const { scheduleIds: _ids, ...fields } = input;
  await ctx.db.transaction(async (tx) => {
    await assertSchedulesOfCompany(tx, companyId, input.applyToAll ? [] : input.scheduleIds);
    const [row] = await tx
      .update(holidays)
      .set(fields)
      .where(and(eq(holidays.id, id), eq(holidays.companyId, companyId)))
      .returning();
    if (!row) throw new AppError('not_found', 'holiday.notFound');
    await writeLinks(tx, companyId, id, input);
  });
  ctx.deps.events.emit(rooms.company(companyId), 'holiday_update', { action: 'updated', id });
  return getHoliday(ctx, id);
}

export async function deleteHoliday(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .delete(holidays)
    .where(and(eq(holidays.id, id), eq(holidays.companyId, companyId)))
    .returning({ id: holidays.id });
  if (!row) throw new AppError('not_found', 'holiday.notFound');
  ctx.deps.events.emit(rooms.company(companyId), 'holiday_update', { action: 'deleted', id });
}

/** Active holidays between two days (inclusive), with the schedules they apply to. */
export async function holidaysInRange(ctx: Ctx, startDate: string, endDate: string) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), eq(holidays.isActive, true), gte(holidays.date, startDate), lte(holidays.date, endDate)))
    .orderBy(asc(holidays.date));
  return withSchedules(ctx.db, rows);
}
