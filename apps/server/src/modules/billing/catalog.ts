/** The provider-side catalogue: our product and plans (created once, ids in system_settings) and adopting browser-created subscriptions. */

import { premiumEmployeeCount } from '@presente/shared';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, subscriptions, systemSettings } from '../../db/schema/index.js';
import { countUsage } from '../company/plan.service.js';
import type { Deps } from './apply.js';
import type { ProviderSubscription } from './provider.js';

// Product and plans are created once per provider account and reused (kept in system_settings).
const productKey = (accountKey: string) => `billing.product:${accountKey}`;
const planKeyPrefix = (accountKey: string) => `billing.plan:${accountKey}:`;

export async function settingValue(db: Db, key: string) {
  return (await db.query.systemSettings.findFirst({ where: eq(systemSettings.key, key) }))?.value ?? null;
}
async function putSetting(db: Db, key: string, value: string) {
  await db.insert(systemSettings).values({ key, value }).onConflictDoNothing();
  return (await settingValue(db, key)) ?? value;
}

/** The catalog product of the app at the provider (created on first use). */
export async function ensureProduct(deps: Deps): Promise<string> {
  const key = productKey(deps.billing.accountKey);
  const known = await settingValue(deps.db, key);
  if (known) return known;
  const id = await deps.billing.createProduct({ name: 'Presente Premium', description: 'Control de asistencia Presente: plan Premium por empleado' });
  return putSetting(deps.db, key, id);
}

/** The billing plan for a price per employee and cycle under the product (created on first use). */
export async function ensurePlan(deps: Deps, productId: string, pricePerPeriod: string, cycle: 'monthly' | 'annual'): Promise<string> {
  const key = `${planKeyPrefix(deps.billing.accountKey)}${productId}:${cycle}:${pricePerPeriod}`;
  const known = await settingValue(deps.db, key);
  if (known) return known;
  const id = await deps.billing.createPlan({
    productId,
    name: `Presente Premium ${cycle === 'annual' ? 'anual' : 'mensual'} ${pricePerPeriod} USD por empleado`,
    pricePerPeriod,
    currency: 'USD',
    cycle,
  });
  return putSetting(deps.db, key, id);
}

/** One of our plans, by its provider id: product, cycle and price per period; null for a foreign plan. */
export async function knownPlan(deps: Deps, planId: string) {
  const [row] = await deps.db
    .select()
    .from(systemSettings)
    .where(and(like(systemSettings.key, `${planKeyPrefix(deps.billing.accountKey)}%`), eq(systemSettings.value, planId)));
  if (!row) return null;
  const [productId, cycle, price] = row.key.slice(planKeyPrefix(deps.billing.accountKey).length).split(':');
  return { productId, cycle: cycle as 'monthly' | 'annual', pricePerPeriod: price };
}

/** Why a browser-created subscription was not taken on: its quantity breaks the Premium rules (spec §5). */
export interface AdoptionRefused {
  refused: 'billing.employeeCountRange' | 'billing.employeeCountBelowCurrent';
  count: number;
}

/**
 * A subscription created in the browser (PayPal's JS buttons) that we have no row for: taken on when its
 * custom_id names an existing company, its plan is one of ours, and its quantity follows the same rules
 * as create-plan (5..1000, at least the company's active employees). Returns the row id, the rule it
 * breaks, or null (not ours).
 */
export async function adoptSubscription(tx: Db, deps: Deps, remote: ProviderSubscription, companyId: string): Promise<string | AdoptionRefused | null> {
  if (remote.customId !== companyId) return null;
  const plan = await knownPlan({ ...deps, db: tx }, remote.planId);
  const company = await tx.query.companies.findFirst({ columns: { id: true, closedAt: true }, where: eq(companies.id, companyId) });
  // A deleted (closed) company takes on nothing: its subscription is cancelled as a stray (decision 0041).
  if (!plan || !company || company.closedAt) return null;
  if (!premiumEmployeeCount.safeParse(remote.quantity).success) return { refused: 'billing.employeeCountRange', count: remote.quantity };
  const active = await countUsage(tx, companyId, 'employees');
  if (remote.quantity < active) return { refused: 'billing.employeeCountBelowCurrent', count: active };
  const perMonth = plan.cycle === 'annual' ? Number(plan.pricePerPeriod) / 12 : Number(plan.pricePerPeriod);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      companyId,
      provider: deps.billing.mode,
      providerProductId: plan.productId,
      providerPlanId: remote.planId,
      providerSubscriptionId: remote.id,
      status: 'APPROVAL_PENDING',
      employeeCount: remote.quantity,
      pricePerEmployee: perMonth.toFixed(2),
      billingCycle: plan.cycle,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  return row?.id ?? null;
}
