import { type GeoPoint, type MessageKey, QR_PUNCH, type QrDisplayCode, type QrPunchResult } from '@presente/shared';
import { and, eq, lt } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { qrPunchUses, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { punch } from '../attendance/punch.service.js';
import { presentRecord } from '../attendance/read-model/record.js';
import { limitUserPunch, onePunchAtATime } from '../employee-area/punch-limits.js';
import { loadSelf } from '../employee-area/self.service.js';
import { signQrCode, stepStart, verifyQrCode } from './qr-code.js';

/** The URL a QR holds: the employee's punch page with the code (a phone's own camera app opens it). */
export const qrUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}${QR_PUNCH.path}?${QR_PUNCH.param}=${encodeURIComponent(code)}`;

/** The code a company's screen shows now for one of its work locations (another company's location: 404). */
export async function displayCode(ctx: Ctx, companyId: string, locationId: string, now = new Date()): Promise<QrDisplayCode> {
  const [location] = await ctx.db
    .select({ id: workLocations.id, name: workLocations.name })
    .from(workLocations)
    .where(and(eq(workLocations.id, locationId), eq(workLocations.companyId, companyId)));
  if (!location) throw new AppError('not_found', 'qrPunch.locationNotFound');
  const { code, step } = signQrCode(ctx.deps.sessionSecret, companyId, location.id, now);
  return {
    code,
    url: qrUrl(ctx.publicUrl, code),
    location,
    step,
    stepSeconds: QR_PUNCH.stepSeconds,
    refreshAt: stepStart(step + 1).toISOString(),
    expiresAt: stepStart(step + QR_PUNCH.graceSteps + 1).toISOString(),
    serverTime: now.toISOString(),
  };
}

/** The admin's screen at the entrance: the company comes from the session. */
export const adminDisplayCode = (ctx: Ctx, locationId: string, now = new Date()) => displayCode(ctx, requireCompany(ctx.actor), locationId, now);

/**
 * A punch by scanning a location's rotating QR (decision 0044), for the session's employee: a code signed for
 * their company, of this step or the previous one, of their schedule's location, never used by them before, on a
 * schedule that allows QR; the phone's position, when given, inside the location's fence. Then the same punch as
 * every other method (check-in when nothing is open today, else check-out), with method `qr_code`.
 */
export async function qrPunch(ctx: Ctx, input: { code: string; location?: GeoPoint | null }, now = new Date()) {
  if (!ctx.actor) throw new AppError('unauthorized');
  const { userId } = ctx.actor;
  await limitUserPunch(ctx.deps.limiter, userId);
  return onePunchAtATime(ctx.deps.limiter, userId, async () => {
    const self = await loadSelf(ctx.db, ctx.actor);
    const companyId = self.employee.companyId;
    const check = verifyQrCode(ctx.deps.sessionSecret, companyId, input.code, now);
    if (!check.ok) throw check.reason === 'expired' ? new AppError('qr_code_expired', 'qrPunch.expired') : new AppError('qr_code_invalid', 'qrPunch.invalid');
    const [location] = await ctx.db
      .select()
      .from(workLocations)
      .where(and(eq(workLocations.id, check.locationId), eq(workLocations.companyId, companyId)));
    if (!location) throw new AppError('qr_code_invalid', 'qrPunch.invalid'); // signed, but the location was deleted since
    const employeeId = self.employee.id;
    const result = await punch(ctx.db, ctx.deps, {
      companyId,
      employeeId,
      action: 'auto',
      method: 'qr_code',
      at: now,
      location: input.location ?? null,
      evidence: { qr: { locationId: location.id, step: check.step } },
      qr: {
        location,
        claim: async (tx) => {
          // Codes that can no longer be accepted need no row; this company's are swept as it punches.
          await tx.delete(qrPunchUses).where(and(eq(qrPunchUses.companyId, companyId), lt(qrPunchUses.expiresAt, now)));
          const [claimed] = await tx
            .insert(qrPunchUses)
            .values({ companyId, employeeId, codeMac: check.mac, expiresAt: check.expiresAt })
            .onConflictDoNothing()
            .returning({ id: qrPunchUses.id });
          if (!claimed) throw new AppError('qr_code_used', 'qrPunch.used');
        },
      },
    });
    const messageKey: MessageKey = result.repeated
      ? 'attendance.alreadyCheckedIn'
      : result.action === 'check_in'
        ? 'attendance.checkInSuccess'
        : 'attendance.checkOutSuccess';
    const data: QrPunchResult = {
      action: result.action,
      repeated: result.repeated,
      status: result.status,
      location: { id: location.id, name: location.name },
      record: presentRecord(result.record),
    };
    return { messageKey, data };
  });
}
