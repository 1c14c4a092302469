import { describe, expect, it } from 'vitest';
import { addCycle, deadlines, decide, type LifecycleCompany, type LifecycleEvent, type LifecycleSubscription } from './lifecycle.js';
import { refundLeavesPeriodPaid } from './money.js';

const T0 = new Date('2026-03-10T12:00:00Z');
const days = (n: number, from = T0) => new Date(from.getTime() + n * 86_400_000);
const sub = (over: Partial<LifecycleSubscription> = {}): LifecycleSubscription => ({
  status: 'ACTIVE',
  employeeCount: 12,
  billingCycle: 'monthly',
  currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
  nextBillingTime: new Date('2026-04-01T00:00:00Z'),
  failedPaymentsCount: 0,
  suspendedAt: null,
  downgradedAt: null,
  cancelledAt: null,
  endedAt: null,
  revisionEmployeeCount: null,
  revisionAppliedAt: null,
  revisionApprovedAt: null,
  ...over,
});
const premium: LifecycleCompany = { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 12 };
const free: LifecycleCompany = { plan: 'FREE', status: 'ACTIVE', maxEmployees: 5 };
const pay: LifecycleEvent = { type: 'payment_completed', amount: '30.00', currency: 'USD', time: T0 };

describe('lifecycle: events (every status × every event)', () => {
  // [from status, company, event, expected subscription patch, expected company patch, steps]
  const table: [string, LifecycleSubscription, LifecycleCompany, LifecycleEvent, object, object, string[]][] = [
    [
      'APPROVAL_PENDING + activated → ACTIVE, PREMIUM with the paid count',
      sub({ status: 'APPROVAL_PENDING', currentPeriodEnd: null }),
      free,
      { type: 'activated', nextBillingTime: new Date('2026-04-10T12:00:00Z'), quantity: 12 },
      { status: 'ACTIVE', isCurrent: true, currentPeriodEnd: new Date('2026-04-10T12:00:00Z') },
      { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 12 },
      ['activated'],
    ],
    [
      'APPROVAL_PENDING + payment → ACTIVE (the sale arrived first)',
      sub({ status: 'APPROVAL_PENDING', currentPeriodEnd: null }),
      free,
      pay,
      { status: 'ACTIVE', isCurrent: true, lastPaymentAmount: '30.00', currentPeriodEnd: new Date('2026-04-10T12:00:00Z') },
      { plan: 'PREMIUM', maxEmployees: 12 },
      ['activated'],
    ],
    [
      'APPROVAL_PENDING + cancelled → CANCELLED, nothing to tell',
      sub({ status: 'APPROVAL_PENDING' }),
      free,
      { type: 'cancelled' },
      { status: 'CANCELLED' },
      {},
      [],
    ],
    ['APPROVAL_PENDING + failed → nothing', sub({ status: 'APPROVAL_PENDING' }), free, { type: 'payment_failed' }, {}, {}, []],
    ['APPROVAL_PENDING + updated → nothing', sub({ status: 'APPROVAL_PENDING' }), free, { type: 'updated', quantity: 20 }, {}, {}, []],
    [
      'ACTIVE + activated again → idempotent',
      sub(),
      premium,
      { type: 'activated', nextBillingTime: new Date('2026-04-01T00:00:00Z') },
      { nextBillingTime: new Date('2026-04-01T00:00:00Z') },
      {},
      [],
    ],
    [
      'ACTIVE + payment → period extended, logged',
      sub(),
      premium,
      { ...pay, nextBillingTime: new Date('2026-05-01T00:00:00Z') },
      { currentPeriodEnd: new Date('2026-05-01T00:00:00Z'), failedPaymentsCount: 0 },
      {},
      ['payment_completed'],
    ],
    [
      'ACTIVE + failed → SUSPENDED, Premium kept (grace), company SUSPENDED',
      sub(),
      premium,
      { type: 'payment_failed', failedPaymentsCount: 1 },
      { status: 'SUSPENDED', suspendedAt: T0, failedPaymentsCount: 1 },
      { status: 'SUSPENDED' },
      ['payment_failed'],
    ],
    [
      'ACTIVE + suspended → SUSPENDED',
      sub(),
      premium,
      { type: 'suspended' },
      { status: 'SUSPENDED', suspendedAt: T0 },
      { status: 'SUSPENDED' },
      ['payment_failed'],
    ],
    [
      'ACTIVE + cancelled → CANCELLED, Premium until the period end',
      sub(),
      premium,
      { type: 'cancelled', reason: 'caro' },
      { status: 'CANCELLED', cancelledAt: T0, cancelReason: 'caro' },
      {},
      ['cancelled'],
    ],
    ['ACTIVE + expired → EXPIRED', sub(), premium, { type: 'expired' }, { status: 'EXPIRED', cancelledAt: T0 }, {}, ['expired']],
    [
      'ACTIVE + updated (more) → approved only: the seats wait for the payment at that quantity (decision 0041)',
      sub({ revisionEmployeeCount: 20 }),
      premium,
      { type: 'updated', quantity: 20 },
      { revisionEmployeeCount: 20, revisionApprovedAt: T0 },
      {},
      ['revision_scheduled'],
    ],
    [
      'ACTIVE + payment for the approved quantity → the extra seats, from that payment',
      sub({ revisionEmployeeCount: 20, revisionApprovedAt: days(-5) }),
      premium,
      { type: 'payment_completed', amount: '50.0', currency: 'USD', time: T0, quantity: 20 },
      { employeeCount: 20, revisionAppliedAt: T0 },
      { maxEmployees: 20 },
      ['payment_completed', 'revised'],
    ],
    [
      'ACTIVE + updated (fewer, by support) → applied at once',
      sub(),
      premium,
      { type: 'updated', quantity: 10 },
      { employeeCount: 10 },
      { maxEmployees: 10 },
      ['revised'],
    ],
    [
      'ACTIVE + payment not price x seats → recorded and flagged; period and seats unchanged',
      sub(),
      premium,
      { type: 'payment_mismatch', amount: '0.10', currency: 'USD', time: T0, expected: '30.00 USD' },
      { lastPaymentAmount: '0.10', flaggedAt: T0, flagReason: 'payment 0.10 USD, expected 30.00 USD' },
      {},
      ['payment_mismatch'],
    ],
    [
      'ACTIVE + refunded or reversed → SUSPENDED again, the 7-day grace from now',
      sub(),
      premium,
      { type: 'payment_reversed' },
      { status: 'SUSPENDED', suspendedAt: T0, failedPaymentsCount: 1 },
      { status: 'SUSPENDED' },
      ['payment_reversed'],
    ],
    [
      'SUSPENDED + refunded → nothing more (the arrears clock keeps running)',
      sub({ status: 'SUSPENDED', suspendedAt: days(-3), failedPaymentsCount: 1 }),
      { ...premium, status: 'SUSPENDED' },
      { type: 'payment_reversed' },
      {},
      {},
      [],
    ],
    [
      'ACTIVE + partly refunded, the period still paid → logged only (decision 0054)',
      sub(),
      premium,
      { type: 'payment_refunded', amount: '5.00', currency: 'USD' },
      {},
      {},
      ['payment_refunded'],
    ],
    [
      'CANCELLED + partly refunded → nothing',
      sub({ status: 'CANCELLED', cancelledAt: days(-1) }),
      premium,
      { type: 'payment_refunded', amount: '5.00', currency: 'USD' },
      {},
      {},
      [],
    ],
    ['ACTIVE + updated (same) → nothing', sub(), premium, { type: 'updated', quantity: 12 }, {}, {}, []],
    [
      'SUSPENDED + failed again → count only, grace clock unchanged',
      sub({ status: 'SUSPENDED', suspendedAt: days(-2), failedPaymentsCount: 1 }),
      { ...premium, status: 'SUSPENDED' },
      { type: 'payment_failed', failedPaymentsCount: 2 },
      { failedPaymentsCount: 2 },
      {},
      [],
    ],
    [
      'SUSPENDED (in grace) + payment → ACTIVE, recovered',
      sub({ status: 'SUSPENDED', suspendedAt: days(-2) }),
      { ...premium, status: 'SUSPENDED' },
      pay,
      { status: 'ACTIVE', suspendedAt: null, failedPaymentsCount: 0 },
      { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 12 },
      ['payment_recovered'],
    ],
    [
      'SUSPENDED (downgraded) + payment → PREMIUM again, employees restored',
      sub({ status: 'SUSPENDED', suspendedAt: days(-10), downgradedAt: days(-3) }),
      { plan: 'FREE', status: 'SUSPENDED', maxEmployees: 5 },
      pay,
      { status: 'ACTIVE', downgradedAt: null },
      { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 12 },
      ['payment_recovered'],
    ],
    [
      'SUSPENDED + re-activated → still SUSPENDED: only a completed payment ends the arrears',
      sub({ status: 'SUSPENDED', suspendedAt: days(-1) }),
      { ...premium, status: 'SUSPENDED' },
      { type: 'activated' },
      {},
      {},
      [],
    ],
    [
      'SUSPENDED + cancelled → CANCELLED, company out of SUSPENDED',
      sub({ status: 'SUSPENDED', suspendedAt: days(-1) }),
      { ...premium, status: 'SUSPENDED' },
      { type: 'cancelled' },
      { status: 'CANCELLED', cancelledAt: T0 },
      { status: 'ACTIVE' },
      ['cancelled'],
    ],
    [
      'CANCELLED + activated → nothing (resuming needs support)',
      sub({ status: 'CANCELLED', cancelledAt: days(-1) }),
      premium,
      { type: 'activated' },
      {},
      {},
      [],
    ],
    ['CANCELLED + payment → recorded only', sub({ status: 'CANCELLED', cancelledAt: days(-1) }), premium, pay, { lastPaymentAmount: '30.00' }, {}, []],
    ['CANCELLED + cancelled → nothing', sub({ status: 'CANCELLED', cancelledAt: days(-1) }), premium, { type: 'cancelled' }, {}, {}, []],
    ['EXPIRED + failed → nothing', sub({ status: 'EXPIRED', cancelledAt: days(-1) }), premium, { type: 'payment_failed' }, {}, {}, []],
  ];
  for (const [name, s, c, event, subPatch, companyPatch, steps] of table) {
    it(name, () => {
      const d = decide(s, c, event, T0);
      expect(d.subscription).toMatchObject(subPatch);
      if (!Object.keys(subPatch).length) expect(d.subscription).toEqual({});
      expect(d.company).toMatchObject(companyPatch);
      if (!Object.keys(companyPatch).length) expect(d.company).toEqual({});
      expect(d.steps).toEqual(steps);
      if (event.type === 'payment_mismatch') expect(Object.keys(d.subscription)).not.toContain('currentPeriodEnd');
      expect(d.deleteCompany).toBe(false);
    });
  }
  it('restores employees only when a downgrade happened', () => {
    expect(decide(sub({ status: 'SUSPENDED', suspendedAt: days(-10), downgradedAt: days(-3) }), free, pay, T0).restoreEmployees).toBe(true);
    expect(decide(sub({ status: 'SUSPENDED', suspendedAt: days(-2) }), premium, pay, T0).restoreEmployees).toBe(false);
  });
});

