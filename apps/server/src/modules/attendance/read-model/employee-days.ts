import { activeFromOf, createDayJudge, type DayStatus, daysBetween, holidayApplies, round2, spanOf } from '@presente/shared';
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attendanceRecords, companies, departments, employees, schedules } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import type { Self } from '../../employee-area/self.service.js';
import { loadHolidays } from './holidays.js';
import { loadPeriods, periodsOf } from './periods.js';
import type { RecordRow } from './record.js';

/** Whose days are read: the employee, their schedule (an inactive one counts as none) and the company's timezone. */
export type DaySubject = Pick<Self, 'employee' | 'schedule' | 'department'> & { company: { timezone: string } };

/**
 * An employee of the actor's company as a DaySubject, for the admin's answers (the employee area has loadSelf).
 * Another company's employee, or a deleted one, is not found.
 */
export async function loadSubject(db: Db, companyId: string, employeeId: string): Promise<DaySubject> {
  const [row] = await db
    .select({ employee: employees, schedule: schedules, department: { id: departments.id, name: departments.name }, timezone: companies.timezone })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, and(eq(schedules.id, employees.scheduleId), eq(schedules.companyId, employees.companyId)))
    .leftJoin(departments, and(eq(departments.id, employees.departmentId), eq(departments.companyId, employees.companyId)))
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId), isNull(employees.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'employee.notFound');
  return {
    employee: row.employee,
    schedule: row.schedule?.isActive ? row.schedule : null,
    department: row.department?.id ? { id: row.department.id, name: row.department.name } : null,
    company: { timezone: row.timezone },
  };
}

/**
 * The employee's days between two local days (inclusive), judged like the admin's calendar: the records,
 * the company's holidays and the employee's periods (each day by the rules that applied that day,
 * docs/decisions/0013-attendance-history.md) through the shared `createDayJudge`. `records` skips the
 * records query when the caller has them already (history). Dates passed to the answers must lie in the range.
 */
export async function loadDays(db: Db, self: DaySubject, start: string, end: string, now = new Date(), records?: RecordRow[]) {
  const { companyId, id } = self.employee;
  const timezone = self.company.timezone;
  const [rows, list, periods] = await Promise.all([
    records ??
      db
        .select()
        .from(attendanceRecords)
        .where(
          and(
            eq(attendanceRecords.companyId, companyId),
            eq(attendanceRecords.employeeId, id),
            gte(attendanceRecords.date, start),
            lte(attendanceRecords.date, end),
          ),
        ),
    loadHolidays(db, companyId, start, end),
    loadPeriods(db, companyId, [id], start, end),
  ]);
  const days = daysBetween(start, end);
  const index = new Map(days.map((d, i) => [d, i]));
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const employee = createDayJudge({ days, timezone, now, holidays: list }).forEmployee(
    periodsOf(periods, { ...self.employee, schedule: self.schedule }),
    activeFromOf(self.employee, timezone),
  );
  const at = (date: string) => {
    const i = index.get(date);
    if (i === undefined) throw new Error(`day ${date} outside ${start}..${end}`);
    return i;
  };
  return {
    records: byDate,
    holidays: list,
    /** The day's status by the shared rules (holiday, permission, arrival, day off, absent, pending). */
    status(date: string): DayStatus {
      const r = byDate.get(date);
      return employee.status(at(date), r ? spanOf(r) : null);
    },
    /** Hours of the day's record by the shared rules; with `openUntil`, an open shift counts the time worked so far. */
    hours(date: string, openUntil?: Date): number | null {
      const r = byDate.get(date);
      if (!r) return null;
      const span = spanOf(r);
      const hours = employee.hours(at(date), span);
      if (hours != null || !openUntil || span.checkInMs == null || span.checkOutMs != null || r.incomplete) return hours;
      return employee.hours(at(date), { ...span, checkOutMs: openUntil.getTime() });
    },
    /** The holiday applying to the employee that day (for the schedule they had then), as {name, description}, or null. */
    holiday(date: string) {
      const scheduleId = employee.scheduleId(at(date));
      const h = list.find((x) => holidayApplies(x, date, scheduleId));
      return h ? { name: h.name, description: h.description } : null;
    },
  };
}

export type DayBook = Awaited<ReturnType<typeof loadDays>>;

export const sumHours = (values: (number | null)[]) => round2(values.reduce<number>((n, h) => n + (h != null && h >= 0 ? h : 0), 0));

/**
 * Hours of a set of days or records: the total (only hours >= 0 count, spec §9), the days with computable hours and
 * the average per such day, to 2 decimals. The employee's stats and every report read their averages here.
 */
export function hoursSummary(values: (number | null)[]) {
  const totalHours = sumHours(values);
  const workedDays = values.filter((h) => h != null).length;
  return { totalHours, workedDays, averageHoursPerDay: workedDays ? Math.round((totalHours / workedDays) * 100) / 100 : 0 };
}
