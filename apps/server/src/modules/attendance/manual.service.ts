import {
  addDays,
  HHMM,
  isNightShift,
  localToInstant,
  type manualAttendanceInput,
  parseHhmm,
  periodOn,
  recordStatus,
  toLocal,
  translate,
  workHours,
} from '@presente/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { attendanceRecords, companies, employees, schedules } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { emitPersonal, rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { changeValues, recordManualChange } from '../manual-changes/manual-changes.record.js';
import { issueReceipt } from '../receipts/receipts.service.js';
import { queueAttendanceDeleted, queueAttendanceEvent } from '../webhooks/outbox.js';
import { appendChain } from './chain.js';
import { loadPeriods, periodsOf } from './read-model/periods.js';
import { presentRecord } from './read-model/record.js';

type Input = z.output<typeof manualAttendanceInput>;

/**
 * The employee and the rules of the record's day: the schedule of the period that applied on `date`
 * (docs/decisions/0013-attendance-history.md), so editing last month's record judges it by last month's rules.
 * A deleted employee's existing records can still be edited or deleted (`includeDeleted`), not new ones made.
 */
async function employeeContext(db: Ctx['db'], companyId: string, employeeId: string, date: string, includeDeleted = false) {
  const [row] = await db
    .select({ e: employees, s: schedules, timezone: companies.timezone })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId), includeDeleted ? undefined : isNull(employees.deletedAt)));
  if (!row) throw new AppError('not_found', 'employee.notFound');
  const periods = await loadPeriods(db, companyId, [employeeId], date, date);
  const period = periodOn(periodsOf(periods, { ...row.e, schedule: row.s }), date);
  return { employee: row.e, schedule: period?.schedule ?? null, timezone: row.timezone };
}

/**
 * "HH:mm" in the company's timezone on the work date, or an ISO timestamp. With `rollAfter` (a night
 * shift's check-out), a time earlier than the check-in is the next morning; on any other shift it stays
 * on the work date, and computeValues refuses a check-out before the check-in.
 */
function toInstant(value: string | null, date: string, timezone: string, rollAfter?: Date | null): Date | null {
  if (!value) return null;
  if (!HHMM.test(value)) return new Date(value);
  let instant = localToInstant(date, parseHhmm(value), timezone);
  if (rollAfter && instant < rollAfter) instant = localToInstant(date, parseHhmm(value) + 1440, timezone);
  return instant;
}

/** The values a manual record gets from the form: permission defaults, status and hours by the rules. */
function computeValues(
  input: Input & { reason: string },
  schedule: Awaited<ReturnType<typeof employeeContext>>['schedule'],
  timezone: string,
  lang: Ctx['lang'],
) {
  const checkInText = (input.isPermission ? (input.checkIn ?? schedule?.startTime) : input.checkIn) ?? null;
  const checkOutText = (input.isPermission ? (input.checkOut ?? schedule?.endTime) : input.checkOut) ?? null;
  const checkIn = toInstant(checkInText, input.date, timezone);
  // Only a night shift (end <= start) crosses midnight: 22:00 -> 06:00 ends the next day, 18:00 -> 09:00 on a day shift is a mistake.
  const checkOut = toInstant(checkOutText, input.date, timezone, schedule && isNightShift(schedule) ? checkIn : null);
  // A full timestamp must belong to the work date: from the day before (an early arrival for a shift at midnight)
  // to the day after (a night shift's check-out), in the company's timezone. "HH:mm" is on the date by construction.
  const from = localToInstant(addDays(input.date, -1), 0, timezone);
  const to = localToInstant(addDays(input.date, 2), 0, timezone);
  for (const [path, text, instant] of [
    ['checkIn', checkInText, checkIn],
    ['checkOut', checkOutText, checkOut],
  ] as const)
    if (instant && text && !HHMM.test(text) && (instant < from || instant >= to))
      throw new AppError('validation_failed', 'attendance.timeOutsideDate', {}, [{ path, message: 'attendance.timeOutsideDate' }]);
  if (checkIn && checkOut && checkOut <= checkIn)
    throw new AppError('validation_failed', 'attendance.checkOutBeforeIn', {}, [{ path: 'checkOut', message: 'attendance.checkOutBeforeIn' }]);
  const notes = input.notes ?? (input.isPermission ? translate('attendance.permissionNote', lang) : null);
  // The same order the readers judge by (permission, 🎄, arrival); stored as the write-time answer.
  const status = recordStatus({ checkIn, notes, isPermission: input.isPermission }, schedule, input.date, timezone);
  const hours = checkIn && checkOut ? workHours({ checkIn, checkOut }, schedule, input.date, timezone) : null;
  return {
    checkIn,
    checkOut,
    status,
    workHours: hours == null ? null : hours.toFixed(2),
    isPermission: input.isPermission,
    // Without `unpaid` (a spec client, or an edit that does not say) a permission keeps what it was; a new one is paid.
    ...(input.isPermission ? (input.unpaid === undefined ? {} : { permissionUnpaid: input.unpaid }) : { permissionUnpaid: false }),
    notes,
    isManual: true,
    manualReason: input.reason,
    incomplete: false,
  };
}

