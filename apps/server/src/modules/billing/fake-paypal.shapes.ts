import { createSign, createVerify, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeSale } from './fake-paypal.js';

/** Test support for the fake PayPal: PayPal's error bodies and event shapes, word for word from its OpenAPI documents. */

/** A webhook event as PayPal posts it (notifications v1 `event`). */
export interface FakeEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: object;
  links: { href: string; rel: string; method: string }[];
}

/** PayPal's name and message per status (billing_subscriptions_v1 error_4xx/5xx). */
const ERRORS: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to missing authorization header, or invalid authentication credentials.' },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
  503: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
};

/** The description PayPal gives each issue (its documents fix them). */
const ISSUES: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  SUBSCRIPTION_STATUS_INVALID: 'Invalid subscription status for cancel action; subscription status should be active or suspended.',
  PLAN_PRODUCT_NOT_COMPATIBLE: 'The old and the new plans should be for the same product.',
  SUBSCRIPTION_CANNOT_HAVE_QUANTITY: "Subscription can't have quantity as the plan does not support quantity.",
};

/** PayPal's error body: name, message, debug_id, details[] (issue, description, field). */
export function payPalError(status: number, issue?: string, field?: string) {
  const { name, message } = ERRORS[status] ?? ERRORS[500];
  return {
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    ...(status < 500 ? { details: issue ? [{ ...(field ? { field, location: 'body' } : {}), issue, description: ISSUES[issue] ?? issue }] : [] } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  };
}

/** A v1 sale amount as PayPal writes it: "20.0", "17.5", "2.55" (trailing zero dropped). */
export const saleTotal = (value: string) =>
  Number(value)
    .toFixed(2)
    .replace(/(\.\d)0$/, '$1');

export function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const addCycle = (d: Date, interval: string) => {
  const r = new Date(d);
  if (interval === 'YEAR') r.setUTCFullYear(r.getUTCFullYear() + 1);
  else r.setUTCMonth(r.getUTCMonth() + 1);
  return r;
};
export const cents = (v: string) => Math.round(Number(v) * 100);
export const overrideOf = (plan: unknown): { price: string; currency: string } | null => {
  const cycles = (plan as { billing_cycles?: { pricing_scheme?: { fixed_price?: { value?: string; currency_code?: string } } }[] } | undefined)?.billing_cycles;
  const fixed = cycles?.find((c) => c.pricing_scheme?.fixed_price)?.pricing_scheme?.fixed_price;
  return fixed?.value ? { price: fixed.value, currency: fixed.currency_code ?? 'USD' } : null;
};

/** A v1 sale, as PayPal sends it: amounts as strings, trailing zeros dropped ("20.0"), the subscription as billing_agreement_id. */
export function saleResource(url: string, sale: FakeSale, customId: string | null) {
  const { total: value, currency } = sale;
  return {
    id: sale.id,
    state: 'completed',
    amount: { total: saleTotal(value), currency, details: { subtotal: saleTotal(value) } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: saleTotal(((cents(value) * 0.054 + 30) / 100).toFixed(2)), currency },
    billing_agreement_id: sale.subscriptionId,
    custom: customId ?? undefined,
    create_time: sale.time,
    update_time: sale.time,
    links: [{ href: `${url}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' }],
  };
}

/**
 * A refund names the sale it returns (sale_id), not the subscription, with the amount it returns (all of the sale,
 * or part: `value`) and the running total refunded of that sale; a reversal is the whole sale, reversed.
 */
export function refundResource(
  sale: FakeSale,
  kind: 'REFUNDED' | 'REVERSED',
  now: string,
  refundId: string,
  paymentId: string,
  refund: { value: string; totalRefunded: string } = { value: sale.total, totalRefunded: sale.total },
) {
  if (kind === 'REVERSED') {
    const amount = { total: saleTotal(sale.total), currency: sale.currency };
    return {
      id: sale.id,
      state: 'reversed',
      amount,
      reason_code: 'BUYER_COMPLAINT',
      billing_agreement_id: sale.subscriptionId,
      create_time: now,
      update_time: now,
    };
  }
  return {
    id: refundId,
    state: 'completed',
    amount: { total: saleTotal(refund.value), currency: sale.currency },
    total_refunded_amount: { value: saleTotal(refund.totalRefunded), currency: sale.currency },
    sale_id: sale.id,
    parent_payment: paymentId,
    create_time: now,
    update_time: now,
  };
}

export const refundSummary = (sale: FakeSale, kind: 'REFUNDED' | 'REVERSED', value = sale.total) =>
  `A ${saleTotal(value)} ${sale.currency} sale payment was ${kind === 'REFUNDED' ? 'refunded' : 'reversed'}`;

/** CRC-32 (IEEE), as PayPal puts it in the signed string of a webhook delivery. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(text: string): number {
  let c = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The string PayPal signs for a delivery: transmission id, time, webhook id and the body's CRC-32. */
const signed = (transmissionId: string, time: string, webhookId: string, body: string) => `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;

/** PayPal's delivery headers for a body: a fresh transmission id and time, SHA256withRSA over the signed string. */
export function signDelivery(privateKey: string, certUrl: string, webhookId: string, body: string, time: string): Record<string, string> {
  const transmissionId = randomUUID();
  const signer = createSign('RSA-SHA256');
  signer.update(signed(transmissionId, time, webhookId, body));
  return {
    'content-type': 'application/json',
    'user-agent': 'PayPal/AUHD-214.0-58385427',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': certUrl,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig': signer.sign(privateKey, 'base64'),
    'paypal-transmission-time': time,
  };
}

/** PayPal's side of verify-webhook-signature: the signature over the event as the verify call carries it. */
export function signatureValid(publicKey: string, body: Record<string, unknown>): boolean {
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signed(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(body.webhook_event)));
  try {
    return verifier.verify(publicKey, String(body.transmission_sig), 'base64');
  } catch {
    return false;
  }
}
