import { randomUUID } from 'node:crypto';
import {
  BILLING_HISTORY_EVENTS,
  type BillingHistoryEntry,
  type BillingHistoryEvent,
  type ConfirmRevisionInput,
  type ConfirmSubscriptionInput,
  type CreatePlanInput,
  PREMIUM_MAX_EMPLOYEES,
  pagination,
  planCatalogue,
  premiumPricing,
  type ReviseSubscriptionInput,
  type SubscriptionDetails,
  translate,
} from '@presente/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { activityLog, companies, subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { activityText } from '../activity/activity.service.js';
import { countUsage } from '../company/plan.service.js';
import { applyEvent, type SubscriptionRow, toLifecycle } from './apply.js';
import { billingModeFor } from './billing.provider.js';
import { adoptSubscription, ensurePlan, ensureProduct } from './catalog.js';
import { deadlines } from './lifecycle.js';
import { ProviderError, type ProviderSubscription } from './provider.js';
import { cancelRefused, missedEvents } from './provider-events.js';
import { cancelOrOwe } from './stray.js';

/** 404 with the code the spec's web app looks for (subscriptionNotFound closes the modal and refreshes the plan). */
export class SubscriptionNotFound extends AppError {
  constructor() {
    super('not_found', 'billing.subscriptionNotFound');
    (this as { code: string }).code = 'subscriptionNotFound';
  }
}

const conflict = (key: string, params: Record<string, string | number> = {}) => new AppError('conflict', key, params);
const invalid = (path: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError('validation_failed', key, params, [{ path, message: key }]);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A provider failure as an answer: PayPal's PLAN_PRODUCT_NOT_COMPATIBLE and UNPROCESSABLE_ENTITY keep
 * their names in `errors` (the web app matches them), a 404 is subscriptionNotFound, the rest a 502.
 */
function providerFailure(ctx: Ctx, err: unknown, fallbackKey: string): AppError {
  if (!(err instanceof ProviderError)) {
    ctx.log.error({ err }, 'payment provider call failed');
    return new AppError('bad_gateway', fallbackKey);
  }
  ctx.log.warn({ status: err.status, name: err.errorName, issue: err.issue, debugId: err.debugId, message: err.message }, 'payment provider refused');
  if (err.status === 404) return new SubscriptionNotFound();
  if (err.issue === 'PLAN_PRODUCT_NOT_COMPATIBLE') {
    return new AppError('bad_gateway', 'billing.planProductNotCompatible', {}, [{ path: 'provider', message: 'PLAN_PRODUCT_NOT_COMPATIBLE' }]);
  }
  if (err.status === 422) {
    return new AppError('bad_gateway', 'billing.providerUnprocessable', {}, [{ path: 'provider', message: err.issue ?? 'UNPROCESSABLE_ENTITY' }]);
  }
  return new AppError('bad_gateway', fallbackKey);
}

/** The tenant is the session's; a companyId in the body must name it (another company is simply not found). */
function ownCompany(ctx: Ctx, bodyCompanyId: string): string {
  const companyId = requireCompany(ctx.actor);
  if (bodyCompanyId !== companyId) throw new AppError('not_found');
  return companyId;
}

async function loadCompany(db: Db, companyId: string) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError('not_found');
  return company;
}

export async function currentSubscription(db: Db, companyId: string): Promise<SubscriptionRow | undefined> {
  return db.query.subscriptions.findFirst({ where: and(eq(subscriptions.companyId, companyId), eq(subscriptions.isCurrent, true)) });
}

const subscriptionUrl = (ctx: Ctx, params: Record<string, string>) => `${ctx.publicUrl}/company-admin/subscription?${new URLSearchParams(params)}`;

/** BILLING_MODE=off: no new payment starts (upgrades are hidden in the UI; the API refuses them too). */
function assertPaymentsOn(ctx: Ctx) {
  if (billingModeFor(ctx.deps) === 'off') throw new AppError('forbidden', 'billing.paymentsOff');
}

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

/**
 * GET /paypal/subscription-details: the current subscription (synchronised with the provider when reachable) and the
 * plan; a company that never subscribed gets `subscription: null` (200), so a Free company's tab logs no error.
 */
