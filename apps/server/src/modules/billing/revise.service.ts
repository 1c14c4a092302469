/** More seats: the revision at the provider, its approval, and when the extra seats become usable (decision 0041). */
import { randomUUID } from 'node:crypto';
import { type ConfirmRevisionInput, PREMIUM_MAX_EMPLOYEES, type ReviseSubscriptionInput } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { applyEvent } from './apply.js';
import {
  assertPaymentsOn,
  conflict,
  currentSubscription,
  invalid,
  iso,
  loadCompany,
  ownCompany,
  providerFailure,
  SubscriptionNotFound,
  subscriptionUrl,
} from './billing.common.js';
import type { ProviderSubscription } from './provider.js';

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
