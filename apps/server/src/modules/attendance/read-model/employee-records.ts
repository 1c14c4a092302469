import { type EmployeeAttendanceAnswer, pagination } from '@presente/shared';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../../context.js';
import { attendanceRecords, employees } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
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
 * evidence only when asked for, through its declared schema).
 * Another company's employee, or a deleted one, is not found.
 */
export async function employeeRecords(ctx: Ctx, employeeId: string, q: EmployeeRecordsQuery): Promise<EmployeeAttendanceAnswer> {
  const companyId = requireCompany(ctx.actor);
  const [employee] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
  if (!employee) throw new AppError('not_found', 'employee.notFound');
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
  const present = (r: (typeof rows)[number]) =>
    q.include === 'evidence' ? { ...presentRecord(r, ctx.lang, 'admin'), evidence: presentEvidence(r.evidence) } : presentRecord(r, ctx.lang, 'admin');
  return { data: rows.map(present), pagination: pagination(q.page, q.limit, total) };
}
