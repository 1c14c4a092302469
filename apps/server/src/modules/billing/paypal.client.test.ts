import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLIENT_ID, FAKE_SECRET, FAKE_WEBHOOK_ID, type FakePayPal, GOOD_WEBHOOK_HEADERS, startFakePayPal } from './fake-paypal.js';
import { createPayPalClient } from './paypal.client.js';
import { ProviderError } from './provider.js';
import { parsePayPalEvent } from './webhooks.js';

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake.close());

const client = (over: Partial<Parameters<typeof createPayPalClient>[0]> = {}) =>
  createPayPalClient({ clientId: FAKE_CLIENT_ID, clientSecret: FAKE_SECRET, apiBase: fake.url, webhookId: FAKE_WEBHOOK_ID, ...over });

async function subscribed(paypal = client(), quantity = 8) {
  const productId = await paypal.createProduct({ name: 'Presente Premium', description: 'x' });
  const planId = await paypal.createPlan({ productId, name: 'Premium 2.50', pricePerPeriod: '2.50', currency: 'USD', cycle: 'monthly' });
  const sub = await paypal.createSubscription({
    planId,
    quantity,
    customId: 'company-1',
    returnUrl: 'http://app.test/ok',
    cancelUrl: 'http://app.test/ko',
    brandName: 'Presente',
  });
  return { paypal, productId, planId, sub };
}

