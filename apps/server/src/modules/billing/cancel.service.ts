/** Ending a subscription: the company admin's cancel, and the cancellations owed before the super admin deletes a company. */
import { translate } from '@presente/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { requireCompany } from '../../context.js';
import { subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { applyEvent, toLifecycle } from './apply.js';
import { conflict, currentSubscription, iso, providerFailure, SubscriptionNotFound } from './billing.common.js';
import { deadlines } from './lifecycle.js';
import { ProviderError } from './provider.js';
import { cancelOrOwe } from './stray.js';

/** Whether the provider says the subscription is over (so there is nothing left to cancel). */
async function alreadyOver(ctx: Ctx, id: string, err: unknown): Promise<boolean> {
  if (!(err instanceof ProviderError)) return false;
  if (err.status === 404) return true;
  if (err.status !== 422) return false;
  const remote = await ctx.deps.billing.getSubscription(id).catch(() => null);
  return remote?.status === 'CANCELLED' || remote?.status === 'EXPIRED';
}

/**
 * Before the super admin deletes a company (decision 0012): its running subscriptions (ACTIVE or
 * SUSPENDED) are cancelled at the provider, so nobody is charged for a company that no longer exists.
 * If the provider cannot confirm it, the deletion is refused (502, nothing deleted) and can be retried;
 * a subscription the provider no longer has or already ended counts as cancelled. A subscription still
 * waiting for approval is cancelled too when the provider allows it (an approval after the deletion
 * would otherwise charge). Simulator subscriptions charge nothing and are simply deleted with the company.
 */
export async function cancelSubscriptionsBeforeDeletion(ctx: Ctx, companyId: string) {
  const rows = await ctx.db.query.subscriptions.findMany({
    where: and(eq(subscriptions.companyId, companyId), inArray(subscriptions.status, ['ACTIVE', 'SUSPENDED', 'APPROVAL_PENDING'])),
  });
  const reason = 'Company deleted by the platform operator';
  for (const row of rows) {
    const running = row.status !== 'APPROVAL_PENDING';
    if (row.provider !== ctx.deps.billing.mode) {
      if (row.provider === 'paypal' && running) throw new AppError('bad_gateway', 'billing.deleteCancelOtherMode', { mode: 'PayPal' });
      continue;
    }
    if (!running) {
      // PayPal cancels only ACTIVE or SUSPENDED subscriptions: one still waiting for approval is owed a
      // cancellation, done as soon as it can be (its activation webhook, the daily reconcile job).
      await cancelOrOwe({ ...ctx.deps, log: ctx.log }, row.providerSubscriptionId, 'Company deleted by the platform operator before the approval');
      continue;
    }
    try {
      await ctx.deps.billing.cancelSubscription(row.providerSubscriptionId, reason);
      ctx.log.info({ companyId, subscription: row.providerSubscriptionId }, 'subscription cancelled before deleting the company');
    } catch (err) {
      if (await alreadyOver(ctx, row.providerSubscriptionId, err)) continue;
      ctx.log.error({ err, companyId, subscription: row.providerSubscriptionId }, 'company not deleted: its subscription could not be cancelled');
      throw new AppError('bad_gateway', 'billing.deleteCancelFailed');
    }
  }
}

/** POST /paypal/cancel-subscription: only from ACTIVE; Premium stays until the end of the paid period. */
export async function cancelSubscription(ctx: Ctx, reason: string | undefined, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const row = await currentSubscription(ctx.db, companyId);
  if (!row) throw new SubscriptionNotFound();
  if (row.status !== 'ACTIVE') throw conflict('billing.cancelOnlyActive');
  const why = reason?.trim() || translate('billing.cancelReasonDefault', ctx.lang);
  try {
    await ctx.deps.billing.cancelSubscription(row.providerSubscriptionId, why);
  } catch (err) {
    // Already cancelled at the provider (e.g. from the buyer's PayPal account): record it here too.
    const remote =
      err instanceof ProviderError && err.status === 422 ? await ctx.deps.billing.getSubscription(row.providerSubscriptionId).catch(() => null) : null;
    if (remote?.status !== 'CANCELLED') throw providerFailure(ctx, err, 'billing.providerError');
  }
  await applyEvent(ctx.deps, row.id, { type: 'cancelled', reason: why }, now, ctx.actor?.userId);
  const after = await ctx.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, row.id) });
  return { success: true as const, status: 'CANCELLED' as const, accessUntil: iso(after ? deadlines(toLifecycle(after)).accessUntil : null) };
}
