import { randomBytes, randomUUID } from 'node:crypto';
import type { BillingCycle } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemSettings } from '../../db/schema/index.js';
import { type BillingProvider, ProviderError, type ProviderEvent, type ProviderSubscription } from './provider.js';

/** Where the simulator's approval page lives (PayPal's own approval page in real mode). */
export const SIMULATOR_APPROVE_PATH = '/api/paypal/simulator/approve';

interface SimPlan {
  productId: string;
  pricePerPeriod: string;
  currency: string;
  cycle: BillingCycle;
}
interface SimPending {
  kind: 'subscribe' | 'revise';
  quantity: number;
  planId: string;
  returnUrl: string;
  cancelUrl: string;
}
interface SimSubscription {
  id: string;
  planId: string;
  quantity: number;
  customId: string;
  brandName: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'CANCELLED';
  startTime: string | null;
  pending: SimPending | null;
}

/** The page's view of a pending approval. */
export interface SimApproval {
  id: string;
  kind: 'subscribe' | 'revise';
  brandName: string;
  quantity: number;
  pricePerPeriod: string;
  currency: string;
  cycle: BillingCycle;
}

export interface Simulator extends BillingProvider {
  /** The pending approval of a subscription, or null (unknown, or nothing left to approve). */
  approval(id: string): Promise<SimApproval | null>;
  /** The buyer's choice on the approval page: where to send the browser back, and the events a webhook would carry. */
  decide(id: string, decision: 'approve' | 'cancel'): Promise<{ redirectUrl: string; events: ProviderEvent[] } | null>;
}

const addCycle = (d: Date, cycle: BillingCycle, n = 1) => {
  const r = new Date(d);
  if (cycle === 'annual') r.setUTCFullYear(r.getUTCFullYear() + n);
  else r.setUTCMonth(r.getUTCMonth() + n);
  return r;
};
const withParams = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};
const simId = (prefix: string) => `${prefix}-SIM${randomBytes(12).toString('hex').toUpperCase()}`;

/**
 * PayPal's subscription flow played in-process (no credentials needed): the same calls and answers,
 * approvals on a local page, and the same events webhooks would deliver. Its state lives in
 * system_settings, so pending approvals survive a restart and are shared by every process.
 */
