import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, faceProfiles } from '../../db/schema/index.js';

type Used = Record<'schedules' | 'locations' | 'links', { used: number }>;

/**
 * The overview's "first steps" of a new company (walk-through finding 10), each true once done, read from
 * what the company really has: a schedule, a work location, an employee, a face enrolled for a current
 * employee, a kiosk link. A documented extension of GET /dashboard (decision 0036).
 */
export async function firstSteps(db: Db, companyId: string, usage: Used, employeeCount: number) {
  const [faces] = await db
    .select({ n: count() })
    .from(faceProfiles)
    .innerJoin(employees, eq(employees.id, faceProfiles.employeeId))
    .where(and(eq(faceProfiles.companyId, companyId), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
  return {
    schedule: usage.schedules.used > 0,
    location: usage.locations.used > 0,
    employees: employeeCount > 0,
    faces: (faces?.n ?? 0) > 0,
    kioskLink: usage.links.used > 0,
  };
}
