/**
 * One punch in a transaction of its own: check-outs, kiosk marks (`auto`, the review hook), QR punches, and a
 * check-in whose batch failed (punch-batch.ts). The rules were checked by `preparePunch` (punch.service.ts).
 */
import { arrivalStatus, fallbackStatus, workHours } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attendanceRecords } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { logActivity } from '../activity/activity.service.js';
import { issueReceipt } from '../receipts/receipts.service.js';
import { queueAttendanceEvent } from '../webhooks/outbox.js';
import { appendChain } from './chain.js';
import { AUTO_CHECKOUT_AFTER_MS, type PreparedPunch, type PunchAction, type PunchRace, type WriteResult } from './punch.service.js';
import { assertInTime } from './punch-admission.js';

export async function writeOne(db: Db, race: PunchRace | undefined, p: PreparedPunch): Promise<WriteResult> {
  const { req, at, employee, schedule, timezone, date, geo, receiptOf } = p;
  return db.transaction(async (tx) => {
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
      // Stryker disable next-line OptionalChaining,ConditionalExpression: the test's race hook (PunchRace), absent in the product
      await race?.read?.(tx, existing !== undefined);
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
        // Stryker disable next-line OptionalChaining: the test's race hook (PunchRace), absent in the product
        race?.lost?.();
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
      assertInTime(req.deadline, req.abandoned); // the last moment to undo it: the client must still be waiting
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
    assertInTime(req.deadline, req.abandoned);
    return { action: wants, repeated: false, record: updated, webhooks };
  });
}
