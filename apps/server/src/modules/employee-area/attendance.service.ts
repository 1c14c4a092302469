import { type GeoPoint, type MessageKey, pagination, toLocal, workDateFor } from '@presente/shared';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AppDeps, Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { attendanceRecords } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type KnownEmployee, type PunchAction, type PunchRequest, punch } from '../attendance/punch.service.js';
import type { PunchTurn } from '../attendance/punch-gate.js';
import { loadDays } from '../attendance/read-model/employee-days.js';
import { employeeReport } from '../attendance/read-model/employee-report.js';
import { presentRecord } from '../attendance/read-model/record.js';
import { scheduleView } from './presenters.js';
import { limitUserPunch, onePunchAtATime } from './punch-limits.js';
import { loadSelf } from './self.service.js';

/**
 * Today's attendance card (spec §2 Attendance tab, §4 day flow): the work date of "now" in the company's
 * timezone (a night shift after midnight is still the shift that started yesterday), its record and
 * which button applies. `manualAllowed` false means 'Solo Facial'; `requiresLocation` asks for GPS.
 */
export async function todayAttendance(ctx: Ctx, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const { timezone } = self.company;
  const date = workDateFor(now, self.schedule, timezone, self.company.openRecordGraceHours * 60);
  const book = await loadDays(ctx.db, self, date, date, now);
  const record = book.records.get(date) ?? null;
  const active = self.employee.status === 'ACTIVE';
  const manualAllowed = !self.schedule || self.schedule.allowManualAttendance;
  const checkedIn = !!record?.checkIn;
  const checkedOut = !!record?.checkOut;
  return {
    date,
    record: record ? { ...presentRecord(record, ctx.lang, 'employee', book.status(date)), workHours: book.hours(date) } : null,
    status: book.status(date),
    holiday: book.holiday(date),
    canCheckIn: active && manualAllowed && !checkedIn && !record?.isPermission,
    canCheckOut: active && manualAllowed && checkedIn && !checkedOut,
    completed: checkedIn && checkedOut,
    manualAllowed,
    /** The schedule lets this employee mark by scanning a site's rotating QR (decision 0044). */
    qrAllowed: active && !!self.schedule?.allowQrAttendance,
    requiresLocation: !!self.location,
    schedule: scheduleView(self.schedule),
    serverTime: now.toISOString(),
    localTime: toLocal(now, timezone).time,
    timezone,
  };
}

export interface SelfRef {
  companyId: string;
  employeeId: string;
  /** The employee as `loadSelf` read it in this request: the punch does not read it again (decision 0068). */
  known?: KnownEmployee;
}

/**
 * A check-in or check-out from the employee area (HTTP or socket): the shared punch core with method
 * 'web', so 'Solo Facial', the geofence and the day rules are the same everywhere. A repeated check-in
 * answers the existing record with 'Ya registraste tu entrada hoy'.
 */
export async function punchSelf(
  db: Db,
  deps: Pick<AppDeps, 'events'>,
  self: SelfRef,
  action: PunchAction,
  location?: GeoPoint | null,
  turn: Pick<PunchRequest, 'deadline' | 'abandoned' | 'seen'> = {},
) {
  const result = await punch(db, deps, {
    companyId: self.companyId,
    employeeId: self.employeeId,
    action,
    method: 'web',
    location: location ?? null,
    ...turn,
    known: self.known,
  });
  const messageKey: MessageKey = result.repeated
    ? 'attendance.alreadyCheckedIn'
    : action === 'check_in'
      ? 'attendance.checkInSuccess'
      : 'attendance.checkOutSuccess';
  return {
    messageKey,
    repeated: result.repeated,
    data: { action: result.action, repeated: result.repeated, status: result.status, record: presentRecord(result.record) },
  };
}

/**
 * The HTTP form: the employee comes from the session. The user's punch limit is counted before any database
 * work, and the punch runs only when no other punch of theirs is in flight (punch-limits.ts). It is written only
 * before the turn's deadline (epoch ms) and while its client still waits (the admission gate set it: punch-gate.ts).
 */
export async function punchFromSession(
  ctx: Ctx,
  action: PunchAction,
  location: GeoPoint | null | undefined,
  turn?: Pick<PunchTurn, 'deadline' | 'abandoned' | 'seen'>,
) {
  if (!ctx.actor) throw new AppError('unauthorized');
  const { userId } = ctx.actor;
  await limitUserPunch(ctx.deps.limiter, userId);
  return onePunchAtATime(ctx.deps.limiter, userId, async () => {
    // Read with the session in this request when it came over HTTP (one statement fewer; decision 0068).
    const self = ctx.self ?? (await loadSelf(ctx.db, ctx.actor));
    const known = {
      employee: self.employee,
      schedule: self.schedule,
      location: self.location,
      timezone: self.company.timezone,
      graceHours: self.company.openRecordGraceHours,
    };
    return punchSelf(
      ctx.db,
      ctx.deps,
      { companyId: self.employee.companyId, employeeId: self.employee.id, known },
      action,
      location,
      turn && { deadline: turn.deadline, abandoned: () => !!turn.abandoned, seen: turn.seen },
    );
  });
}

/**
 * The employee's records, newest first (spec §2 History), each with its status and hours by the shared
 * rules (as the admin's calendar shows them), method, notes, permission flag and the holiday of that date.
 */
export async function attendanceHistory(ctx: Ctx, q: { page: number; limit: number; startDate?: string; endDate?: string }, now = new Date()) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const filters: (SQL | undefined)[] = [eq(attendanceRecords.companyId, self.employee.companyId), eq(attendanceRecords.employeeId, self.employee.id)];
  if (q.startDate) filters.push(gte(attendanceRecords.date, q.startDate));
  if (q.endDate) filters.push(lte(attendanceRecords.date, q.endDate));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(attendanceRecords)
      .where(where)
      .orderBy(desc(attendanceRecords.date), desc(attendanceRecords.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(attendanceRecords).where(where),
  ]);
  // Judged like the admin's calendar (the rules of each day's period), not the status stored when it was written.
  const book = rows.length ? await loadDays(ctx.db, self, rows.at(-1)!.date, rows[0].date, now, rows) : null;
  const data = rows.map((r) => ({
    ...presentRecord(r, ctx.lang),
    status: book!.status(r.date),
    workHours: book!.hours(r.date),
    holiday: book!.holiday(r.date),
  }));
  return { data, pagination: pagination(q.page, q.limit, total) };
}

/** The employee's own report over a period (the read model's employeeReport, as the admin's). */
export async function ownReport(ctx: Ctx, q: { startDate: string; endDate: string }) {
  return employeeReport(ctx.db, await loadSelf(ctx.db, ctx.actor), q.startDate, q.endDate, { lang: ctx.lang, reader: 'employee' });
}
