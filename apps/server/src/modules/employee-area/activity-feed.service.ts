import { addDays, type EmployeeActivityFilter, localToInstant, pagination } from '@presente/shared';
import { and, desc, eq, gte, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { activityLog, users } from '../../db/schema/index.js';
import { presentActivityEntry } from './presenters.js';
import { loadSelf } from './self.service.js';

/** Attendance = the attendance types (attendance, attendance_*) and the legacy check_in/check_out names. */
const attendanceTypes = () =>
  or(eq(activityLog.type, 'attendance'), like(activityLog.type, 'attendance\\_%'), inArray(activityLog.type, ['check_in', 'check_out']));
/** Admin actions = what an administrator did to the employee's data (spec §3 activity types). */
const adminTypes = () =>
  or(
    inArray(activityLog.type, [
      'attendance_edit',
      'permission_granted',
      'permission',
      'admin_action',
      'schedule_changed',
      'schedule_change',
      'profile_updated',
    ]),
    like(activityLog.type, 'employee\\_%'),
  );

/**
 * The employee's own activity (spec §2 Activity tab), newest first, with the name of the administrator
 * who acted when there is one, titles in the request's language (entries store catalogue keys).
 * startDate/endDate are local days in the company's timezone, inclusive.
 */
export async function employeeActivity(ctx: Ctx, q: { filter: EmployeeActivityFilter; page: number; limit: number; startDate?: string; endDate?: string }) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const { timezone } = self.company;
  const filters: (SQL | undefined)[] = [eq(activityLog.companyId, self.employee.companyId), eq(activityLog.employeeId, self.employee.id)];
  if (q.filter === 'attendance') filters.push(attendanceTypes());
  if (q.filter === 'admin_actions') filters.push(adminTypes());
  if (q.startDate) filters.push(gte(activityLog.createdAt, localToInstant(q.startDate, 0, timezone)));
  if (q.endDate) filters.push(lt(activityLog.createdAt, localToInstant(addDays(q.endDate, 1), 0, timezone)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ entry: activityLog, adminName: users.name })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.actorUserId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(activityLog).where(where),
  ]);
  const data = rows.map(({ entry, adminName }) => presentActivityEntry(entry, adminName, ctx.lang));
  return { data, pagination: pagination(q.page, q.limit, total), timezone };
}