export async function subscriptionDetails(ctx: Ctx, now = new Date()): Promise<SubscriptionDetails> {
  const companyId = requireCompany(ctx.actor);
  const find = async () =>
    (await currentSubscription(ctx.db, companyId)) ??
    (await ctx.db.query.subscriptions.findFirst({
      where: and(eq(subscriptions.companyId, companyId), eq(subscriptions.status, 'APPROVAL_PENDING')),
      orderBy: desc(subscriptions.createdAt),
    }));
  let row = await find();
  if (!row) {
    const company = await loadCompany(ctx.db, companyId);
    return {
      subscription: null,
      company: {
        plan: company.plan,
        status: company.status,
        maxEmployees: company.maxEmployees,
        nextBillingDate: null,
        accessUntil: null,
        graceEndsAt: null,
        downgradedAt: null,
        deletionAt: null,
        timezone: company.timezone,
      },
      mode: billingModeFor(ctx.deps),
    };
  }
  if (row.provider === ctx.deps.billing.mode) {
    try {
      const remote = await ctx.deps.billing.getSubscription(row.providerSubscriptionId);
      for (const event of missedEvents(row, remote)) await applyEvent({ ...ctx.deps, log: ctx.log }, row.id, event, now, undefined, remote);
      if (remote.failedPaymentsCount > row.failedPaymentsCount && row.status === 'SUSPENDED') {
        await ctx.db.update(subscriptions).set({ failedPaymentsCount: remote.failedPaymentsCount }).where(eq(subscriptions.id, row.id));
      }
      row = (await find()) ?? row;
    } catch (err) {
      ctx.log.warn(
        { err: (err as Error).message, subscription: row.providerSubscriptionId },
        'subscription details: provider not reachable, stored state shown',
      );
    }
  }
  const company = await loadCompany(ctx.db, companyId);
  const when = deadlines(toLifecycle(row));
  return {
    subscription: {
      id: row.providerSubscriptionId,
      status: row.status,
      plan_id: row.providerPlanId,
      quantity: row.employeeCount,
      billing_cycle: row.billingCycle,
      price_per_employee: Number(row.pricePerEmployee),
      cancelled_at: iso(row.cancelledAt),
      billing_info: {
        next_billing_time: row.status === 'ACTIVE' || row.status === 'SUSPENDED' ? iso(row.nextBillingTime) : null,
        last_payment: row.lastPaymentAmount
          ? { amount: { value: Number(row.lastPaymentAmount).toFixed(2), currency_code: row.lastPaymentCurrency ?? 'USD' }, time: iso(row.lastPaymentTime) }
          : null,
        failed_payments_count: row.failedPaymentsCount,
      },
      pending_revision:
        row.status === 'ACTIVE' && row.revisionApprovedAt && !row.revisionAppliedAt && row.revisionEmployeeCount
          ? { employee_count: row.revisionEmployeeCount, effective_from: iso(row.nextBillingTime) }
          : null,
    },
    company: {
      plan: company.plan,
      status: company.status,
      maxEmployees: company.maxEmployees,
      nextBillingDate: row.status === 'ACTIVE' || row.status === 'SUSPENDED' ? iso(row.nextBillingTime) : null,
      accessUntil: iso(when.accessUntil),
      graceEndsAt: iso(when.graceEndsAt),
      downgradedAt: row.status === 'SUSPENDED' ? iso(row.downgradedAt) : null,
      deletionAt: iso(when.deletionAt),
      timezone: company.timezone,
    },
    mode: billingModeFor(ctx.deps),
  };
}

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

/**
 * POST /paypal/revise-subscription: Premium only grows (a reduction needs support). The provider either
 * wants the buyer's approval (approvalUrl), accepts it at once, or later (the UPDATED webhook or
 * confirm-revision records it). Seat policy (decision 0041): PayPal bills the new quantity only from the
 * next billing cycle, so the extra seats are usable from the payment at that quantity, not before; the
 * answer says from when.
 */
export async function reviseSubscription(ctx: Ctx, input: ReviseSubscriptionInput, now = new Date()) {
  const companyId = ownCompany(ctx, input.companyId);
  assertPaymentsOn(ctx);
  const row = await currentSubscription(ctx.db, companyId);
  if (!row) throw new SubscriptionNotFound();
  if (row.status !== 'ACTIVE') throw conflict('billing.reviseOnlyActive');
  const company = await loadCompany(ctx.db, companyId);
  const max = Math.max(company.maxEmployees, row.employeeCount);
  if (input.employeeCount <= max || input.employeeCount > PREMIUM_MAX_EMPLOYEES) throw invalid('employeeCount', 'billing.employeeCountIncrease', { max });

  const revisionId = randomUUID();
  let result: { approvalUrl: string | null };
  try {
    result = await ctx.deps.billing.reviseSubscription(row.providerSubscriptionId, {
      planId: row.providerPlanId, // same plan, same product, same price: only the quantity changes
      quantity: input.employeeCount,
      returnUrl: subscriptionUrl(ctx, { paypal: 'revision-approved', revisionId, employeeCount: String(input.employeeCount) }),
      cancelUrl: subscriptionUrl(ctx, { paypal: 'revision-cancelled', revisionId }),
      idempotencyKey: revisionId,
    });
  } catch (err) {
    throw providerFailure(ctx, err, 'billing.providerError');
  }
  await ctx.db
    .update(subscriptions)
    .set({ revisionId, revisionEmployeeCount: input.employeeCount, revisionRequestedAt: now, revisionAppliedAt: null, revisionApprovedAt: null })
    .where(eq(subscriptions.id, row.id));
  if (result.approvalUrl) {
    return {
      // automaticUpgrade false: the spec's client reads it to choose between redirecting and the success alert (§7).
      data: { success: true as const, approvalUrl: result.approvalUrl, automaticUpgrade: false, revisionId, employeeCount: input.employeeCount },
      messageKey: 'billing.revisionApprovalRequired',
    };
  }
  const approved = await recordRevisionIfApproved(ctx, row.id, input.employeeCount, now);
  const answer = await revisionAnswer(ctx, row.id, companyId, approved);
  return {
    data: { success: true as const, automaticUpgrade: false, revisionId, employeeCount: input.employeeCount, effectiveFrom: answer.data.effectiveFrom },
    messageKey: answer.messageKey,
    messageParams: answer.messageParams,
  };
}

