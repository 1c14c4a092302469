import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import type { Kiosk } from './pairing.service.js';

/**
 * Refusals per identity (decision 0033): a face the index recognises in a refused mark (liveness failed) counts
 * for that employee, whichever paired kiosk sent it; the fifth within 3 minutes makes that identity wait until
 * the window ends, on every kiosk of the company, and tells the admin (activity log + `kiosk_alert`). Other
 * people and other kiosks go on.
 */
export const IDENTITY_LIMIT = { refusals: 5, windowMinutes: 3 } as const;

const keyOf = (companyId: string, employeeId: string) => `kiosk:identity:${companyId}:${employeeId}`;

export async function countIdentityRefusal(ctx: Ctx, companyId: string, employeeId: string, kiosk: Kiosk) {
  const count = await ctx.deps.limiter.hit(keyOf(companyId, employeeId), IDENTITY_LIMIT.windowMinutes * 60_000);
  if (count !== IDENTITY_LIMIT.refusals) return;
  const [employee] = await ctx.db
    .select({ firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)));
  const details = { kioskName: kiosk.name, kioskId: kiosk.id, attempts: count, minutes: IDENTITY_LIMIT.windowMinutes };
  await logActivity(ctx.db, {
    companyId,
    employeeId,
    type: 'admin_action',
    title: 'activity.faceIdentityLocked',
    description: 'activity.faceIdentityLockedDetail',
    details,
  });
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'kiosk_alert', {
    kind: 'identity_locked',
    employeeId,
    employeeName: employee ? `${employee.firstName} ${employee.lastName}` : null,
    ...details,
  });
}

/** 429 identity_cooldown while this employee has five refusals in the window. */
export async function assertIdentityFree(ctx: Ctx, companyId: string, employeeId: string) {
  if ((await ctx.deps.limiter.count(keyOf(companyId, employeeId))) >= IDENTITY_LIMIT.refusals) {
    throw new AppError('identity_cooldown', 'face.identityCooldown', { minutes: IDENTITY_LIMIT.windowMinutes });
  }
}