describe('PayPal REST client against a local fake PayPal', () => {
  it('gets one OAuth token, reuses it until it nearly expires, and fetches a new one after', async () => {
    let clock = Date.now();
    const paypal = client({ now: () => clock });
    const before = fake.tokensIssued;
    await Promise.all([paypal.createProduct({ name: 'a', description: 'a' }), paypal.createProduct({ name: 'b', description: 'b' })]);
    await paypal.createProduct({ name: 'c', description: 'c' });
    expect(fake.tokensIssued - before).toBe(1);
    clock += (32400 - 30) * 1000; // inside the last minute: renewed early
    await paypal.createProduct({ name: 'd', description: 'd' });
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('fetches a new token once when PayPal answers 401, and reports bad credentials', async () => {
    const paypal = client();
    await paypal.createProduct({ name: 'a', description: 'a' });
    fake.revokeTokens();
    await expect(paypal.createProduct({ name: 'b', description: 'b' })).resolves.toMatch(/^PROD-/);
    await expect(client({ clientSecret: 'wrong' }).createProduct({ name: 'x', description: 'x' })).rejects.toMatchObject({
      status: 401,
      errorName: 'invalid_client',
    });
  });

  it('creates a product, a plan per price and cycle, and a subscription with quantity = employees and an approval link', async () => {
    const { planId, productId, sub } = await subscribed(client(), 12);
    expect(fake.plans.get(planId)).toMatchObject({ product_id: productId, price: '2.50', interval: 'MONTH' });
    expect(sub).toMatchObject({
      id: expect.stringMatching(/^I-/),
      status: 'APPROVAL_PENDING',
      approvalUrl: expect.stringContaining('/webapps/billing/subscriptions?ba_token='),
    });
    expect(fake.subscriptions.get(sub.id)).toMatchObject({ quantity: '12', custom_id: 'company-1' });
    const annual = await client().createPlan({ productId, name: 'annual', pricePerPeriod: '30.00', currency: 'USD', cycle: 'annual' });
    expect(fake.plans.get(annual)).toMatchObject({ price: '30.00', interval: 'YEAR' });
  });

  it('reads a subscription: status, quantity, custom id, billing info', async () => {
    const { paypal, sub } = await subscribed(client(), 8);
    expect(await paypal.getSubscription(sub.id)).toMatchObject({ status: 'APPROVAL_PENDING', quantity: 8, customId: 'company-1', lastPayment: null });
    fake.approve(sub.id, new Date('2026-03-01T10:00:00Z'));
    expect(await paypal.getSubscription(sub.id)).toMatchObject({
      status: 'ACTIVE',
      nextBillingTime: new Date('2026-04-01T10:00:00Z'),
      lastPayment: { amount: '20.00', currency: 'USD', time: new Date('2026-03-01T10:00:00Z') },
      failedPaymentsCount: 0,
    });
    await expect(paypal.getSubscription('I-NOPE')).rejects.toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
  });

  it('revises the quantity: an approval link, or none when applied at once', async () => {
    const { paypal, planId, sub } = await subscribed(client(), 8);
    fake.approve(sub.id);
    const urls = { returnUrl: 'http://app.test/r', cancelUrl: 'http://app.test/c' };
    fake.reviseMode = 'approval';
    expect((await paypal.reviseSubscription(sub.id, { planId, quantity: 10, ...urls })).approvalUrl).toContain('ba_token=BA-R-');
    fake.reviseMode = 'automatic';
    expect(await paypal.reviseSubscription(sub.id, { planId, quantity: 11, ...urls })).toEqual({ approvalUrl: null, planOverridden: false });
    expect((await paypal.getSubscription(sub.id)).quantity).toBe(11);
    fake.reviseMode = 'approval';
  });

  it("reports PayPal's errors with their name and issue (PLAN_PRODUCT_NOT_COMPATIBLE, UNPROCESSABLE_ENTITY)", async () => {
    const { paypal, sub } = await subscribed(client(), 8);
    fake.approve(sub.id);
    const otherProduct = await paypal.createProduct({ name: 'other', description: 'x' });
    const foreignPlan = await paypal.createPlan({ productId: otherProduct, name: 'x', pricePerPeriod: '3.00', currency: 'USD', cycle: 'monthly' });
    const err = await paypal.reviseSubscription(sub.id, { planId: foreignPlan, quantity: 9, returnUrl: 'http://a/r', cancelUrl: 'http://a/c' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'PLAN_PRODUCT_NOT_COMPATIBLE', debugId: expect.any(String) });
    await paypal.cancelSubscription(sub.id, 'bye');
    expect(fake.subscriptions.get(sub.id)).toMatchObject({ status: 'CANCELLED', cancelReason: 'bye' });
    await expect(paypal.cancelSubscription(sub.id, 'again')).rejects.toMatchObject({ status: 422, issue: 'SUBSCRIPTION_STATUS_INVALID' });
  });

  it('verifies webhook signatures with PayPal, sending the event exactly as received', async () => {
    const paypal = client();
    const raw = '{"id":"WH-1","event_type":"BILLING.SUBSCRIPTION.ACTIVATED","resource":{"id":"I-1","quantity":"8","amount":1.50}}';
    expect(await paypal.verifyWebhook(GOOD_WEBHOOK_HEADERS, raw)).toBe(true);
    expect(fake.verified.at(-1)?.body).toMatchObject({ webhook_id: FAKE_WEBHOOK_ID, webhook_event: { id: 'WH-1', resource: { amount: 1.5 } } });
    expect(await paypal.verifyWebhook({ ...GOOD_WEBHOOK_HEADERS, 'paypal-transmission-sig': 'forged' }, raw)).toBe(false);
    const calls = fake.verified.length;
    const { 'paypal-cert-url': _missing, ...incomplete } = GOOD_WEBHOOK_HEADERS;
    expect(await paypal.verifyWebhook(incomplete, raw)).toBe(false);
    expect(await client({ webhookId: undefined }).verifyWebhook(GOOD_WEBHOOK_HEADERS, raw)).toBe(false);
    expect(fake.verified.length).toBe(calls); // refused without asking PayPal
  });

  it('reads webhook events: subscription events carry the subscription, a sale names it', () => {
    expect(
      parsePayPalEvent({
        id: 'WH-2',
        event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
        resource: { id: 'I-9', quantity: '7', billing_info: { failed_payments_count: 2 } },
      }),
    ).toMatchObject({
      kind: 'payment_failed',
      subscriptionId: 'I-9',
      subscription: { quantity: 7, failedPaymentsCount: 2 },
    });
    expect(
      parsePayPalEvent({
        id: 'WH-3',
        event_type: 'PAYMENT.SALE.COMPLETED',
        resource: { billing_agreement_id: 'I-9', amount: { total: '17.50', currency: 'USD' }, create_time: '2026-03-01T00:00:00Z' },
      }),
    ).toMatchObject({
      kind: 'payment_completed',
      subscriptionId: 'I-9',
      payment: { amount: '17.50', currency: 'USD', time: new Date('2026-03-01T00:00:00Z') },
    });
    expect(parsePayPalEvent({ id: 'WH-4', event_type: 'CUSTOMER.DISPUTE.CREATED', resource: {} })).toMatchObject({ kind: null });
    expect(parsePayPalEvent({ event_type: 'X' })).toBeNull();
  });
});