/** dd/mm/yyyy in the company's timezone (the dates the subscription screen shows). */
const ddmmyyyy = (d: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: timezone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** Where a revision stands: paid (seats usable), approved (usable from the next billing date), or not yet approved. */
async function revisionAnswer(ctx: Ctx, rowId: string, companyId: string, approved: boolean) {
  const row = await ctx.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, rowId) });
  if (!row) throw new SubscriptionNotFound();
  const company = await loadCompany(ctx.db, companyId);
  const applied = !!row.revisionAppliedAt;
  const effectiveFrom = approved && !applied ? row.nextBillingTime : null;
  const count = row.revisionEmployeeCount ?? row.employeeCount;
  return {
    data: { applied, approved: approved || applied, effectiveFrom: iso(effectiveFrom), employeeCount: count, maxEmployees: company.maxEmployees },
    messageKey: applied ? 'billing.revisionApplied' : approved ? 'billing.revisionScheduled' : 'billing.revisionPending',
    messageParams: { count, date: effectiveFrom ? ddmmyyyy(effectiveFrom, company.timezone) : '-' },
  };
}

/** Records a revision as approved once the provider reports the new quantity; false while it does not yet. */
async function recordRevisionIfApproved(ctx: Ctx, rowId: string, wanted: number, now: Date): Promise<boolean> {
  const row = await ctx.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, rowId) });
  if (!row) throw new SubscriptionNotFound();
  let remote: ProviderSubscription;
  try {
    remote = await ctx.deps.billing.getSubscription(row.providerSubscriptionId);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'revision: provider not reachable');
    return false;
  }
  if (remote.quantity < wanted) return false;
  await applyEvent(ctx.deps, row.id, { type: 'updated', quantity: remote.quantity, nextBillingTime: remote.nextBillingTime }, now, ctx.actor?.userId);
  return true;
}

/** POST /paypal/confirm-revision: after the buyer approved the new quantity. Idempotent. */
export async function confirmRevision(ctx: Ctx, input: ConfirmRevisionInput, now = new Date()) {
  const companyId = ownCompany(ctx, input.companyId);
  const row = await currentSubscription(ctx.db, companyId);
  if (!row || row.revisionId !== input.revisionId || row.revisionEmployeeCount === null) throw new AppError('not_found', 'billing.revisionNotFound');
  const approved = !!row.revisionAppliedAt || !!row.revisionApprovedAt || (await recordRevisionIfApproved(ctx, row.id, row.revisionEmployeeCount, now));
  const answer = await revisionAnswer(ctx, row.id, companyId, approved);
  return { data: { success: true as const, ...answer.data }, messageKey: answer.messageKey, messageParams: answer.messageParams };
}

/**
 * GET /paypal/history: the company's billing events (activations, payments, failures, revisions,
 * cancellation, end of access), newest first, paged, in the request's language. They are the activity
 * entries the lifecycle writes (details.billing = the step); employees never see them.
 */
export async function billingHistory(ctx: Ctx, q: { page: number; limit: number }) {
  const companyId = requireCompany(ctx.actor);
  const where: SQL | undefined = and(eq(activityLog.companyId, companyId), inArray(sql`${activityLog.details}->>'billing'`, [...BILLING_HISTORY_EVENTS]));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(activityLog).where(where),
  ]);
  const data: BillingHistoryEntry[] = rows.map((row) => {
    const details = (row.details ?? {}) as { billing?: string; employeeCount?: unknown; amount?: unknown; currency?: unknown };
    return {
      id: row.id,
      timestamp: row.createdAt.toISOString(),
      event: details.billing as BillingHistoryEvent,
      title: activityText(row.title, ctx.lang, details),
      employeeCount: typeof details.employeeCount === 'number' ? details.employeeCount : null,
      amount: typeof details.amount === 'string' ? details.amount : null,
      currency: typeof details.currency === 'string' ? details.currency : null,
    };
  });
  return { data, pagination: pagination(q.page, q.limit, total) };
}