/**
 * The reason a manual change is recorded with: the one given; for a spec client that sends none (§7's payload has
 * `notes`), the notes; else "sin motivo indicado" in the author's language (decision 0046). The web form always asks.
 */
function reasonOf(ctx: Ctx, reason: string | undefined, notes?: string | null) {
  return (reason || notes?.trim() || translate('attendance.reasonNotGiven', ctx.lang)).slice(0, 500);
}

/** What the activity log keeps of a record: the same values a manual change keeps. */
const snapshot = changeValues;

function emitChange(ctx: Ctx, companyId: string, employeeId: string, date: string, action: string) {
  // A manual change may have queued webhook deliveries (cheap when none did: the runner finds nothing due).
  ctx.deps.wakeJobs?.();
  emitPersonal(ctx.deps.events, companyId, employeeId, 'attendance_update', { employeeId, date, action });
  ctx.deps.events.emit(rooms.employee(employeeId), 'activity_update', { employeeId, date, action });
}

/**
 * The receipt of a manual entry (decision 0053): its code also goes in the manual-change mail, so no second mail.
 * A permission is not a punch (decision 0037): no receipt.
 */
async function manualReceipt(
  tx: Parameters<typeof issueReceipt>[0],
  companyId: string,
  employee: { id: string },
  record: typeof attendanceRecords.$inferSelect,
  entry: { seq: number; hash: string },
) {
  if (record.isPermission) return null;
  return issueReceipt(tx, { companyId, employeeId: employee.id, email: null, record, entry, kind: 'manual', method: 'manual', place: null });
}

/** Creates a record by hand (or a justified permission); the reason and values go to the activity log. */
export async function createManual(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  const { employee, schedule, timezone } = await employeeContext(ctx.db, companyId, input.employeeId, input.date);
  if (input.date > toLocal(new Date(), timezone).date)
    throw new AppError('validation_failed', 'attendance.futureDate', {}, [{ path: 'date', message: 'attendance.futureDate' }]);
  const reason = reasonOf(ctx, input.reason, input.notes);
  const values = computeValues({ ...input, reason }, schedule, timezone, ctx.lang);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(attendanceRecords)
        .values({ companyId, employeeId: employee.id, date: input.date, method: 'manual', ...values })
        .returning();
      const entry = await appendChain(tx, companyId, created.id, created.date, created);
      const receiptCode = await manualReceipt(tx, companyId, employee, created, entry);
      await queueAttendanceEvent(tx, 'attendance.recorded', created, { action: 'created', reason });
      await logActivity(tx, {
        companyId,
        employeeId: employee.id,
        actorUserId: ctx.actor!.userId,
        type: input.isPermission ? 'permission_granted' : 'attendance_edit',
        title: input.isPermission ? 'activity.permissionRecorded' : 'activity.createdByAdmin',
        details: { date: input.date, changes: snapshot(created), previousValues: null, reason, method: 'manual' },
      });
      await recordManualChange(tx, ctx, {
        companyId,
        employeeId: employee.id,
        recordId: created!.id,
        date: input.date,
        action: 'created',
        reason,
        previous: null,
        next: created,
        receiptCode,
      });
      return created;
    });
    emitChange(ctx, companyId, employee.id, input.date, 'created');
    return presentRecord(row, ctx.lang, 'admin');
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'attendance.exists');
    throw err;
  }
}

