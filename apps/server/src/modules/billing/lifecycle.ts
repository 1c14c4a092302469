import {
  BILLING_ARREARS_DELETION_DAYS,
  BILLING_GRACE_DAYS,
  BILLING_RETENTION_DAYS,
  type BillingCycle,
  type CompanyStatus,
  PLAN_LIMITS,
  type Plan,
  type SubscriptionStatus,
} from '@presente/shared';

/**
 * The subscription lifecycle as a pure state machine: given the subscription, its company, what
 * happened (a provider event, or the clock) and the time, it answers the next state and the side
 * effects. Webhooks, the simulator, the payments calls and the lifecycle job all go through it.
 */

const DAY = 24 * 60 * 60 * 1000;
export const GRACE_MS = BILLING_GRACE_DAYS * DAY;
export const ARREARS_DELETION_MS = BILLING_ARREARS_DELETION_DAYS * DAY;
export const RETENTION_MS = BILLING_RETENTION_DAYS * DAY;

export interface LifecycleSubscription {
  status: SubscriptionStatus;
  employeeCount: number;
  billingCycle: BillingCycle;
  currentPeriodEnd: Date | null;
  nextBillingTime: Date | null;
  failedPaymentsCount: number;
  suspendedAt: Date | null;
  downgradedAt: Date | null;
  cancelledAt: Date | null;
  endedAt: Date | null;
  revisionEmployeeCount: number | null;
  revisionAppliedAt: Date | null;
  revisionApprovedAt: Date | null;
}
export interface LifecycleCompany {
  plan: Plan;
  status: CompanyStatus;
  maxEmployees: number;
}

export type LifecycleEvent =
  | { type: 'activated'; nextBillingTime?: Date | null; quantity?: number }
  /** `quantity`: the seats this payment pays for (price x seats checked by the caller, decision 0041). */
  | { type: 'payment_completed'; amount: string; currency: string; time: Date; nextBillingTime?: Date | null; quantity?: number }
  /** A payment that is not price x seats: recorded, flagged for the super admin, extends nothing. */
  | { type: 'payment_mismatch'; amount: string; currency: string; time: Date; expected: string }
  /**
   * A payment refunded or reversed: the arrears (and the 7-day grace) open again. `refund`: what a refund of a
   * known sale leaves paid (decision 0054), checked by the caller against price x seats.
   */
  | { type: 'payment_reversed'; refund?: { saleTotal: string; refunded: string; currency: string } }
  /** Part of a payment refunded, what remains still price x seats of the period (decision 0054): logged, nothing reopens. */
  | { type: 'payment_refunded'; amount: string; currency: string }
  | { type: 'payment_failed'; failedPaymentsCount?: number }
  | { type: 'suspended' }
  | { type: 'cancelled'; reason?: string }
  | { type: 'expired' }
  | { type: 'updated'; quantity: number; nextBillingTime?: Date | null }
  | { type: 'tick' };

/** A step worth telling the company about (activity log; mail unless noted in STEP_MAILED). */
export type LifecycleStep =
  | 'activated'
  | 'payment_completed'
  | 'payment_recovered'
  | 'payment_failed'
  | 'payment_reversed'
  | 'payment_refunded'
  | 'payment_mismatch'
  | 'grace_expired'
  | 'revision_scheduled'
  | 'revised'
  | 'cancelled'
  | 'expired'
  | 'access_ended'
  | 'deleted';
/** Routine payments are logged, not mailed (the provider sends its own receipt). */
export const STEP_MAILED: Record<LifecycleStep, boolean> = {
  activated: true,
  payment_completed: false,
  payment_recovered: true,
  payment_failed: true,
  payment_reversed: true,
  payment_refunded: false, // the period stays paid; PayPal sends the buyer its own refund receipt
  payment_mismatch: false, // the super admin's to look at, not the company's
  grace_expired: true,
  revision_scheduled: true,
  revised: true,
  cancelled: true,
  expired: true,
  access_ended: true,
  deleted: true,
};

export type SubscriptionPatch = Partial<LifecycleSubscription> & {
  lastPaymentAmount?: string;
  lastPaymentCurrency?: string;
  lastPaymentTime?: Date;
  cancelReason?: string | null;
  isCurrent?: boolean;
  flaggedAt?: Date;
  flagReason?: string;
};

