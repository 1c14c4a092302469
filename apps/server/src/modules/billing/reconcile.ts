/**
 * The daily reconcile job (decision 0041): every local subscription that can still charge is compared
 * with the provider's (GET each): what we missed (a webhook lost) is applied through the lifecycle,
 * what must not charge is cancelled (owed cancellations, an approval after the company was deleted),
 * and what disagrees on money (an overridden price, another plan, more seats than paid) is flagged for
 * the super admin.
 */
import { and, eq, gte, inArray, or } from 'drizzle-orm';
import { companies, subscriptions } from '../../db/schema/index.js';
import { applyEvent, type Deps } from './apply.js';
import { ProviderError } from './provider.js';
import { missedEvents } from './provider-events.js';
import { cancelOrOwe, settleOwedCancellations } from './stray.js';

type Log = { log?: { warn: (o: object, m: string) => void } };
const DAY = 86_400_000;
/** PayPal lets an approval link expire after a few days; older pending rows are not asked about. */
const PENDING_WINDOW_MS = 30 * DAY;

export interface ReconcileReport {
  checked: number;
  applied: number;
  cancelled: number;
  flagged: number;
  unreachable: number;
}

export async function reconcileSubscriptions(deps: Deps & Log, now: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, applied: 0, cancelled: await settleOwedCancellations(deps, now), flagged: 0, unreachable: 0 };
  const rows = await deps.db
    .select({ sub: subscriptions, closedAt: companies.closedAt })
    .from(subscriptions)
    .innerJoin(companies, eq(companies.id, subscriptions.companyId))
    .where(
      and(
        eq(subscriptions.provider, deps.billing.mode),
        or(
          inArray(subscriptions.status, ['ACTIVE', 'SUSPENDED']),
          and(eq(subscriptions.status, 'APPROVAL_PENDING'), gte(subscriptions.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS))),
        ),
      ),
    );
  for (const { sub: row, closedAt } of rows) {
    report.checked++;
    let remote: Awaited<ReturnType<typeof deps.billing.getSubscription>>;
    try {
      remote = await deps.billing.getSubscription(row.providerSubscriptionId);
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404 && row.status !== 'APPROVAL_PENDING') {
        await flag(deps, row.id, 'missing at the provider', now);
        report.flagged++;
      } else report.unreachable++;
      continue;
    }
    const live = remote.status === 'ACTIVE' || remote.status === 'SUSPENDED';
    if (closedAt && live) {
      // The company was deleted: nothing of it may keep charging.
      if ((await cancelOrOwe(deps, remote.id, 'Company deleted in Presente', now)) === 'cancelled') report.cancelled++;
      continue;
    }
    for (const event of missedEvents(row, remote)) {
      const applied = await applyEvent(deps, row.id, event, now, undefined, remote);
      if (applied?.steps.length || applied?.refused) report.applied++;
    }
    if (row.status === 'APPROVAL_PENDING') continue;
    const paidFor = Math.max(row.employeeCount, row.revisionEmployeeCount ?? 0);
    const problem = remote.planOverridden
      ? 'plan overridden at the provider'
      : remote.planId !== row.providerPlanId
        ? `plan ${remote.planId} at the provider, ${row.providerPlanId} here`
        : remote.quantity > paidFor
          ? `${remote.quantity} seats at the provider, ${paidFor} here`
          : null;
    if (problem && problem !== row.flagReason) {
      await flag(deps, row.id, problem, now);
      report.flagged++;
    }
  }
  if (report.flagged) deps.log?.warn({ ...report }, 'billing reconcile: subscriptions flagged for the super admin');
  return report;
}

async function flag(deps: Deps, id: string, reason: string, now: Date) {
  await deps.db.update(subscriptions).set({ flaggedAt: now, flagReason: reason, updatedAt: now }).where(eq(subscriptions.id, id));
}
