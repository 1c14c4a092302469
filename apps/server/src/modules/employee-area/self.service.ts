import { and, eq, isNull, sql } from 'drizzle-orm';
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
  let read = selfReads.get(db);
  if (!read) {
    read = prepareSelfRead(db);
    selfReads.set(db, read);
  }
  const [row] = await read.execute({ userId: actor.userId, companyId: actor.companyId });
  const self = row && selfOfRow(row);
  if (!self) throw new AppError('forbidden', 'attendance.notEmployee');
  return self;
}

/** What `loadSelf` selects; the session read selects the same beside the session (plugins/auth.ts). */
export const selfColumns = {
  employee: employees,
  schedule: schedules,
  location: workLocations,
  department: { id: departments.id, name: departments.name },
  company: { id: companies.id, name: companies.name, timezone: companies.timezone, openRecordGraceHours: companies.openRecordGraceHours },
};

type SelfRow = {
  employee: typeof employees.$inferSelect | null;
  schedule: ScheduleRow | null;
  location: LocationRow | null;
  department: { id: string; name: string } | null;
  company: Self['company'] | null;
};

/** The Self of a row selected with `selfColumns`; null when the row has no employee. */
export function selfOfRow(row: SelfRow): Self | null {
  if (!row.employee || !row.company) return null;
  const schedule = row.schedule?.isActive ? row.schedule : null;
  return {
    employee: row.employee,
    schedule,
    location: schedule ? row.location : null,
    department: row.department?.id ? { id: row.department.id, name: row.department.name } : null,
    company: row.company,
  };
}

/** Built once per database handle (a company's handle is one object per company): no query building per request. */
const selfReads = new WeakMap<Db, ReturnType<typeof prepareSelfRead>>();
function prepareSelfRead(db: Db) {
  return db
    .select(selfColumns)
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, and(eq(schedules.id, employees.scheduleId), eq(schedules.companyId, employees.companyId)))
    .leftJoin(workLocations, and(eq(workLocations.id, schedules.locationId), eq(workLocations.companyId, employees.companyId)))
    .leftJoin(departments, and(eq(departments.id, employees.departmentId), eq(departments.companyId, employees.companyId)))
    .where(and(eq(employees.userId, sql.placeholder('userId')), eq(employees.companyId, sql.placeholder('companyId')), isNull(employees.deletedAt)))
    .limit(1)
    .prepare('presente_self_read');
}
