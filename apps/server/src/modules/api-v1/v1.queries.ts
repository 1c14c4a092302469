import { and, asc, eq, gt, gte, lte, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords, departments, employees, holidays, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { getEmployee } from '../employees/employees.service.js';
import { withSchedules } from '../holidays/holidays.service.js';

/**
 * The public API's reads (decision 0048): the company's rows in a stable order after a cursor, `limit + 1` of them
 * (the extra one says whether there is a next page). The rows go through each feature's own presenter.
 */
const after = (column: AnyPgColumn, afterId: string | null) => (afterId ? gt(column, afterId) : undefined);

export async function departmentsAfter(ctx: Ctx, afterId: string | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  return ctx.db
    .select({ id: departments.id, name: departments.name, createdAt: departments.createdAt })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), after(departments.id, afterId)))
    .orderBy(asc(departments.id))
    .limit(limit + 1);
}

export async function schedulesAfter(ctx: Ctx, afterId: string | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .select({ schedule: schedules, location: { id: workLocations.id, name: workLocations.name } })
    .from(schedules)
    .leftJoin(workLocations, eq(workLocations.id, schedules.locationId))
    .where(and(eq(schedules.companyId, companyId), after(schedules.id, afterId)))
    .orderBy(asc(schedules.id))
    .limit(limit + 1);
  return rows.map((r) => ({ ...r.schedule, location: r.location?.id ? r.location : null }));
}

export async function locationsAfter(ctx: Ctx, afterId: string | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  return ctx.db
    .select()
    .from(workLocations)
    .where(and(eq(workLocations.companyId, companyId), after(workLocations.id, afterId)))
    .orderBy(asc(workLocations.id))
    .limit(limit + 1);
}

export async function holidaysAfter(ctx: Ctx, afterId: string | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), after(holidays.id, afterId)))
    .orderBy(asc(holidays.id))
    .limit(limit + 1);
  return withSchedules(ctx.db, rows);
}

/**
 * Attendance records of a date range (both days included), optionally of one employee (another company's, or an
 * unknown one, is 404), in (date, id) order after the cursor's (date, id). A deleted employee's records stay.
 */
export async function recordsAfter(ctx: Ctx, q: { from: string; to: string; employeeId?: string }, cursor: [string, string] | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  if (q.employeeId) {
    const [found] = await ctx.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, q.employeeId), eq(employees.companyId, companyId)));
    if (!found) throw new AppError('not_found', 'employee.notFound');
  }
  const [day, id] = cursor ?? [];
  return ctx.db
    .select()
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.companyId, companyId),
        gte(attendanceRecords.date, q.from),
        lte(attendanceRecords.date, q.to),
        q.employeeId ? eq(attendanceRecords.employeeId, q.employeeId) : undefined,
        day && id ? or(gt(attendanceRecords.date, day), and(eq(attendanceRecords.date, day), gt(attendanceRecords.id, id))) : undefined,
      ),
    )
    .orderBy(asc(attendanceRecords.date), asc(attendanceRecords.id))
    .limit(limit + 1);
}

/** The employee's editable fields as they are now (the deactivation keeps them and changes the status only). */
export const employeeFieldsOf = (e: Awaited<ReturnType<typeof getEmployee>>) => ({
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.email,
  employeeCode: e.employeeCode,
  documentType: e.documentType,
  documentNumber: e.documentNumber,
  position: e.position,
  phone: e.phone,
  scheduleId: e.scheduleId,
  departmentId: e.departmentId,
  hireDate: e.hireDate,
});
