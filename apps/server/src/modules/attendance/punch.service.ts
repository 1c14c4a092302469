import { randomInt } from 'node:crypto';
import { arrivalStatus, fallbackStatus, type GeoPoint, toLocal, workDateFor, workHours } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { attendanceRecords, companies, employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { emitPersonal, rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { issueReceipt } from '../receipts/receipts.service.js';
import { queueAttendanceEvent } from '../webhooks/outbox.js';
import { appendChain } from './chain.js';
import { distanceMetres, insideGeofence } from './geo.js';
import { busy } from './punch-admission.js';

export type PunchAction = 'check_in' | 'check_out';
/** With `auto`, a mark within this time of the check-in repeats the check-in instead of checking out. */
export const AUTO_CHECKOUT_AFTER_MS = 2 * 60_000;
export type PunchMethod = 'web' | 'face_recognition' | 'qr_code';

export interface PunchRequest {
  companyId: string;
  employeeId: string;
  /** check_in / check_out as asked; `auto` checks in when there is nothing today, else out (face kiosk). */
  action: PunchAction | 'auto';
  method: PunchMethod;
  at?: Date;
  location?: GeoPoint | null;
  evidence?: Record<string, unknown>;
  /**
   * The rotating QR a `qr_code` punch scanned (decision 0044): the work location it was shown at, and the code's
   * use, recorded inside the punch's transaction (a replay refused there undoes the whole punch).
   */
  qr?: { location: typeof workLocations.$inferSelect; claim: (tx: Pick<Db, 'insert' | 'delete'>) => Promise<void> };
  /**
   * Epoch ms after which the client no longer waits (decision 0056): checked just before the transaction commits, so
   * a punch is answered in time or not written (503 + Retry-After, and the client tries again).
   */
  deadline?: number;
  /**
   * Runs inside the punch's transaction once the punch is written (a kiosk punch's review flag; decision 0061), so it
   * exists if and only if the punch does. Returns how many webhook deliveries it queued.
   */
  afterWrite?: (tx: Db, written: PunchWritten) => Promise<number>;
}

/** What an `afterWrite` hook is told of the punch just written. */
export interface PunchWritten {
  record: typeof attendanceRecords.$inferSelect;
  kind: PunchAction;
  at: Date;
  schedule: typeof schedules.$inferSelect | null;
  timezone: string;
}

/**
 * A test's view of the check-in race (decision 0064): `read` is awaited inside the transaction after the day's
 * row was read and before the insert (a barrier makes concurrent check-ins all read "no row" first), `lost` is
 * told when the insert met a concurrent one's row (the ON CONFLICT path). Absent in the product.
 */
export interface PunchRace {
  read?(tx: Db, found: boolean): Promise<void>;
  lost?(): void;
}

export interface PunchResult {
  action: PunchAction;
  /** True when the same punch had already been recorded (a retry or a double click). */
  repeated: boolean;
  record: typeof attendanceRecords.$inferSelect;
  status: string;
  employee: { id: string; name: string };
}

/** Past the client's deadline the transaction is rolled back: 503 and a Retry-After of a second or two (decision 0056). */
function assertInTime(deadline: number | undefined) {
  if (deadline !== undefined && Date.now() > deadline) throw busy(1 + randomInt(2));
}

/**
 * Records a check-in or check-out for an employee, applying the schedule's rules in the company's
 * timezone: manual marking allowed, geofence, the shift's work date (night shifts), arrival status and
 * hours. One transaction; a unique (employee, work date) row makes retries and races safe.
 */
export async function punch(db: Db, deps: Pick<AppDeps, 'events' | 'wakeJobs'> & { race?: PunchRace }, req: PunchRequest): Promise<PunchResult> {
  const at = req.at ?? new Date();
  const [row] = await db
    .select({ employee: employees, schedule: schedules, location: workLocations, timezone: companies.timezone, graceHours: companies.openRecordGraceHours })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .leftJoin(workLocations, eq(workLocations.id, schedules.locationId))
    .where(and(eq(employees.id, req.employeeId), eq(employees.companyId, req.companyId), isNull(employees.deletedAt)));
  if (!row) throw new AppError('not_found', 'attendance.notEmployee');
  const { employee, timezone } = row;
  const schedule = row.schedule?.isActive ? row.schedule : null;
  if (employee.status !== 'ACTIVE') throw new AppError('forbidden', 'attendance.employeeInactive');
  if (req.method === 'web' && schedule && !schedule.allowManualAttendance) throw new AppError('manual_not_allowed', 'attendance.onlyFace');

  let location = schedule ? row.location : null;
  if (req.method === 'qr_code') {
    if (!req.qr || !schedule?.allowQrAttendance) throw new AppError('qr_not_allowed', 'qrPunch.notAllowed');
    if (location && location.id !== req.qr.location.id) {
      throw new AppError('qr_wrong_location', 'qrPunch.wrongLocation', { location: req.qr.location.name, expected: location.name });
    }
    location = req.qr.location;
  }
  let distance: number | null = null;
  // The QR shown at the site is the proof of presence; the phone's position, when it gives one, must still be inside the fence.
  if (location && (req.location || req.method !== 'qr_code')) {
    if (!req.location) throw new AppError('location_required', 'attendance.locationRequired');
    distance = Math.round(distanceMetres(req.location, location));
    if (!insideGeofence(distance, location.allowedRadius, req.location.accuracy)) {
      throw new AppError('outside_geofence', 'attendance.outsideGeofence', { distance, radius: location.allowedRadius, location: location.name });
    }
  }

  // After midnight, the previous night shift is still open up to its end + the company's grace (as the close job uses).
  const date = workDateFor(at, schedule, timezone, row.graceHours * 60);
  const name = `${employee.firstName} ${employee.lastName}`;
  const geo = req.location ? { latitude: req.location.latitude, longitude: req.location.longitude, accuracy: req.location.accuracy ?? null, distance } : null;

  const receiptOf = { companyId: req.companyId, employeeId: employee.id, email: employee.email, method: req.method, place: location?.name ?? null };
  const result = await db.transaction(async (tx) => {
    await req.qr?.claim(tx);
    const [existing] = await tx
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, req.companyId), eq(attendanceRecords.employeeId, employee.id), eq(attendanceRecords.date, date)))
      .for('update');
    // A kiosk mark right after a check-in is the same person marking twice, not a check-out.
    if (req.action === 'auto' && existing?.checkIn && !existing.checkOut && at.getTime() - existing.checkIn.getTime() < AUTO_CHECKOUT_AFTER_MS) {
      return { action: 'check_in' as const, repeated: true, record: existing };
    }
    const wants: PunchAction = req.action === 'auto' ? (existing?.checkIn ? 'check_out' : 'check_in') : req.action;

    if (wants === 'check_in') {
      if (existing?.isPermission) throw new AppError('conflict', 'attendance.permissionDay');
      if (existing?.checkIn) return { action: wants, repeated: true, record: existing };
      await deps.race?.read?.(tx, existing !== undefined);
      const status = schedule ? arrivalStatus(at, schedule, date, timezone) : fallbackStatus({ checkIn: at });
      const values = {
        checkIn: at,
        status,
        method: req.method,
        checkInLatitude: geo?.latitude ?? null,
        checkInLongitude: geo?.longitude ?? null,
        evidence: { checkIn: { ...req.evidence, location: geo } },
      };
      // ON CONFLICT: a concurrent check-in of the same shift won the insert; this one becomes a repeat.
      const [inserted] = existing
        ? await tx.update(attendanceRecords).set(values).where(eq(attendanceRecords.id, existing.id)).returning()
        : await tx
            .insert(attendanceRecords)
            .values({ companyId: req.companyId, employeeId: employee.id, date, ...values })
            .onConflictDoNothing()
            .returning();
      if (!inserted) {
        deps.race?.lost?.();
        const [winner] = await tx
          .select()
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.companyId, req.companyId), eq(attendanceRecords.employeeId, employee.id), eq(attendanceRecords.date, date)));
        return { action: wants, repeated: true, record: winner };
      }
      const entry = await appendChain(tx, req.companyId, inserted.id, inserted.date, inserted);
      await issueReceipt(tx, { ...receiptOf, record: inserted, entry, kind: 'check_in' });
      const webhooks =
        (await queueAttendanceEvent(tx, 'attendance.recorded', inserted, { action: 'check_in' })) +
        ((await req.afterWrite?.(tx, { record: inserted, kind: 'check_in', at, schedule, timezone })) ?? 0);
      await logActivity(tx, {
        companyId: req.companyId,
        employeeId: employee.id,
        type: 'attendance_check_in',
        title: 'activity.checkIn',
        details: { date, checkIn: at.toISOString(), status, method: req.method, location: geo },
      });
      assertInTime(req.deadline); // the last moment to undo it: the client must still be waiting
      return { action: wants, repeated: false, record: inserted, webhooks };
    }

    if (!existing?.checkIn) throw new AppError('not_checked_in', 'attendance.notCheckedIn');
    if (existing.checkOut) throw new AppError('already_completed', 'attendance.alreadyCompleted');
    if (existing.incomplete) throw new AppError('already_completed', 'attendance.closedIncomplete');
    const hours = workHours({ checkIn: existing.checkIn, checkOut: at }, schedule, date, timezone);
    const [updated] = await tx
      .update(attendanceRecords)
      .set({
        checkOut: at,
        workHours: hours == null ? null : hours.toFixed(2),
        checkOutLatitude: geo?.latitude ?? null,
        checkOutLongitude: geo?.longitude ?? null,
        evidence: { ...(existing.evidence as object | null), checkOut: { ...req.evidence, location: geo } },
      })
      .where(eq(attendanceRecords.id, existing.id))
      .returning();
    const entry = await appendChain(tx, req.companyId, updated.id, updated.date, updated);
    await issueReceipt(tx, { ...receiptOf, record: updated, entry, kind: 'check_out' });
    const webhooks =
      (await queueAttendanceEvent(tx, 'attendance.recorded', updated, { action: 'check_out' })) +
      ((await req.afterWrite?.(tx, { record: updated, kind: 'check_out', at, schedule, timezone })) ?? 0);
    await logActivity(tx, {
      companyId: req.companyId,
      employeeId: employee.id,
      type: 'attendance_check_out',
      title: 'activity.checkOut',
      details: { date, checkOut: at.toISOString(), workHours: hours, method: req.method, location: geo },
    });
    assertInTime(req.deadline);
    return { action: wants, repeated: false, record: updated, webhooks };
  });

  if ('webhooks' in result && result.webhooks) deps.wakeJobs?.();
  if (!result.repeated) {
    const payload = { employeeId: employee.id, action: result.action, date, time: at.toISOString(), localTime: toLocal(at, timezone).time };
    emitPersonal(deps.events, req.companyId, employee.id, 'attendance_update', payload);
    deps.events.emit(rooms.employee(employee.id), 'activity_update', payload);
    deps.events.emit(rooms.superAdmin(), 'global_attendance_update', { companyId: req.companyId });
  }
  return { ...result, status: result.record.status ?? 'present', employee: { id: employee.id, name } };
}
