import { type ManualChangeView, type manualChangeAnswerInput, type manualChangesQuery, type ownManualChangesQuery, pagination } from '@presente/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { employees, type ManualChangeValues, manualChanges } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { emitPersonal } from '../../realtime/events.js';
import { loadSelf } from '../employee-area/self.service.js';

type Row = typeof manualChanges.$inferSelect;

const values = (v: ManualChangeValues | null) =>
  v ? { checkIn: v.checkIn ?? null, checkOut: v.checkOut ?? null, isPermission: !!v.isPermission, notes: v.notes ?? null } : null;

/** The presenter: the same view for the worker and the admin (no user ids, no status internals). */
export function manualChangeView(r: Row, employee: { firstName: string; lastName: string }): ManualChangeView {
  return {
    id: r.id,
    employeeId: r.employeeId,
    employeeName: `${employee.firstName} ${employee.lastName}`,
    date: r.date,
    action: r.action,
    authorName: r.authorName,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    previous: values(r.previous),
    next: values(r.next),
    answer: r.answer,
    answerComment: r.answerComment,
    answeredAt: r.answeredAt?.toISOString() ?? null,
  };
}

async function list(db: Db, where: SQL, page: number, limit: number) {
  const [rows, [total], [pending]] = await Promise.all([
    db
      .select({ change: manualChanges, firstName: employees.firstName, lastName: employees.lastName })
      .from(manualChanges)
      .innerJoin(employees, eq(employees.id, manualChanges.employeeId))
      .where(where)
      .orderBy(desc(manualChanges.createdAt), desc(manualChanges.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(manualChanges).where(where),
    db
      .select({ n: count() })
      .from(manualChanges)
      .where(and(where, eq(manualChanges.answer, 'pending'))),
  ]);
  return {
    data: { changes: rows.map((r) => manualChangeView(r.change, r)), pending: Number(pending?.n ?? 0) },
    pagination: pagination(page, limit, Number(total?.n ?? 0)),
  };
}

/** The admin's list: the company's manual changes with the workers' answers, optionally one worker's. */
export function companyManualChanges(ctx: Ctx, q: z.output<typeof manualChangesQuery>) {
  const companyId = requireCompany(ctx.actor);
  const where = and(
    eq(manualChanges.companyId, companyId),
    q.employeeId ? eq(manualChanges.employeeId, q.employeeId) : undefined,
    q.answer ? eq(manualChanges.answer, q.answer) : undefined,
  )!;
  return list(ctx.db, where, q.page, q.limit);
}

/** The worker's own manual changes (the employee found from the session, never from the request). */
export async function ownManualChanges(ctx: Ctx, q: z.output<typeof ownManualChangesQuery>) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const where = and(
    eq(manualChanges.companyId, self.company.id),
    eq(manualChanges.employeeId, self.employee.id),
    q.answer ? eq(manualChanges.answer, q.answer) : undefined,
  )!;
  return list(ctx.db, where, q.page, q.limit);
}

/**
 * The worker answers one of their own changes, once: agreed, or disputed with a comment. Someone else's change
 * (another worker's, another company's) is 404, as if it did not exist; an answered one is 409 and stays as it was.
 * A disagreement is not a correction: the admin corrects with a new manual change, which the worker answers again.
 */
export async function answerManualChange(ctx: Ctx, id: string, input: z.output<typeof manualChangeAnswerInput>, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const companyId = self.company.id;
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(manualChanges)
      .where(and(eq(manualChanges.id, id), eq(manualChanges.companyId, companyId), eq(manualChanges.employeeId, self.employee.id)))
      .for('update');
    if (!current) throw new AppError('not_found', 'manualChange.notFound');
    if (current.answer !== 'pending') throw new AppError('conflict', 'manualChange.alreadyAnswered');
    const [updated] = await tx
      .update(manualChanges)
      .set({ answer: input.answer, answerComment: input.comment, answeredAt: now })
      .where(eq(manualChanges.id, id))
      .returning();
    return updated!;
  });
  emitPersonal(ctx.deps.events, companyId, row.employeeId, 'attendance_update', {
    employeeId: row.employeeId,
    date: row.date,
    action: 'manual_change_answered',
  });
  return manualChangeView(row, self.employee);
}
