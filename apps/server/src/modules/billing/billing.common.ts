/** What every payments call shares: the errors it answers with, the tenant check, the company and its current subscription. */
import { and, eq } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, subscriptions } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { SubscriptionRow } from './apply.js';
import { billingModeFor } from './billing.provider.js';
import { ProviderError } from './provider.js';

/** 404 with the code the spec's web app looks for (subscriptionNotFound closes the modal and refreshes the plan). */
export class SubscriptionNotFound extends AppError {
  constructor() {
    super('not_found', 'billing.subscriptionNotFound');
    (this as { code: string }).code = 'subscriptionNotFound';
  }
}

export const conflict = (key: string, params: Record<string, string | number> = {}) => new AppError('conflict', key, params);
export const invalid = (path: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError('validation_failed', key, params, [{ path, message: key }]);
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A provider failure as an answer: PayPal's PLAN_PRODUCT_NOT_COMPATIBLE and UNPROCESSABLE_ENTITY keep
 * their names in `errors` (the web app matches them), a 404 is subscriptionNotFound, the rest a 502.
 */
export function providerFailure(ctx: Ctx, err: unknown, fallbackKey: string): AppError {
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
export function ownCompany(ctx: Ctx, bodyCompanyId: string): string {
  const companyId = requireCompany(ctx.actor);
  if (bodyCompanyId !== companyId) throw new AppError('not_found');
  return companyId;
}

export async function loadCompany(db: Db, companyId: string) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError('not_found');
  return company;
}

export async function currentSubscription(db: Db, companyId: string): Promise<SubscriptionRow | undefined> {
  return db.query.subscriptions.findFirst({ where: and(eq(subscriptions.companyId, companyId), eq(subscriptions.isCurrent, true)) });
}

export const subscriptionUrl = (ctx: Ctx, params: Record<string, string>) => `${ctx.publicUrl}/company-admin/subscription?${new URLSearchParams(params)}`;

/** BILLING_MODE=off: no new payment starts (upgrades are hidden in the UI; the API refuses them too). */
export function assertPaymentsOn(ctx: Ctx) {
  if (billingModeFor(ctx.deps) === 'off') throw new AppError('forbidden', 'billing.paymentsOff');
}
