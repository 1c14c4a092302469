import type { PunchReviewAnswer } from '@presente/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { attendanceRecords, companies, employees, punchReviews } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { logActivity } from '../activity/activity.service.js';
import { deleteManual, updateManual } from '../attendance/manual.service.js';
import { presentReview } from './punch-reviews.presenter.js';

/** The most flagged punches one answer lists (oldest first: the queue is worked from its head). */
export const REVIEW_PAGE = 200;

/** Open reviews whose punch is still there (an annulled or deleted record takes its reviews off the list). */
const open = (companyId: string) => and(eq(punchReviews.companyId, companyId), isNull(punchReviews.resolvedAt));

export async function listReviews(ctx: Ctx): Promise<{ data: PunchReviewAnswer[]; total: number }> {
  const companyId = requireCompany(ctx.actor);
  const [company] = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  const rows = await ctx.db
    .select({
      review: punchReviews,
      evidence: attendanceRecords.evidence,
      employee: { id: employees.id, firstName: employees.firstName, lastName: employees.lastName, employeeCode: employees.employeeCode },
    })
    .from(punchReviews)
    .innerJoin(attendanceRecords, and(eq(attendanceRecords.id, punchReviews.recordId), eq(attendanceRecords.companyId, punchReviews.companyId)))
    .innerJoin(employees, eq(employees.id, punchReviews.employeeId))
    .where(open(companyId))
    .orderBy(asc(punchReviews.createdAt), asc(punchReviews.id))
    .limit(REVIEW_PAGE);
  return { data: rows.map((r) => presentReview(r, company?.timezone ?? 'America/Lima')), total: await openCount(ctx) };
}

/** The badge's number: open reviews whose record is still there. */
export async function openCount(ctx: Ctx): Promise<number> {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(punchReviews)
    .innerJoin(attendanceRecords, and(eq(attendanceRecords.id, punchReviews.recordId), eq(attendanceRecords.companyId, punchReviews.companyId)))
    .where(open(companyId));
  return Number(row?.n ?? 0);
}

/** Resolves an open review of the company inside `tx`, or 404 (unknown, another company's, already resolved). */
async function resolve(tx: Db, ctx: Ctx, id: string, resolution: 'confirmed' | 'annulled', note: string | null) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await tx
    .update(punchReviews)
    .set({ resolvedAt: new Date(), resolvedByUserId: ctx.actor!.userId, resolution, note })
    .where(and(eq(punchReviews.id, id), open(companyId)))
    .returning();
  if (!row) throw new AppError('not_found', 'punchReview.notFound');
  return row;
}

async function openReview(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(punchReviews)
    .where(and(eq(punchReviews.id, id), open(requireCompany(ctx.actor))));
  if (!row) throw new AppError('not_found', 'punchReview.notFound');
  return row;
}

/** The admin keeps the punch: the review is resolved and the activity log says who confirmed it. */
export async function confirmReview(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const review = await resolve(tx, ctx, id, 'confirmed', null);
    const [record] = await tx
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.id, review.recordId), eq(attendanceRecords.companyId, companyId)));
    if (!record) throw new AppError('not_found', 'punchReview.notFound');
    await logActivity(tx, {
      companyId,
      employeeId: review.employeeId,
      actorUserId: ctx.actor!.userId,
      type: 'attendance_edit',
      title: 'activity.punchReviewConfirmed',
      details: { date: review.date, recordId: review.recordId, kind: review.kind, reasons: review.reasons, reviewId: review.id },
    });
  });
}

/**
 * The admin annuls the punch through the manual-change path (hash chain, receipts, webhooks, the worker's notice):
 * a flagged check-in deletes the record (its archive keeps it), a flagged check-out removes the exit and keeps the
 * entry. The review is resolved inside that change's transaction.
 */
export async function annulReview(ctx: Ctx, id: string, reason: string) {
  const review = await openReview(ctx, id);
  const within = async (tx: Db, current: typeof attendanceRecords.$inferSelect) => {
    await resolve(tx, ctx, id, 'annulled', reason);
    await logActivity(tx, {
      companyId: current.companyId,
      employeeId: current.employeeId,
      actorUserId: ctx.actor!.userId,
      type: 'attendance_edit',
      title: 'activity.punchReviewAnnulled',
      details: { date: current.date, recordId: current.id, kind: review.kind, reasons: review.reasons, reviewId: review.id, reason },
    });
  };
  try {
    if (review.kind === 'check_in') return await deleteManual(ctx, review.recordId, reason, within);
    const [record] = await ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, review.recordId));
    if (!record?.checkIn) throw new AppError('not_found', 'punchReview.notFound');
    await updateManual(
      ctx,
      record.id,
      {
        employeeId: record.employeeId,
        date: record.date,
        checkIn: record.checkIn.toISOString(),
        checkOut: null,
        notes: record.notes,
        isPermission: false,
        reason,
      },
      within,
    );
  } catch (err) {
    // The record went away meanwhile (deleted by hand): nothing is left to annul.
    if (err instanceof AppError && err.code === 'not_found') throw new AppError('not_found', 'punchReview.notFound');
    throw err;
  }
}
