import { FACE_LIMITS } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { kioskDevices } from '../../db/schema/index.js';

/** Seconds this paired kiosk still waits after five face failures in a row (decision 0033); 0 when it does not. */
export async function cooldownLeft(ctx: Ctx, linkId: string, deviceKey: string): Promise<number> {
  const [d] = await ctx.db
    .select()
    .from(kioskDevices)
    .where(and(eq(kioskDevices.linkId, linkId), eq(kioskDevices.deviceKey, deviceKey)));
  return d?.cooldownUntil ? Math.ceil((d.cooldownUntil.getTime() - Date.now()) / 1000) : 0;
}

/**
 * One more failure in a row for this kiosk (the fifth starts the cool-down). A kiosk is paired by the admin, so
 * unlike the old cookie it cannot be renewed at will, and the IP's failures no longer count (decision 0033).
 */
export async function recordFailure(ctx: Ctx, companyId: string, linkId: string, deviceKey: string) {
  const [d] = await ctx.db
    .insert(kioskDevices)
    .values({ linkId, deviceKey, companyId, failures: 1 })
    .onConflictDoUpdate({ target: [kioskDevices.linkId, kioskDevices.deviceKey], set: { failures: sql`${kioskDevices.failures} + 1`, updatedAt: new Date() } })
    .returning();
  if (d.failures >= FACE_LIMITS.failuresBeforeCooldown) {
    await ctx.db
      .update(kioskDevices)
      .set({ failures: 0, cooldownUntil: new Date(Date.now() + FACE_LIMITS.cooldownSeconds * 1000) })
      .where(and(eq(kioskDevices.linkId, linkId), eq(kioskDevices.deviceKey, deviceKey)));
  }
}
