import { type EmployeeAttendanceAnswer, pagination } from '@presente/shared';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../../context.js';
import { attendanceRecords } from '../../../db/schema/index.js';
import { loadDays, loadSubject } from './employee-days.js';
import { presentEvidence, presentRecord } from './record.js';

export interface EmployeeRecordsQuery {
  page: number;
  limit: number;
  startDate?: string;
  endDate?: string;
  /** 'evidence': each record also carries its punches' declared evidence (the admin's day view). */
  include?: 'evidence';
}

/**
 * GET /employees/{id}/attendance (spec §7): one employee's records of the actor's company, newest first, paged (at
 * most 1,000 a page), each through the one presenter (declared fields: no check-out GPS, no chain hashes, and the
 * evidence only when asked for, through its declared schema), each with its day's status by the rules.
 * Another company's employee, or a deleted one, is not found.
 */
export async function employeeRecords(ctx: Ctx, employeeId: string, q: EmployeeRecordsQuery): Promise<EmployeeAttendanceAnswer> {
  const companyId = requireCompany(ctx.actor);
  const subject = await loadSubject(ctx.db, companyId, employeeId);
  const where = and(
    eq(attendanceRecords.companyId, companyId),
    eq(attendanceRecords.employeeId, employeeId),
    q.startDate ? gte(attendanceRecords.date, q.startDate) : undefined,
    q.endDate ? lte(attendanceRecords.date, q.endDate) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(attendanceRecords)
      .where(where)
      .orderBy(desc(attendanceRecords.date))
      .limit(Math.min(q.limit, 1000))
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(attendanceRecords).where(where),
  ]);
  // Each record's status is its day's by the rules (a record on a holiday says 'holiday'), as the calendar shows it.
  const book = rows.length ? await loadDays(ctx.db, subject, rows.at(-1)!.date, rows[0].date, new Date(), rows) : null;
  const present = (r: (typeof rows)[number]) => {
    const record = presentRecord(r, ctx.lang, 'admin', book!.status(r.date));
    return q.include === 'evidence' ? { ...record, evidence: presentEvidence(r.evidence) } : record;
  };
  return { data: rows.map(present), pagination: pagination(q.page, q.limit, total) };
}
