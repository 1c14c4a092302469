/**
 * The money checks (decision 0041): what PayPal reports is compared with what we sell. A subscription
 * must be on our plan, with our currency and price, for the seats we agreed, and no inline plan may
 * override the price; every completed payment must be price x seats of the period.
 */
import type { ProviderSubscription } from './provider.js';

/** An amount as integer cents; PayPal writes "10.0", "10.00" or "10" alike. Null when it is no amount. */
export function cents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** What we sell on one subscription row: its plan, its price per seat and period, its currency, its seats. */
export interface Expected {
  planId: string;
  pricePerPeriod: string;
  currency: string;
  quantity: number;
}

export type SubscriptionProblem = 'plan_overridden' | 'plan' | 'quantity' | 'currency' | 'amount';

/**
 * Why a subscription PayPal reports cannot be taken on as ours (null: it can). An inline plan override
 * (PayPal's plan_overridden) is refused whatever it changed: only our plan's price is ever accepted.
 */
export function subscriptionProblem(remote: ProviderSubscription, expected: Expected): SubscriptionProblem | null {
  if (remote.planOverridden) return 'plan_overridden';
  if (remote.planId !== expected.planId) return 'plan';
  if (remote.quantity !== expected.quantity) return 'quantity';
  const pay = remote.lastPayment;
  if (pay) {
    if (pay.currency !== expected.currency) return 'currency';
    if (cents(pay.amount) !== (cents(expected.pricePerPeriod) ?? Number.NaN) * expected.quantity) return 'amount';
  }
  return null;
}

/**
 * Whether what remains of a sale after its refunds still pays the period (decision 0054): the sale's total
 * minus every refund of it, in integer cents, at least price x seats in our currency. A sale or refund that
 * is not an amount, or in another currency, does not (the arrears reopen, as for a full refund).
 */
export function refundLeavesPeriodPaid(refund: { saleTotal: string; refunded: string; currency: string }, expected: Omit<Expected, 'planId'>): boolean {
  const total = cents(refund.saleTotal);
  const refunded = cents(refund.refunded);
  const price = cents(expected.pricePerPeriod);
  if (total === null || refunded === null || price === null || refund.currency !== expected.currency) return false;
  return total - refunded >= price * expected.quantity;
}

/**
 * How many seats a payment pays for: one of the candidate counts (the seats we have, a revision the
 * buyer approved) whose price x seats equals the amount in our currency; null when none does.
 */
export function paidSeats(amount: string, currency: string, expected: Omit<Expected, 'quantity' | 'planId'>, candidates: (number | null)[]): number | null {
  const paid = cents(amount);
  const price = cents(expected.pricePerPeriod);
  if (paid === null || price === null || currency !== expected.currency) return null;
  const seats = candidates.filter((n): n is number => n !== null && n > 0).sort((a, b) => b - a);
  return seats.find((n) => n * price === paid) ?? null;
}
