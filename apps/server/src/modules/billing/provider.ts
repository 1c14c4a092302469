import type { BillingCycle, BillingMode, SubscriptionStatus } from '@presente/shared';

/** Who runs subscriptions: PayPal's REST API or the built-in simulator (BILLING_MODE=off keeps one for existing subscriptions). */
export type ProviderMode = Exclude<BillingMode, 'off'>;

/** A subscription as the provider reports it (PayPal's fields, normalised). */
export interface ProviderSubscription {
  id: string;
  /** PayPal also reports APPROVED (approved, not yet active). */
  status: SubscriptionStatus | 'APPROVED';
  planId: string;
  quantity: number;
  customId: string | null;
  startTime: Date | null;
  nextBillingTime: Date | null;
  lastPayment: { amount: string; currency: string; time: Date | null } | null;
  failedPaymentsCount: number;
  /** An inline plan changed the price of this subscription (PayPal's plan_overridden): never ours to accept. */
  planOverridden: boolean;
}

/** What a provider event means for us (webhooks and the simulator produce the same). */
export type ProviderEventKind = 'activated' | 'payment_completed' | 'payment_reversed' | 'payment_failed' | 'suspended' | 'cancelled' | 'expired' | 'updated';

export interface ProviderEvent {
  /** The provider's event id: the idempotency key. */
  id: string;
  /** The provider's event type, e.g. BILLING.SUBSCRIPTION.ACTIVATED. */
  type: string;
  kind: ProviderEventKind | null;
  subscriptionId: string | null;
  /** The subscription resource, when the event carries it. */
  subscription?: ProviderSubscription;
  payment?: { amount: string; currency: string; time: Date };
  /** The sale a payment event is about (a refund names only this, not the subscription). */
  saleId?: string | null;
  payload: unknown;
}

/** The payment provider: PayPal's REST API, or the in-process simulator with the same behaviour. */
export interface BillingProvider {
  readonly mode: ProviderMode;
  /** Identifies the provider account; product and plan ids are cached per account. */
  readonly accountKey: string;
  createProduct(input: { name: string; description: string }): Promise<string>;
  /** A plan charging `pricePerPeriod` per unit per cycle, unlimited cycles, quantity supported. */
  createPlan(input: { productId: string; name: string; pricePerPeriod: string; currency: string; cycle: BillingCycle }): Promise<string>;
  createSubscription(input: {
    planId: string;
    quantity: number;
    customId: string;
    returnUrl: string;
    cancelUrl: string;
    brandName: string;
    locale?: string;
    /** One logical creation: the same key sends the same PayPal-Request-Id (a retry creates nothing twice). */
    idempotencyKey?: string;
  }): Promise<{ id: string; status: string; approvalUrl: string | null }>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Changes the quantity (and plan); PayPal answers with an approval link when the buyer must consent. */
  reviseSubscription(
    id: string,
    input: { planId: string; quantity: number; returnUrl: string; cancelUrl: string; idempotencyKey?: string },
  ): Promise<{ approvalUrl: string | null; planOverridden?: boolean }>;
  /** `idempotencyKey`: one logical cancellation (default: the reason); a retry of it sends the same PayPal-Request-Id. */
  cancelSubscription(id: string, reason: string, idempotencyKey?: string): Promise<void>;
  /** Whether a webhook delivery is authentic (PayPal's verify-webhook-signature). */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean>;
}

/** A failed provider call, with PayPal's error name and first detail issue. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    message: string,
    readonly debugId: string | null = null,
  ) {
    super(message);
  }
}

/** Reads a PayPal subscription resource. */
export function parseSubscription(raw: unknown): ProviderSubscription {
  const r = (raw ?? {}) as Record<string, unknown>;
  const info = (r.billing_info ?? {}) as Record<string, unknown>;
  const last = info.last_payment as { amount?: { value?: string; currency_code?: string }; time?: string } | undefined;
  const date = (v: unknown) => (typeof v === 'string' && v ? new Date(v) : null);
  return {
    id: String(r.id ?? ''),
    status: String(r.status ?? 'APPROVAL_PENDING') as ProviderSubscription['status'],
    planId: String(r.plan_id ?? ''),
    // PayPal writes the quantity as a string ("8"); a fractional one ("8.5") stays fractional and matches no seat count.
    quantity: Number(r.quantity ?? '1'),
    customId: typeof r.custom_id === 'string' ? r.custom_id : null,
    startTime: date(r.start_time),
    nextBillingTime: date(info.next_billing_time),
    lastPayment: last?.amount?.value ? { amount: last.amount.value, currency: last.amount.currency_code ?? 'USD', time: date(last.time) } : null,
    failedPaymentsCount: Number(info.failed_payments_count ?? 0),
    planOverridden: r.plan_overridden === true || (r.plan !== undefined && r.plan !== null),
  };
}