/** Edits a record; the previous values and the reason are kept in the activity log. */
/**
 * `within` runs first inside the change's transaction with the locked row (a punch review resolved by its annulment,
 * decision 0061): it commits with the change or undoes it by throwing.
 */
export type WithinChange = (tx: Db, current: typeof attendanceRecords.$inferSelect) => Promise<void>;

export async function updateManual(ctx: Ctx, id: string, input: Input, within?: WithinChange) {
  const companyId = requireCompany(ctx.actor);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.id, id), eq(attendanceRecords.companyId, companyId)))
      .for('update');
    if (!current) throw new AppError('not_found', 'attendance.notFound');
    await within?.(tx, current);
    const { employee, schedule, timezone } = await employeeContext(tx, companyId, current.employeeId, current.date, true);
    const reason = reasonOf(ctx, input.reason, input.notes);
    const values = computeValues({ ...input, reason, date: current.date }, schedule, timezone, ctx.lang);
    const [updated] = await tx.update(attendanceRecords).set(values).where(eq(attendanceRecords.id, id)).returning();
    const entry = await appendChain(tx, companyId, updated.id, updated.date, updated);
    const receiptCode = await manualReceipt(tx, companyId, employee, updated, entry);
    await queueAttendanceEvent(tx, 'attendance.changed', updated, { action: 'updated', reason });
    await logActivity(tx, {
      companyId,
      employeeId: current.employeeId,
      actorUserId: ctx.actor!.userId,
      type: input.isPermission ? 'permission_granted' : 'attendance_edit',
      title: 'activity.editedByAdmin',
      details: { date: current.date, changes: snapshot(updated), previousValues: snapshot(current), reason, method: 'manual' },
    });
    await recordManualChange(tx, ctx, {
      companyId,
      employeeId: current.employeeId,
      recordId: id,
      date: current.date,
      action: 'updated',
      reason,
      previous: current,
      next: updated,
      receiptCode,
    });
    return updated;
  });
  emitChange(ctx, companyId, row.employeeId, row.date, 'updated');
  return presentRecord(row, ctx.lang, 'admin');
}

/**
 * Deletes a record: in the same transaction the whole row moves to `attendance_archive` with who, when
 * and why (kept like the records, 5 years; decision 0008), and the activity log keeps its contents. It no
 * longer counts anywhere and a new record can be made for that day.
 */
export async function deleteManual(ctx: Ctx, id: string, given?: string, within?: WithinChange) {
  const companyId = requireCompany(ctx.actor);
  const reason = reasonOf(ctx, given);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.id, id), eq(attendanceRecords.companyId, companyId)))
      .for('update');
    if (!current) throw new AppError('not_found', 'attendance.notFound');
    await within?.(tx, current);
    // The row as the database holds it (every column, evidence included), not as this code knows it.
    await tx.execute(sql`
      insert into attendance_archive (id, company_id, employee_id, date, record, deleted_by_user_id, reason)
      select r.id, r.company_id, r.employee_id, r.date, to_jsonb(r), ${ctx.actor!.userId}::uuid, ${reason}
      from attendance_records r where r.id = ${id}::uuid and r.company_id = ${companyId}::uuid`);
    await tx.delete(attendanceRecords).where(eq(attendanceRecords.id, id));
    await appendChain(tx, companyId, id, current.date, null);
    await queueAttendanceDeleted(tx, current, reason);
    await logActivity(tx, {
      companyId,
      employeeId: current.employeeId,
      actorUserId: ctx.actor!.userId,
      type: 'attendance_edit',
      title: 'activity.deletedByAdmin',
      details: {
        date: current.date,
        changes: null,
        previousValues: snapshot(current),
        deletedRecord: { ...current, evidence: current.evidence ?? null },
        reason,
        method: 'manual',
      },
    });
    await recordManualChange(tx, ctx, {
      companyId,
      employeeId: current.employeeId,
      recordId: id,
      date: current.date,
      action: 'deleted',
      reason,
      previous: current,
      next: null,
    });
    return current;
  });
  emitChange(ctx, companyId, row.employeeId, row.date, 'deleted');
}
