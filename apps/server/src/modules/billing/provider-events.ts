/**
 * Provider events (PayPal's webhooks, the simulator's, what a GET shows we missed) turned into lifecycle
 * events and applied exactly once, with the stray-charge rules of decision 0041.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentEvents, subscriptions } from '../../db/schema/index.js';
import { type Applied, afterCommit, applyInTx, type Deps, type SubscriptionRow } from './apply.js';
import { adoptSubscription, knownPlan } from './catalog.js';
import type { LifecycleEvent } from './lifecycle.js';
import { cents } from './money.js';
import type { ProviderEvent, ProviderSubscription } from './provider.js';
import { cancellationOwed, cancelOrOwe } from './stray.js';

/**
 * What the provider knows and we missed (a webhook not delivered, the simulator's renewals) is applied
 * through the same lifecycle. An ACTIVE status alone never ends arrears: PayPal keeps a subscription
 * ACTIVE while it retries; only a payment newer than the last one recorded does.
 */
export function missedEvents(row: SubscriptionRow, remote: ProviderSubscription): LifecycleEvent[] {
  const events: LifecycleEvent[] = [];
  if (row.status === 'APPROVAL_PENDING' && remote.status === 'ACTIVE') {
    events.push({ type: 'activated', nextBillingTime: remote.nextBillingTime, quantity: remote.quantity });
  }
  const live = row.status === 'ACTIVE' || row.status === 'SUSPENDED';
  const pay = remote.lastPayment;
  if (live && pay?.time && (!row.lastPaymentTime || pay.time > row.lastPaymentTime)) {
    events.push({ type: 'payment_completed', amount: pay.amount, currency: pay.currency, time: pay.time, nextBillingTime: remote.nextBillingTime });
  }
  if (row.status === 'ACTIVE' && remote.status === 'SUSPENDED') events.push({ type: 'suspended' });
  if (live && remote.status === 'CANCELLED') events.push({ type: 'cancelled' });
  if (live && remote.status === 'EXPIRED') events.push({ type: 'expired' });
  if (row.status === 'ACTIVE' && remote.status === 'ACTIVE' && remote.quantity !== row.employeeCount) {
    events.push({ type: 'updated', quantity: remote.quantity, nextBillingTime: remote.nextBillingTime });
  }
  return events;
}

/** The lifecycle event a provider event stands for (null: nothing to do). */
export function lifecycleEventOf(ev: ProviderEvent): LifecycleEvent | null {
  const s = ev.subscription;
  switch (ev.kind) {
    case 'activated':
      return { type: 'activated', nextBillingTime: s?.nextBillingTime ?? null, quantity: s?.quantity };
    case 'payment_completed':
      return ev.payment ? { type: 'payment_completed', ...ev.payment, nextBillingTime: s?.nextBillingTime ?? null } : null;
    case 'payment_reversed':
      return { type: 'payment_reversed' };
    case 'payment_failed':
      return { type: 'payment_failed', failedPaymentsCount: s?.failedPaymentsCount };
    case 'suspended':
    case 'cancelled':
    case 'expired':
      return { type: ev.kind };
    case 'updated':
      return s ? { type: 'updated', quantity: s.quantity, nextBillingTime: s.nextBillingTime } : null;
    default:
      return null;
  }
}

/**
 * Processes a provider event exactly once: the event id is recorded in the same transaction as its
 * effects, so a replay (or a concurrent duplicate delivery) finds it and changes nothing, and a failure
 * leaves nothing recorded for the provider's retry.
 */