describe('lifecycle: the clock (grace 7 days, deletion after 30 days of arrears, 30 days of retention)', () => {
  const arrears = sub({ status: 'SUSPENDED', suspendedAt: T0, failedPaymentsCount: 1 });
  const suspendedCo: LifecycleCompany = { ...premium, status: 'SUSPENDED' };
  const tick = (s: LifecycleSubscription, c: LifecycleCompany, at: Date) => decide(s, c, { type: 'tick' }, at);

  it('keeps Premium during the whole grace period', () => {
    const d = tick(arrears, suspendedCo, new Date(days(7).getTime() - 1));
    expect(d.steps).toEqual([]);
    expect(d.company).toEqual({});
  });
  it('moves to FREE limits exactly 7 days after the first failed payment, deactivating extra employees', () => {
    const d = tick(arrears, suspendedCo, days(7));
    expect(d.steps).toEqual(['grace_expired']);
    expect(d.company).toEqual({ plan: 'FREE', maxEmployees: 5 });
    expect(d.downgradeEmployees).toBe(true);
    expect(d.subscription).toEqual({ downgradedAt: days(7) });
  });
  it('does not downgrade twice', () => {
    expect(tick({ ...arrears, downgradedAt: days(7) }, { plan: 'FREE', status: 'SUSPENDED', maxEmployees: 5 }, days(20)).steps).toEqual([]);
  });
  it('deletes exactly 30 days after the first failed payment (even if the grace step was missed)', () => {
    expect(tick({ ...arrears, downgradedAt: days(7) }, free, new Date(days(30).getTime() - 1)).deleteCompany).toBe(false);
    const d = tick({ ...arrears, downgradedAt: days(7) }, { plan: 'FREE', status: 'SUSPENDED', maxEmployees: 5 }, days(30));
    expect(d).toMatchObject({ deleteCompany: true, steps: ['deleted'] });
    expect(tick(arrears, suspendedCo, days(45))).toMatchObject({ deleteCompany: true, steps: ['deleted'] });
  });
  it('hands the case over when an operator changed the company status by hand', () => {
    const d = tick(arrears, { ...premium, status: 'ACTIVE' }, days(30));
    expect(d).toMatchObject({ deleteCompany: false, steps: [], subscription: { isCurrent: false } });
  });

  const periodEnd = new Date('2026-04-01T00:00:00Z');
  const cancelled = sub({ status: 'CANCELLED', cancelledAt: T0, currentPeriodEnd: periodEnd });
  it('keeps Premium after a cancellation until the end of the paid period', () => {
    expect(tick(cancelled, premium, new Date(periodEnd.getTime() - 1)).steps).toEqual([]);
  });
  it('ends access at the period end: company INACTIVE with FREE limits, data kept', () => {
    const d = tick(cancelled, premium, new Date(periodEnd.getTime() + 60_000));
    expect(d).toMatchObject({
      steps: ['access_ended'],
      company: { status: 'INACTIVE', plan: 'FREE', maxEmployees: 5 },
      subscription: { endedAt: periodEnd },
      deleteCompany: false,
    });
  });
  it('deletes 30 days after the end of access, counted from the period end', () => {
    const ended = { ...cancelled, endedAt: periodEnd };
    const inactive: LifecycleCompany = { plan: 'FREE', status: 'INACTIVE', maxEmployees: 5 };
    expect(tick(ended, inactive, new Date(days(30, periodEnd).getTime() - 1)).deleteCompany).toBe(false);
    expect(tick(ended, inactive, days(30, periodEnd))).toMatchObject({ deleteCompany: true, steps: ['deleted'] });
    // Reactivated by an operator meanwhile: kept, and no longer followed.
    expect(tick(ended, { ...inactive, status: 'ACTIVE' }, days(31, periodEnd))).toMatchObject({ deleteCompany: false, subscription: { isCurrent: false } });
  });
  it('catches up after a long stop: access ended and deletion in one run', () => {
    expect(tick(cancelled, premium, days(40, periodEnd))).toMatchObject({ steps: ['access_ended', 'deleted'], deleteCompany: true });
  });
  it('an EXPIRED subscription follows the same path; a cancellation in arrears ends access at once', () => {
    expect(tick(sub({ status: 'EXPIRED', cancelledAt: T0, currentPeriodEnd: T0 }), premium, T0).steps).toEqual(['access_ended']);
    const inArrears = sub({ status: 'CANCELLED', suspendedAt: days(-3), cancelledAt: T0, currentPeriodEnd: days(-33) });
    expect(tick(inArrears, premium, T0)).toMatchObject({ steps: ['access_ended'], subscription: { endedAt: T0 } });
  });
  it('a cancellation in arrears does not reset the deletion clock: the earlier of first failure + 30 days and end of access + 30 days', () => {
    // First failure on day 0, cancelled (by PayPal after its retries, or by the admin) on day 10.
    const cancelledInArrears = sub({ status: 'CANCELLED', suspendedAt: T0, failedPaymentsCount: 3, cancelledAt: days(10), currentPeriodEnd: T0 });
    const afterCancel: LifecycleCompany = { plan: 'FREE', status: 'ACTIVE', maxEmployees: 5 };
    expect(deadlines(cancelledInArrears)).toMatchObject({ accessUntil: days(10), deletionAt: days(30) });
    const ended = tick(cancelledInArrears, afterCancel, days(10));
    expect(ended).toMatchObject({ steps: ['access_ended'], subscription: { endedAt: days(10) }, deleteCompany: false });
    const inactive: LifecycleCompany = { plan: 'FREE', status: 'INACTIVE', maxEmployees: 5 };
    const endedSub = { ...cancelledInArrears, endedAt: days(10) };
    // Not day 40 (end of access + 30): day 30, as if it had never been cancelled.
    expect(tick(endedSub, inactive, new Date(days(30).getTime() - 1)).deleteCompany).toBe(false);
    expect(tick(endedSub, inactive, days(30))).toMatchObject({ deleteCompany: true, steps: ['deleted'] });
    // A server stopped for weeks catches up in one run.
    expect(tick(cancelledInArrears, afterCancel, days(31))).toMatchObject({ steps: ['access_ended', 'deleted'], deleteCompany: true });
  });
  it('a cancellation after a recovered payment counts from the end of access only (the arrears are over)', () => {
    const recovered = sub({ status: 'CANCELLED', suspendedAt: null, cancelledAt: T0, currentPeriodEnd: periodEnd, endedAt: periodEnd });
    expect(deadlines(recovered).deletionAt).toEqual(days(30, periodEnd));
  });
  it('ACTIVE and APPROVAL_PENDING subscriptions have nothing on the clock', () => {
    expect(tick(sub(), premium, days(400)).steps).toEqual([]);
    expect(tick(sub({ status: 'APPROVAL_PENDING' }), free, days(400)).steps).toEqual([]);
  });
  it('tells the deadlines', () => {
    expect(deadlines(arrears)).toMatchObject({ graceEndsAt: days(7), deletionAt: days(30), accessUntil: null });
    // Before access ends, the deletion day is already known: 30 days after the period end.
    expect(deadlines(cancelled)).toMatchObject({ accessUntil: periodEnd, deletionAt: days(30, periodEnd) });
    expect(deadlines(sub())).toEqual({ graceEndsAt: null, deletionAt: null, accessUntil: null });
    expect(deadlines({ ...cancelled, endedAt: periodEnd })).toMatchObject({ deletionAt: days(30, periodEnd) });
    expect(addCycle(new Date('2026-01-31T00:00:00Z'), 'annual')).toEqual(new Date('2027-01-31T00:00:00Z'));
  });
});

describe('refunds against price x seats (decision 0054)', () => {
  const seats8 = { pricePerPeriod: '2.50', currency: 'USD', quantity: 8 };
  it('what remains of the sale must still pay price x seats, in integer cents, whatever PayPal writes', () => {
    expect(refundLeavesPeriodPaid({ saleTotal: '20.00', refunded: '2.50', currency: 'USD' }, seats8)).toBe(false);
    expect(refundLeavesPeriodPaid({ saleTotal: '25.0', refunded: '5.0', currency: 'USD' }, seats8)).toBe(true);
    expect(refundLeavesPeriodPaid({ saleTotal: '25.00', refunded: '5.01', currency: 'USD' }, seats8)).toBe(false);
    expect(refundLeavesPeriodPaid({ saleTotal: '20.1', refunded: '0.1', currency: 'USD' }, seats8)).toBe(true);
  });
  it('another currency or an amount it cannot read counts as the whole sale', () => {
    expect(refundLeavesPeriodPaid({ saleTotal: '25.00', refunded: '5.00', currency: 'EUR' }, seats8)).toBe(false);
    expect(refundLeavesPeriodPaid({ saleTotal: '25.00', refunded: 'five', currency: 'USD' }, seats8)).toBe(false);
  });
});
