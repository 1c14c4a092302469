/** Starting Premium: the price and catalogue, the plan and subscription at the provider, and the confirm after approval. */
import { type ConfirmSubscriptionInput, type CreatePlanInput, planCatalogue, premiumPricing } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { countUsage } from '../company/plan.service.js';
import { applyEvent } from './apply.js';
import {
  assertPaymentsOn,
  conflict,
  currentSubscription,
  invalid,
  loadCompany,
  ownCompany,
  providerFailure,
  SubscriptionNotFound,
  subscriptionUrl,
} from './billing.common.js';
import { billingModeFor } from './billing.provider.js';
import { adoptSubscription, ensurePlan, ensureProduct } from './catalog.js';
import type { ProviderSubscription } from './provider.js';
import { cancelRefused } from './provider-events.js';

/** GET /paypal/employee-price. */
export function employeePrice(ctx: Ctx) {
  return { success: true as const, pricePerEmployee: ctx.deps.config.PREMIUM_PRICE_PER_EMPLOYEE, currency: 'USD', mode: billingModeFor(ctx.deps) };
}

/** GET /paypal/plans: the catalogue, from one place (shared planCatalogue over PLAN_LIMITS). */
export function catalogue(ctx: Ctx) {
  return planCatalogue({
    pricePerEmployee: ctx.deps.config.PREMIUM_PRICE_PER_EMPLOYEE,
    mode: billingModeFor(ctx.deps),
    salesContactUrl: ctx.deps.config.SALES_CONTACT_URL ?? null,
    paypalClientId: ctx.deps.config.PAYPAL_CLIENT_ID ?? null,
  });
}

/**
 * POST /paypal/create-plan: the billing plan for the price (created once per price and cycle) and a
 * subscription on it for this company (quantity = employees, custom_id = company), waiting for approval.
 */
export async function createPlan(ctx: Ctx, input: CreatePlanInput) {
  const companyId = ownCompany(ctx, input.companyId);
  assertPaymentsOn(ctx);
  const company = await loadCompany(ctx.db, companyId);
  const current = await currentSubscription(ctx.db, companyId);
  if (current?.status === 'ACTIVE') throw conflict('billing.alreadyPremium');
  if ((current?.status === 'CANCELLED' || current?.status === 'EXPIRED') && !current.endedAt) throw conflict('billing.resumeNeedsSupport');
  // The same count as every plan limit (ACTIVE, not deleted): what the usage banner shows.
  const active = await countUsage(ctx.db, companyId, 'employees');
  if (input.employeeCount < active) throw invalid('employeeCount', 'billing.employeeCountBelowCurrent', { count: active });

  const pricing = premiumPricing(input.employeeCount, ctx.deps.config.PREMIUM_PRICE_PER_EMPLOYEE, input.billingCycle);
  const deps = ctx.deps;
  let productId: string;
  let planId: string;
  try {
    productId = await ensureProduct(deps);
    planId = await ensurePlan(deps, productId, pricing.pricePerEmployeePerPeriod, input.billingCycle);
  } catch (err) {
    throw providerFailure(ctx, err, 'billing.planCreateFailed');
  }
  let created: Awaited<ReturnType<typeof deps.billing.createSubscription>>;
  try {
    created = await deps.billing.createSubscription({
      planId,
      quantity: input.employeeCount,
      customId: companyId,
      returnUrl: subscriptionUrl(ctx, { paypal: 'approved' }),
      cancelUrl: subscriptionUrl(ctx, { paypal: 'cancelled' }),
      brandName: `Presente · ${input.companyName}`.slice(0, 127),
      locale: company.locale,
      // One logical creation per company, plan, quantity and hour: a retry (or a second click) gets the same
      // subscription back from PayPal instead of a second one waiting for approval (decision 0041).
      idempotencyKey: `${companyId}|${planId}|${input.employeeCount}|${Math.floor(Date.now() / 3_600_000)}`,
    });
  } catch (err) {
    throw providerFailure(ctx, err, 'billing.subscriptionPlanFailed');
  }
  await ctx.db
    .insert(subscriptions)
    .values({
      companyId,
      provider: deps.billing.mode,
      providerProductId: productId,
      providerPlanId: planId,
      providerSubscriptionId: created.id,
      status: 'APPROVAL_PENDING',
      employeeCount: input.employeeCount,
      pricePerEmployee: pricing.pricePerEmployee.toFixed(2),
      billingCycle: input.billingCycle,
    })
    .onConflictDoNothing();
  return { success: true as const, planId, subscriptionId: created.id, approvalUrl: created.approvalUrl, pricing, mode: deps.billing.mode };
}