export interface Decision {
  subscription: SubscriptionPatch;
  company: Partial<LifecycleCompany>;
  /** Deactivate the employees beyond the FREE limit (newest first) and their logins. */
  downgradeEmployees: boolean;
  /** Reactivate the employees an earlier downgrade deactivated. */
  restoreEmployees: boolean;
  /** Delete the company and all its data (as the super admin's delete). */
  deleteCompany: boolean;
  steps: LifecycleStep[];
}

const FREE = { plan: 'FREE' as const, maxEmployees: PLAN_LIMITS.FREE.employees };
const laterOf = (a: Date | null | undefined, b: Date | null | undefined) => (!a ? (b ?? null) : !b ? a : a > b ? a : b);
const earlierOf = (a: Date | null | undefined, b: Date | null | undefined) => (!a ? (b ?? null) : !b ? a : a < b ? a : b);

/** One cycle after `d` (a month, or a year). */
export function addCycle(d: Date, cycle: BillingCycle): Date {
  const r = new Date(d);
  if (cycle === 'annual') r.setUTCFullYear(r.getUTCFullYear() + 1);
  else r.setUTCMonth(r.getUTCMonth() + 1);
  return r;
}

/** Premium lasts to the end of the paid period after a cancellation or expiry (never before the cancellation). */
function accessEnd(sub: LifecycleSubscription): Date | null {
  return laterOf(sub.currentPeriodEnd, sub.cancelledAt);
}

/**
 * When the company's data is deleted (decision 0012): 30 days after the first unpaid failure while in
 * arrears; after a cancellation or expiry, 30 days after access ends, but never later than the arrears
 * deadline when it was cancelled in arrears (cancelling must not reset the clock). suspendedAt is set
 * by the first failure and cleared only by a payment, so it marks unpaid arrears.
 */
export function deletionDeadline(sub: LifecycleSubscription): Date | null {
  const arrears = sub.suspendedAt ? new Date(sub.suspendedAt.getTime() + ARREARS_DELETION_MS) : null;
  if (sub.status === 'SUSPENDED') return arrears;
  if (sub.status !== 'CANCELLED' && sub.status !== 'EXPIRED') return null;
  const end = sub.endedAt ?? accessEnd(sub);
  return earlierOf(arrears, end ? new Date(end.getTime() + RETENTION_MS) : null);
}

/** When the next scheduled steps of a subscription fall due, for display ("kept until", "deleted on"). */
export function deadlines(sub: LifecycleSubscription) {
  return {
    graceEndsAt: sub.status === 'SUSPENDED' && sub.suspendedAt ? new Date(sub.suspendedAt.getTime() + GRACE_MS) : null,
    deletionAt: deletionDeadline(sub),
    accessUntil: sub.status === 'CANCELLED' || sub.status === 'EXPIRED' ? (sub.endedAt ?? accessEnd(sub)) : null,
  };
}

const none = (): Decision => ({ subscription: {}, company: {}, downgradeEmployees: false, restoreEmployees: false, deleteCompany: false, steps: [] });

/** Premium with the paid count, company active (first activation, or a recovered payment). */
function premium(d: Decision, sub: LifecycleSubscription, quantity = sub.employeeCount) {
  d.company = { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: quantity };
  if (quantity !== sub.employeeCount) d.subscription.employeeCount = quantity;
}

/** Leaving arrears: the subscription is paid again. */
function recover(d: Decision, sub: LifecycleSubscription, quantity?: number) {
  d.subscription = { ...d.subscription, status: 'ACTIVE', suspendedAt: null, downgradedAt: null, failedPaymentsCount: 0 };
  premium(d, sub, quantity);
  d.restoreEmployees = !!sub.downgradedAt;
  d.steps.push('payment_recovered');
}

