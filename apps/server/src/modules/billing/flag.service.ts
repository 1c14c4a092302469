/**
 * The "Revisar cobro" flag (decision 0041): a payment or subscription that disagreed with our price. The super
 * admin checks it in PayPal and closes the review here; the clearing is recorded in the company's activity log.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { companies, subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { companyNotFound, getCompany } from '../admin/companies.query.js';

/** DELETE /super-admin/companies/{id}/billing-flag: every flagged subscription of the company is cleared, once. */
export async function clearBillingFlag(ctx: Ctx, companyId: string, now = new Date()) {
  const company = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (!row) throw companyNotFound();
    const flagged = await tx
      .select({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId, reason: subscriptions.flagReason })
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, companyId), isNotNull(subscriptions.flaggedAt)));
    if (!flagged.length) throw new AppError('conflict', 'admin.billingFlagNone');
    await tx
      .update(subscriptions)
      .set({ flaggedAt: null, flagReason: null, updatedAt: now })
      .where(and(eq(subscriptions.companyId, companyId), isNotNull(subscriptions.flaggedAt)));
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor?.userId ?? null,
      type: 'admin_action',
      title: 'activity.billingFlagCleared',
      details: {
        billingFlagCleared: true,
        subscriptionIds: flagged.map((f) => f.providerSubscriptionId),
        reasons: flagged.map((f) => f.reason ?? ''),
      },
    });
    return getCompany(ctx, companyId, tx);
  });
  ctx.deps.events.emit(rooms.superAdmin(), 'company_update', { companyId, action: 'billing_flag_cleared' });
  return company;
}