export async function processProviderEvent(
  deps: Deps & { log?: { warn: (o: object, m: string) => void } },
  ev: ProviderEvent,
  now: Date,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  let applied: Applied | null = null;
  let refused: string | null = null;
  /** Subscriptions nobody may be charged for: an unknown or deleted company, a cancellation still owed. */
  const stray: { id: string; reason: string }[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentEvents)
      .values({ provider: deps.billing.mode, providerEventId: ev.id, type: ev.type, providerSubscriptionId: ev.subscriptionId, payload: ev.payload ?? {} })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!row) return 'duplicate' as const;
    const finish = (result: 'applied' | 'ignored', companyId: string | null = null) =>
      tx
        .update(paymentEvents)
        .set({ outcome: result, companyId, processedAt: now })
        .where(eq(paymentEvents.id, row.id))
        .then(() => result);

    let event = lifecycleEventOf(ev);
    // A refund names its sale only: the subscription is the one that sale was recorded for.
    const subscriptionId = ev.subscriptionId ?? (ev.kind === 'payment_reversed' && ev.saleId ? await subscriptionOfSale(tx, ev.saleId) : null);
    // A refund (not a reversal: the bank takes the whole sale back) of a sale we recorded: how much of it remains paid (decision 0054).
    if (event?.type === 'payment_reversed' && ev.type === 'PAYMENT.SALE.REFUNDED' && ev.saleId) {
      const refund = await refundOfSale(tx, ev.saleId, ev.payload);
      if (refund) event = { type: 'payment_reversed', refund };
    }
    if (!event || !subscriptionId) return finish('ignored');
    if (!ev.subscriptionId) await tx.update(paymentEvents).set({ providerSubscriptionId: subscriptionId }).where(eq(paymentEvents.id, row.id));
    const starts = ev.kind === 'activated' || ev.kind === 'payment_completed';
    const owed = starts ? await cancellationOwed(tx, deps.billing.mode, subscriptionId) : null;
    if (owed) {
      stray.push({ id: subscriptionId, reason: owed });
      return finish('ignored');
    }
    let [sub] = await tx
      .select({ id: subscriptions.id, companyId: subscriptions.companyId })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, deps.billing.mode), eq(subscriptions.providerSubscriptionId, subscriptionId)));
    if (!sub && ev.subscription && starts) {
      const customId = ev.subscription.customId ?? '';
      const company = /^[0-9a-f-]{36}$/i.test(customId) ? customId : null;
      const adopted = company ? await adoptSubscription(tx, deps, ev.subscription, company) : null;
      if (typeof adopted === 'string') sub = { id: adopted, companyId: customId };
      else if (adopted) refused = ev.subscription.id;
      else if (ev.kind === 'activated' && (await knownPlan({ ...deps, db: tx }, ev.subscription.planId))) {
        // On our plan, for a company that does not exist (or was deleted): it must not keep charging.
        stray.push({ id: subscriptionId, reason: 'No such company in Presente (unknown or deleted)' });
      }
    }
    if (!sub) return finish('ignored');
    applied = await applyInTx(tx, deps, sub.id, event, now, undefined, ev.kind === 'activated' ? ev.subscription : undefined);
    return finish('applied', applied?.deleted ? null : sub.companyId);
  });
  await afterCommit(deps, applied);
  if (refused) await cancelRefused(deps, refused);
  for (const { id, reason } of stray) await cancelOrOwe(deps, id, reason, now);
  return outcome;
}

/** The subscription a sale was paid for, from the PAYMENT.SALE.COMPLETED event recorded earlier. */
async function subscriptionOfSale(tx: Db, saleId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: paymentEvents.providerSubscriptionId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.type, 'PAYMENT.SALE.COMPLETED'), sql`${paymentEvents.payload}->'resource'->>'id' = ${saleId}`))
    .limit(1);
  return row?.id ?? null;
}

type Payload = { resource?: { amount?: { total?: unknown; currency?: unknown }; total_refunded_amount?: { value?: unknown } } } | null;
const amountOf = (v: unknown) => cents(typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * A sale's total and everything refunded of it so far (this refund included: it is recorded in the same
 * transaction), from the events PayPal sent: each refund's amount (PayPal may write it negative, "-5.0"), or
 * the refund's own running `total_refunded_amount` when larger. Null when the sale was never recorded.
 */
async function refundOfSale(tx: Db, saleId: string, current: unknown): Promise<{ saleTotal: string; refunded: string; currency: string } | null> {
  const [sale] = await tx
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.type, 'PAYMENT.SALE.COMPLETED'), sql`${paymentEvents.payload}->'resource'->>'id' = ${saleId}`))
    .limit(1);
  const amount = (sale?.payload as Payload)?.resource?.amount;
  const total = amountOf(amount?.total);
  if (total === null || typeof amount?.currency !== 'string') return null;
  const refunds = await tx
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.type, 'PAYMENT.SALE.REFUNDED'), sql`${paymentEvents.payload}->'resource'->>'sale_id' = ${saleId}`));
  let refunded = 0;
  for (const r of refunds) {
    const each = amountOf((r.payload as Payload)?.resource?.amount?.total);
    if (each === null) return null; // a refund we cannot read: counted as the whole sale
    refunded += Math.abs(each);
  }
  const running = amountOf((current as Payload)?.resource?.total_refunded_amount?.value);
  if (running !== null) refunded = Math.max(refunded, Math.abs(running));
  return { saleTotal: (total / 100).toFixed(2), refunded: (refunded / 100).toFixed(2), currency: amount.currency };
}

/**
 * A subscription approved in the browser with a quantity the Premium rules refuse (only a tampered page
 * can do it) is not taken on, and is cancelled at the provider so it charges nothing more.
 */
export async function cancelRefused(deps: Deps & { log?: { warn: (o: object, m: string) => void } }, providerSubscriptionId: string) {
  deps.log?.warn({ id: providerSubscriptionId }, 'subscription refused: quantity outside the Premium rules; cancelling it at the provider');
  await deps.billing
    .cancelSubscription(providerSubscriptionId, 'Quantity outside the Premium rules (5-1000, at least the active employees)')
    .catch((err) => deps.log?.warn({ err, id: providerSubscriptionId }, 'could not cancel a refused subscription'));
}
