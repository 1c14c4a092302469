import type { AppDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { type ProviderEvent, type ProviderEventKind, parseSubscription } from './provider.js';
import { processProviderEvent } from './provider-events.js';

/** PayPal webhook event types and what they mean here. */
const KINDS: Record<string, ProviderEventKind> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'activated',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED': 'activated',
  'PAYMENT.SALE.COMPLETED': 'payment_completed',
  // Money taken back: a refund by us or a reversal (chargeback) by the buyer's bank; arrears reopen.
  'PAYMENT.SALE.REFUNDED': 'payment_reversed',
  'PAYMENT.SALE.REVERSED': 'payment_reversed',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'payment_failed',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'suspended',
  'BILLING.SUBSCRIPTION.CANCELLED': 'cancelled',
  'BILLING.SUBSCRIPTION.EXPIRED': 'expired',
  'BILLING.SUBSCRIPTION.UPDATED': 'updated',
};

/** Reads a PayPal webhook event (subscription events carry the subscription; a sale names it as billing_agreement_id). */
export function parsePayPalEvent(body: unknown): ProviderEvent | null {
  const e = (body ?? {}) as { id?: unknown; event_type?: unknown; create_time?: unknown; resource?: Record<string, unknown> };
  if (typeof e.id !== 'string' || !e.id || e.id.length > 100 || typeof e.event_type !== 'string') return null;
  const kind = KINDS[e.event_type] ?? null;
  const resource = e.resource ?? {};
  if (e.event_type.startsWith('PAYMENT.SALE.')) {
    // A v1 sale (or refund): amounts are strings ("10.0"), the subscription is billing_agreement_id when given.
    const amount = (resource.amount ?? {}) as { total?: unknown; currency?: unknown };
    const at = typeof resource.create_time === 'string' ? resource.create_time : typeof e.create_time === 'string' ? e.create_time : null;
    const time = at && !Number.isNaN(Date.parse(at)) ? new Date(at) : new Date();
    const subscriptionId = typeof resource.billing_agreement_id === 'string' && resource.billing_agreement_id ? resource.billing_agreement_id : null;
    const saleId = kind === 'payment_reversed' ? (resource.sale_id ?? resource.id) : resource.id;
    return {
      id: e.id,
      type: e.event_type,
      // A refund may name only its sale: processing finds the subscription from the sale recorded earlier.
      kind: subscriptionId || (kind === 'payment_reversed' && typeof saleId === 'string') ? kind : null,
      subscriptionId,
      saleId: typeof saleId === 'string' ? saleId : null,
      payment: { amount: String(amount.total ?? '0.00'), currency: String(amount.currency ?? 'USD'), time },
      payload: body,
    };
  }
  if (e.event_type.startsWith('BILLING.SUBSCRIPTION.') && typeof resource.id === 'string') {
    return { id: e.id, type: e.event_type, kind, subscriptionId: resource.id, subscription: parseSubscription(resource), payload: body };
  }
  return { id: e.id, type: e.event_type, kind: null, subscriptionId: null, payload: body };
}

/**
 * POST /paypal/webhook: the delivery is checked with PayPal's verify call (nothing is read before),
 * then processed once per event id (a replay answers `duplicate` and changes nothing).
 */
export async function handleWebhook(deps: AppDeps, headers: Record<string, string | string[] | undefined>, rawBody: string, body: unknown, now = new Date()) {
  const authentic = await deps.billing.verifyWebhook(headers, rawBody).catch(() => false);
  if (!authentic) throw new AppError('validation_failed', 'billing.webhookInvalid');
  const event = parsePayPalEvent(body);
  if (!event) throw new AppError('validation_failed', 'billing.webhookInvalid');
  return { eventId: event.id, outcome: await processProviderEvent(deps, event, now) };
}