async function fetchRemote(ctx: Ctx, id: string, fallbackKey: string): Promise<ProviderSubscription> {
  try {
    return await ctx.deps.billing.getSubscription(id);
  } catch (err) {
    throw providerFailure(ctx, err, fallbackKey);
  }
}

async function recordPayment(db: Db, rowId: string, remote: ProviderSubscription) {
  if (!remote.lastPayment) return;
  await db
    .update(subscriptions)
    .set({ lastPaymentAmount: remote.lastPayment.amount, lastPaymentCurrency: remote.lastPayment.currency, lastPaymentTime: remote.lastPayment.time })
    .where(eq(subscriptions.id, rowId));
}

/**
 * POST /paypal/confirm-subscription: after the buyer approved, the provider is asked (never the browser)
 * whether the subscription is active and whose it is; then the company is PREMIUM with maxEmployees =
 * the paid quantity. Idempotent (a repeat, or the activation webhook arriving first, changes nothing).
 */
export async function confirmSubscription(ctx: Ctx, input: ConfirmSubscriptionInput, now = new Date()) {
  const companyId = ownCompany(ctx, input.companyId);
  const deps = ctx.deps;
  let row = await ctx.db.query.subscriptions.findFirst({
    where: and(eq(subscriptions.provider, deps.billing.mode), eq(subscriptions.providerSubscriptionId, input.subscriptionId)),
  });
  if (row && row.companyId !== companyId) throw new SubscriptionNotFound();
  const remote = await fetchRemote(ctx, input.subscriptionId, 'billing.confirmFailed');
  if (remote.customId !== companyId) throw new SubscriptionNotFound();
  if (remote.status === 'APPROVAL_PENDING') throw conflict('billing.notApproved');
  // APPROVED is not paid: PayPal has yet to activate it and take the first payment (decision 0041).
  if (remote.status === 'APPROVED') throw conflict('billing.approvalProcessing');
  if (remote.status !== 'ACTIVE') throw conflict('billing.confirmFailed');
  if (!row) {
    // Created in the browser by PayPal's JS buttons (actions.subscription.create with custom_id).
    const adopted = await ctx.db.transaction((tx) => adoptSubscription(tx, deps, remote, companyId));
    if (adopted && typeof adopted === 'object') {
      await cancelRefused({ ...deps, log: ctx.log }, remote.id);
      throw invalid('employeeCount', adopted.refused, { count: adopted.count });
    }
    row = adopted ? await ctx.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, adopted) }) : undefined;
    if (!row) throw new SubscriptionNotFound();
  }
  if (row.status === 'CANCELLED' || row.status === 'EXPIRED') throw conflict('billing.resumeNeedsSupport');
  const applied = await applyEvent(
    { ...deps, log: ctx.log },
    row.id,
    { type: 'activated', nextBillingTime: remote.nextBillingTime, quantity: remote.quantity },
    now,
    ctx.actor?.userId,
    remote,
  );
  if (applied?.refused) throw conflict('billing.subscriptionRefused');
  if (!row.lastPaymentTime) await recordPayment(ctx.db, row.id, remote);
  const company = await loadCompany(ctx.db, companyId);
  return { success: true as const, plan: company.plan, maxEmployees: company.maxEmployees, subscriptionId: row.providerSubscriptionId };
}
