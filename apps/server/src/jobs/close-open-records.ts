import { localToInstant, shiftWindow } from '@presente/shared';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import { attendanceRecords, companies, employees, schedules } from '../db/schema/index.js';
import { logActivity } from '../modules/activity/activity.service.js';
import { appendChain } from '../modules/attendance/chain.js';
import { queueAttendanceEvent } from '../modules/webhooks/outbox.js';
import { emitPersonal, rooms } from '../realtime/events.js';

export const CLOSE_OPEN_RECORDS = 'close-open-records';
/** Without a schedule there is no shift end: the record's day ends, in the company's timezone, at noon of the next day. */
const NO_SCHEDULE_END_MINUTES = 36 * 60;

/**
 * Forgotten check-outs: a record still open at its shift's end plus the company's grace (default 4 h)
 * is closed as incomplete (no hours are invented), and the employee is told in their activity.
 */
export async function closeOpenRecords(deps: Pick<AppDeps, 'db' | 'events'>, now: Date) {
  const open = await deps.db
    .select({ r: attendanceRecords, s: schedules, timezone: companies.timezone, grace: companies.openRecordGraceHours })
    .from(attendanceRecords)
    .innerJoin(companies, eq(companies.id, attendanceRecords.companyId))
    // Joined on company_id too: the one platform-wide join stays local to a shard when distributed (decision 0051).
    .innerJoin(employees, and(eq(employees.companyId, attendanceRecords.companyId), eq(employees.id, attendanceRecords.employeeId)))
    .leftJoin(schedules, and(eq(schedules.companyId, employees.companyId), eq(schedules.id, employees.scheduleId)))
    .where(
      and(
        isNotNull(attendanceRecords.checkIn),
        isNull(attendanceRecords.checkOut),
        eq(attendanceRecords.incomplete, false),
        eq(attendanceRecords.isPermission, false),
        // A closed company's register is read-only (decision 0034): its open records stay as they were.
        isNull(companies.closedAt),
        // Cheap pre-filter; the exact shift end is checked below.
        lte(attendanceRecords.checkIn, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  let closed = 0;
  for (const { r, s, timezone, grace } of open) {
    const end = s ? shiftWindow(s, r.date, timezone).end : localToInstant(r.date, NO_SCHEDULE_END_MINUTES, timezone);
    if (now.getTime() < end.getTime() + grace * 3600_000) continue;
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(attendanceRecords)
        .set({ incomplete: true })
        .where(and(eq(attendanceRecords.id, r.id), isNull(attendanceRecords.checkOut), eq(attendanceRecords.incomplete, false)))
        .returning();
      if (!row) return false;
      await appendChain(tx, row.companyId, row.id, row.date, row);
      await queueAttendanceEvent(tx, 'attendance.changed', row, { action: 'closed_incomplete' });
      await logActivity(tx, {
        companyId: r.companyId,
        employeeId: r.employeeId,
        type: 'attendance',
        title: 'activity.incompleteShift',
        description: 'activity.incompleteShiftDetail',
        details: { date: r.date, checkIn: r.checkIn?.toISOString(), status: 'incomplete' },
      });
      return true;
    });
    if (!done) continue;
    closed += 1;
    emitPersonal(deps.events, r.companyId, r.employeeId, 'attendance_update', { employeeId: r.employeeId, date: r.date, action: 'incomplete' });
    deps.events.emit(rooms.employee(r.employeeId), 'activity_update', { employeeId: r.employeeId, date: r.date, action: 'incomplete' });
  }
  return closed;
}
