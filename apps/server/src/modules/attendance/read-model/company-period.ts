import { activeFromOf, localToInstant, type SchedulePeriod, type ScheduleRules } from '@presente/shared';
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attendanceRecords, companies, departments, employees, schedules } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import { type HolidayRow, loadHolidays } from './holidays.js';
import { loadPeriods, periodsOf } from './periods.js';

/** What the rules need to judge a company's days in a date range, loaded in five queries (no N+1). */
export interface CompanyPeriod {
  timezone: string;
  employees: {
    id: string;
    firstName: string;
    lastName: string;
    employeeCode: string;
    position: string | null;
    status: 'ACTIVE' | 'INACTIVE';
    departmentId: string | null;
    departmentName: string | null;
    scheduleId: string | null;
    activeFrom: string | null;
    /** The current schedule when active (today's rules). */
    schedule: (ScheduleRules & { id: string; name: string }) | null;
    /** Deleted during the range (kept for the days they were active). */
    deleted: boolean;
    /** What applied to them during the range (docs/decisions/0013-attendance-history.md). */
    periods: SchedulePeriod[];
  }[];
  /** employeeId -> date -> record */
  records: Map<string, Map<string, typeof attendanceRecords.$inferSelect>>;
  holidays: HolidayRow[];
}

export async function loadCompanyPeriod(db: Db, companyId: string, start: string, end: string, employeeFilter?: SQL): Promise<CompanyPeriod> {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { timezone: true } });
  if (!company) throw new AppError('not_found');
  const rows = await db
    .select({ employee: employees, schedule: schedules, departmentName: departments.name })
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(
      and(
        eq(employees.companyId, companyId),
        or(isNull(employees.deletedAt), gte(employees.deletedAt, localToInstant(start, 0, company.timezone))),
        employeeFilter,
      ),
    );
  const ids = rows.map((r) => r.employee.id);
  const [recordRows, holidayList, periods] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(attendanceRecords)
          .where(
            and(
              eq(attendanceRecords.companyId, companyId),
              gte(attendanceRecords.date, start),
              lte(attendanceRecords.date, end),
              ids.length <= 1000 ? inArray(attendanceRecords.employeeId, ids) : undefined,
            ),
          )
      : Promise.resolve([]),
    loadHolidays(db, companyId, start, end),
    loadPeriods(db, companyId, ids, start, end),
  ]);
  const records = new Map<string, Map<string, typeof attendanceRecords.$inferSelect>>();
  for (const r of recordRows) {
    const byDate = records.get(r.employeeId) ?? new Map();
    records.set(r.employeeId, byDate);
    byDate.set(r.date, r);
  }
  return {
    timezone: company.timezone,
    employees: rows.map(({ employee: e, schedule: s, departmentName }) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      employeeCode: e.employeeCode,
      position: e.position,
      status: e.status,
      departmentId: e.departmentId,
      departmentName,
      scheduleId: e.scheduleId,
      activeFrom: activeFromOf(e, company.timezone),
      schedule: s?.isActive ? s : null,
      deleted: !!e.deletedAt,
      periods: periodsOf(periods, { ...e, schedule: s }),
    })),
    records,
    holidays: holidayList,
  };
}
