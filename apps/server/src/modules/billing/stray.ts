/**
 * No stray charges (decision 0041): a subscription that must stop is cancelled at the provider, and when
 * the provider will not cancel it yet (PayPal cancels only ACTIVE or SUSPENDED subscriptions, so not one
 * waiting for approval) the cancellation is owed: recorded in billing_cancellations and retried by the
 * daily reconcile job and by the activation webhook, until it is done or the subscription is over.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingCancellations } from '../../db/schema/index.js';
import type { Deps } from './apply.js';
import { ProviderError } from './provider.js';

type Log = { log?: { warn: (o: object, m: string) => void; info?: (o: object, m: string) => void } };

/** Records that a subscription must be cancelled at the provider (idempotent). */
export async function oweCancellation(db: Db, provider: 'paypal' | 'simulator', providerSubscriptionId: string, reason: string) {
  await db.insert(billingCancellations).values({ provider, providerSubscriptionId, reason }).onConflictDoNothing();
}

/**
 * Cancels now when the provider can; otherwise owes it. 'cancelled': done (or already over at the
 * provider); 'owed': not cancellable yet or the provider failed, retried later.
 */
export async function cancelOrOwe(deps: Deps & Log, providerSubscriptionId: string, reason: string, now = new Date()): Promise<'cancelled' | 'owed'> {
  const provider = deps.billing.mode;
  let outcome: 'cancelled' | 'owed' = 'owed';
  let error: string | null = null;
  const [previous] = await deps.db
    .select({ attempts: billingCancellations.attempts })
    .from(billingCancellations)
    .where(and(eq(billingCancellations.provider, provider), eq(billingCancellations.providerSubscriptionId, providerSubscriptionId)));
  try {
    // Each attempt is its own logical call (PayPal would replay a refusal to the same PayPal-Request-Id).
    await deps.billing.cancelSubscription(providerSubscriptionId, reason, `${reason}|attempt ${previous?.attempts ?? 0}`);
    outcome = 'cancelled';
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    if (err instanceof ProviderError && err.status === 404) outcome = 'cancelled';
    else if (err instanceof ProviderError && err.status === 422) {
      const remote = await deps.billing.getSubscription(providerSubscriptionId).catch(() => null);
      if (remote?.status === 'CANCELLED' || remote?.status === 'EXPIRED') outcome = 'cancelled';
    }
  }
  await oweCancellation(deps.db, provider, providerSubscriptionId, reason);
  await deps.db
    .update(billingCancellations)
    .set({
      attempts: sql`${billingCancellations.attempts} + 1`,
      lastAttemptAt: now,
      lastError: outcome === 'cancelled' ? null : error,
      ...(outcome === 'cancelled' ? { doneAt: now } : {}),
    })
    .where(and(eq(billingCancellations.provider, provider), eq(billingCancellations.providerSubscriptionId, providerSubscriptionId)));
  if (outcome === 'owed') deps.log?.warn({ id: providerSubscriptionId, reason, error }, 'subscription not cancellable yet at the provider: cancellation owed');
  return outcome;
}

/** Whether a cancellation is still owed for this subscription (an activation must then cancel it at once). */
export async function cancellationOwed(db: Db, provider: 'paypal' | 'simulator', providerSubscriptionId: string) {
  const [row] = await db
    .select({ reason: billingCancellations.reason })
    .from(billingCancellations)
    .where(
      and(
        eq(billingCancellations.provider, provider),
        eq(billingCancellations.providerSubscriptionId, providerSubscriptionId),
        isNull(billingCancellations.doneAt),
      ),
    );
  return row?.reason ?? null;
}

/** Retries every owed cancellation of the current provider; returns how many are done now. */
export async function settleOwedCancellations(deps: Deps & Log, now: Date): Promise<number> {
  const open = await deps.db
    .select()
    .from(billingCancellations)
    .where(and(eq(billingCancellations.provider, deps.billing.mode), isNull(billingCancellations.doneAt)));
  let done = 0;
  for (const row of open) if ((await cancelOrOwe(deps, row.providerSubscriptionId, row.reason, now)) === 'cancelled') done++;
  return done;
}