export function createSimulator(db: Db, opts: { now?: () => Date } = {}): Simulator {
  const now = opts.now ?? (() => new Date());
  const key = (kind: 'plan' | 'sub', id: string) => `billing.sim.${kind}:${id}`;

  async function read<T>(kind: 'plan' | 'sub', id: string): Promise<T | null> {
    const row = await db.query.systemSettings.findFirst({ where: eq(systemSettings.key, key(kind, id)) });
    return row ? (JSON.parse(row.value) as T) : null;
  }
  async function write(kind: 'plan' | 'sub', id: string, value: unknown) {
    const v = JSON.stringify(value);
    await db
      .insert(systemSettings)
      .values({ key: key(kind, id), value: v })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: v, updatedAt: new Date() } });
  }
  async function mustSub(id: string) {
    const sub = id.length <= 64 ? await read<SimSubscription>('sub', id) : null;
    if (!sub) throw new ProviderError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The specified resource does not exist.');
    return sub;
  }

  /** What PayPal would report now: an active subscription renews each cycle (simulated payments always succeed). */
  async function view(sub: SimSubscription): Promise<ProviderSubscription> {
    const plan = await read<SimPlan>('plan', sub.planId);
    const cycle = plan?.cycle ?? 'monthly';
    let nextBillingTime: Date | null = null;
    let lastPayment: ProviderSubscription['lastPayment'] = null;
    if (sub.status === 'ACTIVE' && sub.startTime) {
      const start = new Date(sub.startTime);
      let n = 1;
      while (addCycle(start, cycle, n) <= now() && n < 10_000) n++;
      nextBillingTime = addCycle(start, cycle, n);
      const amount = ((Math.round(Number(plan?.pricePerPeriod ?? 0) * 100) * sub.quantity) / 100).toFixed(2);
      lastPayment = { amount, currency: plan?.currency ?? 'USD', time: addCycle(start, cycle, n - 1) };
    }
    return {
      id: sub.id,
      status: sub.status,
      planId: sub.planId,
      quantity: sub.quantity,
      customId: sub.customId,
      startTime: sub.startTime ? new Date(sub.startTime) : null,
      nextBillingTime,
      lastPayment,
      failedPaymentsCount: 0,
      planOverridden: false,
    };
  }

  const event = (type: string, kind: ProviderEvent['kind'], subscription: ProviderSubscription, extra: Partial<ProviderEvent> = {}): ProviderEvent => ({
    id: `WH-SIM-${randomUUID()}`,
    type,
    kind,
    subscriptionId: subscription.id,
    subscription,
    payload: { simulated: true, event_type: type, resource: { id: subscription.id } },
    ...extra,
  });

  return {
    mode: 'simulator',
    accountKey: 'simulator',

    async createProduct() {
      return simId('PROD');
    },

    async createPlan({ productId, pricePerPeriod, currency, cycle }) {
      const id = simId('P');
      await write('plan', id, { productId, pricePerPeriod, currency, cycle } satisfies SimPlan);
      return id;
    },

    async createSubscription({ planId, quantity, customId, returnUrl, cancelUrl, brandName }) {
      if (!(await read<SimPlan>('plan', planId))) throw new ProviderError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Plan not found');
      const id = simId('I');
      const sub: SimSubscription = {
        id,
        planId,
        quantity,
        customId,
        brandName,
        status: 'APPROVAL_PENDING',
        startTime: null,
        pending: { kind: 'subscribe', quantity, planId, returnUrl, cancelUrl },
      };
      await write('sub', id, sub);
      return { id, status: sub.status, approvalUrl: `${new URL(returnUrl).origin}${SIMULATOR_APPROVE_PATH}/${id}` };
    },

    async getSubscription(id) {
      return view(await mustSub(id));
    },

    async reviseSubscription(id, { planId, quantity, returnUrl, cancelUrl }) {
      const sub = await mustSub(id);
      if (sub.status !== 'ACTIVE')
        throw new ProviderError(422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for revise action.');
      const [current, next] = await Promise.all([read<SimPlan>('plan', sub.planId), read<SimPlan>('plan', planId)]);
      if (!next) throw new ProviderError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Plan not found');
      if (current && current.productId !== next.productId) {
        throw new ProviderError(422, 'UNPROCESSABLE_ENTITY', 'PLAN_PRODUCT_NOT_COMPATIBLE', 'The new plan must belong to the same product.');
      }
      // Like PayPal for a quantity increase: the buyer approves the new amount.
      await write('sub', id, { ...sub, pending: { kind: 'revise', quantity, planId, returnUrl, cancelUrl } } satisfies SimSubscription);
      return { approvalUrl: `${new URL(returnUrl).origin}${SIMULATOR_APPROVE_PATH}/${id}` };
    },

    async cancelSubscription(id) {
      const sub = await mustSub(id);
      if (sub.status === 'CANCELLED')
        throw new ProviderError(422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for cancel action.');
      await write('sub', id, { ...sub, status: 'CANCELLED', pending: null } satisfies SimSubscription);
    },

    // The simulator delivers its events in-process; nothing may arrive at the webhook pretending to be it.
    async verifyWebhook() {
      return false;
    },

    async approval(id) {
      const sub = id.length <= 64 ? await read<SimSubscription>('sub', id) : null;
      if (!sub?.pending) return null;
      const plan = await read<SimPlan>('plan', sub.pending.planId);
      if (!plan) return null;
      return {
        id,
        kind: sub.pending.kind,
        brandName: sub.brandName,
        quantity: sub.pending.quantity,
        pricePerPeriod: plan.pricePerPeriod,
        currency: plan.currency,
        cycle: plan.cycle,
      };
    },

    async decide(id, decision) {
      const sub = id.length <= 64 ? await read<SimSubscription>('sub', id) : null;
      if (!sub?.pending) return null;
      const pending = sub.pending;
      const token = `EC-SIM${randomBytes(8).toString('hex').toUpperCase()}`;
      if (decision === 'cancel') {
        await write('sub', id, { ...sub, pending: null } satisfies SimSubscription);
        return { redirectUrl: withParams(pending.cancelUrl, { token }), events: [] };
      }
      const back = withParams(pending.returnUrl, { subscription_id: id, ba_token: `BA-SIM${token.slice(6)}`, token });
      if (pending.kind === 'subscribe') {
        const at = now();
        const next: SimSubscription = { ...sub, status: 'ACTIVE', startTime: at.toISOString(), pending: null };
        await write('sub', id, next);
        const resource = await view(next);
        const payment = resource.lastPayment!;
        return {
          redirectUrl: back,
          events: [
            event('BILLING.SUBSCRIPTION.ACTIVATED', 'activated', resource),
            event('PAYMENT.SALE.COMPLETED', 'payment_completed', resource, { payment: { amount: payment.amount, currency: payment.currency, time: at } }),
          ],
        };
      }
      const next: SimSubscription = { ...sub, quantity: pending.quantity, planId: pending.planId, pending: null };
      await write('sub', id, next);
      return { redirectUrl: back, events: [event('BILLING.SUBSCRIPTION.UPDATED', 'updated', await view(next))] };
    },
  };
}
