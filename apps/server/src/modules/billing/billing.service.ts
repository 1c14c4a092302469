/** Reading billing: the subscription screen's details (caught up with the provider) and the billing history. */
import { BILLING_HISTORY_EVENTS, type BillingHistoryEntry, type BillingHistoryEvent, pagination, type SubscriptionDetails } from '@presente/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { activityLog, subscriptions } from '../../db/schema/index.js';
import { activityText } from '../activity/activity.service.js';
import { applyEvent, toLifecycle } from './apply.js';
import { currentSubscription, iso, loadCompany } from './billing.common.js';
import { billingModeFor } from './billing.provider.js';
import { deadlines } from './lifecycle.js';
import { missedEvents } from './provider-events.js';

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
