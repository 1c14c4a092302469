import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, departments, employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type ScheduleRow = typeof schedules.$inferSelect;
type LocationRow = typeof workLocations.$inferSelect;

/** The logged-in employee with what every employee-area answer needs, in one query. */
export interface Self {
  employee: typeof employees.$inferSelect;
  /** The assigned schedule when active (an inactive schedule counts as none, as in punch and the reports). */
  schedule: ScheduleRow | null;
  /** The schedule's work location (geofence) when the schedule is active. */
  location: LocationRow | null;
  department: { id: string; name: string } | null;
  company: { id: string; name: string; timezone: string; openRecordGraceHours: number };
}

/**
 * Finds the session's employee: `employees.userId = actor.userId` in the actor's company, not deleted.
 * The tenant and the person come from the session only, so every answer is the employee's own data.
 * A user with role EMPLOYEE but no employee row is refused (403 'Tu usuario no está vinculado a un empleado').
 */
export async function loadSelf(db: Db, actor: Actor | null): Promise<Self> {
  if (!actor) throw new AppError('unauthorized');
  if (!actor.companyId) throw new AppError('forbidden', 'attendance.notEmployee');
  const [row] = await db
    .select({
      employee: employees,
      schedule: schedules,
      location: workLocations,
      department: { id: departments.id, name: departments.name },
      company: { id: companies.id, name: companies.name, timezone: companies.timezone, openRecordGraceHours: companies.openRecordGraceHours },
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, and(eq(schedules.id, employees.scheduleId), eq(schedules.companyId, employees.companyId)))
    .leftJoin(workLocations, and(eq(workLocations.id, schedules.locationId), eq(workLocations.companyId, employees.companyId)))
    .leftJoin(departments, and(eq(departments.id, employees.departmentId), eq(departments.companyId, employees.companyId)))
    .where(and(eq(employees.userId, actor.userId), eq(employees.companyId, actor.companyId), isNull(employees.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('forbidden', 'attendance.notEmployee');
  const schedule = row.schedule?.isActive ? row.schedule : null;
  return {
    employee: row.employee,
    schedule,
    location: schedule ? row.location : null,
    department: row.department?.id ? { id: row.department.id, name: row.department.name } : null,
    company: row.company,
  };
}