function onEvent(sub: LifecycleSubscription, company: LifecycleCompany, event: Exclude<LifecycleEvent, { type: 'tick' }>, now: Date): Decision {
  const d = none();
  switch (event.type) {
    case 'activated': {
      const next = event.nextBillingTime ?? null;
      if (sub.status === 'APPROVAL_PENDING') {
        d.subscription = {
          status: 'ACTIVE',
          isCurrent: true,
          nextBillingTime: next,
          currentPeriodEnd: laterOf(next, sub.currentPeriodEnd) ?? addCycle(now, sub.billingCycle),
        };
        premium(d, sub, event.quantity);
        d.steps.push('activated');
      } else if (sub.status === 'SUSPENDED') {
        // RE-ACTIVATED (or ACTIVATED) in arrears is not a payment: only a completed payment ends the arrears.
        if (next) d.subscription = { nextBillingTime: next };
      } else if (sub.status === 'ACTIVE' && next) {
        d.subscription = { nextBillingTime: next, currentPeriodEnd: laterOf(next, sub.currentPeriodEnd) };
      }
      // CANCELLED / EXPIRED: resuming needs support (spec §4); nothing changes.
      return d;
    }
    case 'payment_completed': {
      d.subscription = { lastPaymentAmount: event.amount, lastPaymentCurrency: event.currency, lastPaymentTime: event.time };
      if (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') return d;
      const periodEnd = laterOf(event.nextBillingTime ?? addCycle(event.time, sub.billingCycle), sub.currentPeriodEnd);
      d.subscription = { ...d.subscription, currentPeriodEnd: periodEnd, nextBillingTime: event.nextBillingTime ?? periodEnd, failedPaymentsCount: 0 };
      // Seats paid for: a payment at a revised (approved) quantity brings its extra seats (decision 0041).
      const paid = event.quantity ?? sub.employeeCount;
      if (sub.status === 'APPROVAL_PENDING') {
        d.subscription = { ...d.subscription, status: 'ACTIVE', isCurrent: true };
        premium(d, sub, paid);
        d.steps.push('activated');
      } else if (sub.status === 'SUSPENDED') {
        recover(d, sub, Math.max(paid, sub.employeeCount));
      } else {
        d.steps.push('payment_completed');
        if (paid > sub.employeeCount) {
          d.subscription.employeeCount = paid;
          if (company.plan === 'PREMIUM') d.company = { maxEmployees: paid };
          d.steps.push('revised');
        }
      }
      if (paid > sub.employeeCount && sub.revisionEmployeeCount !== null && paid >= sub.revisionEmployeeCount) d.subscription.revisionAppliedAt = now;
      return d;
    }
    case 'payment_mismatch': {
      // Recorded (so it is not read again as new) and flagged; the paid period and the seats stay as they were.
      d.subscription = {
        lastPaymentAmount: event.amount,
        lastPaymentCurrency: event.currency,
        lastPaymentTime: event.time,
        flaggedAt: now,
        flagReason: `payment ${event.amount} ${event.currency}, expected ${event.expected}`,
      };
      d.steps.push('payment_mismatch');
      return d;
    }
    case 'payment_refunded': {
      if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED') d.steps.push('payment_refunded');
      return d;
    }
    case 'payment_reversed': {
      if (sub.status !== 'ACTIVE') return d; // already in arrears (its clock keeps running), or over
      d.subscription = { status: 'SUSPENDED', suspendedAt: now, failedPaymentsCount: Math.max(sub.failedPaymentsCount, 1) };
      d.company = { status: 'SUSPENDED' };
      d.steps.push('payment_reversed');
      return d;
    }
    case 'payment_failed':
    case 'suspended': {
      const failed = event.type === 'payment_failed' ? (event.failedPaymentsCount ?? sub.failedPaymentsCount + 1) : sub.failedPaymentsCount;
      if (sub.status === 'ACTIVE') {
        // Grace: still PREMIUM with the paid count; only the company's status shows the arrears.
        d.subscription = { status: 'SUSPENDED', suspendedAt: now, failedPaymentsCount: Math.max(failed, 1) };
        d.company = { status: 'SUSPENDED' };
        d.steps.push('payment_failed');
      } else if (sub.status === 'SUSPENDED' && failed !== sub.failedPaymentsCount) {
        d.subscription = { failedPaymentsCount: failed };
      }
      return d;
    }
    case 'cancelled':
    case 'expired': {
      const status = event.type === 'cancelled' ? 'CANCELLED' : 'EXPIRED';
      if (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') return d;
      d.subscription = { status, cancelledAt: now, ...(event.type === 'cancelled' && event.reason ? { cancelReason: event.reason } : {}) };
      if (sub.status === 'APPROVAL_PENDING') return d; // never approved: nothing to tell, nothing to end
      if (sub.status === 'SUSPENDED') d.company = { status: company.status === 'SUSPENDED' ? 'ACTIVE' : company.status };
      d.steps.push(event.type);
      return d;
    }
    case 'updated': {
      if (sub.status === 'APPROVAL_PENDING' || sub.status === 'CANCELLED' || sub.status === 'EXPIRED') return d;
      if (event.nextBillingTime) d.subscription.nextBillingTime = event.nextBillingTime;
      if (event.quantity === sub.employeeCount) return d;
      if (event.quantity > sub.employeeCount) {
        // More seats approved: PayPal bills them from the next cycle, so they come with that payment (decision 0041).
        if (sub.revisionApprovedAt && sub.revisionEmployeeCount === event.quantity) return d;
        d.subscription.revisionEmployeeCount = event.quantity;
        d.subscription.revisionApprovedAt = now;
        d.steps.push('revision_scheduled');
        return d;
      }
      // Fewer seats (support lowered it at PayPal): costs us nothing, applies at once.
      d.subscription.employeeCount = event.quantity;
      if (company.plan === 'PREMIUM') d.company = { maxEmployees: event.quantity };
      d.steps.push('revised');
      return d;
    }
  }
}

/** What the clock alone brings: grace expiry, end of access, deletion. */
function onTick(sub: LifecycleSubscription, company: LifecycleCompany, now: Date): Decision {
  const d = none();
  const t = now.getTime();
  if (sub.status === 'SUSPENDED' && sub.suspendedAt) {
    // An operator who set the company ACTIVE or INACTIVE by hand has taken the case over.
    if (company.status !== 'SUSPENDED') {
      d.subscription = { isCurrent: false };
      return d;
    }
    if (t >= sub.suspendedAt.getTime() + ARREARS_DELETION_MS) {
      d.deleteCompany = true;
      d.steps.push('deleted');
    } else if (t >= sub.suspendedAt.getTime() + GRACE_MS && !sub.downgradedAt) {
      d.subscription = { downgradedAt: now };
      d.company = { ...FREE };
      d.downgradeEmployees = true;
      d.steps.push('grace_expired');
    }
    return d;
  }
  if (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') {
    if (!sub.endedAt) {
      const end = accessEnd(sub) ?? now;
      if (t < end.getTime()) return d;
      // Access ends at the period's end exactly; the 30 days of retention count from there.
      d.subscription = { endedAt: end };
      d.company = { ...FREE, status: 'INACTIVE' };
      d.downgradeEmployees = true;
      d.steps.push('access_ended');
      return d;
    }
    const deletion = deletionDeadline(sub);
    if (deletion && t >= deletion.getTime()) {
      if (company.status === 'INACTIVE') {
        d.deleteCompany = true;
        d.steps.push('deleted');
      } else {
        d.subscription = { isCurrent: false }; // reactivated by an operator: no longer ours to delete
      }
    }
  }
  return d;
}

/** The next state after an event or the clock. A clock that jumped far (a stopped server) catches up in one call. */
export function decide(sub: LifecycleSubscription, company: LifecycleCompany, event: LifecycleEvent, now: Date): Decision {
  if (event.type !== 'tick') return onEvent(sub, company, event, now);
  const total = none();
  let s = { ...sub };
  let c = { ...company };
  for (let i = 0; i < 3; i++) {
    const d = onTick(s, c, now);
    total.subscription = { ...total.subscription, ...d.subscription };
    total.company = { ...total.company, ...d.company };
    total.downgradeEmployees ||= d.downgradeEmployees;
    total.steps.push(...d.steps);
    if (d.deleteCompany) {
      total.deleteCompany = true;
      break;
    }
    if (!d.steps.length) break;
    s = { ...s, ...(d.subscription as Partial<LifecycleSubscription>) };
    c = { ...c, ...d.company };
  }
  return total;
}
