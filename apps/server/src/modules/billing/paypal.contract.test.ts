/**
 * The PayPal client and the fake PayPal held to PayPal's own OpenAPI documents (decision 0041): every
 * request the client sends and every answer the fake gives is validated by ajv against PayPal's schemas,
 * loaded from ../shared/reference/paypal (or PAYPAL_REFERENCE_DIR), never copied here. No database:
 * runs in the PGlite project only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLIENT_ID, FAKE_SECRET, FAKE_WEBHOOK_ID, type FakePayPal, GOOD_WEBHOOK_HEADERS, startFakePayPal } from './fake-paypal.js';
import { createPayPalClient, payPalRequestId } from './paypal.client.js';
import { requirePayPalContract } from './paypal.contract.js';
import { parsePayPalEvent } from './webhooks.js';

const contract = requirePayPalContract();
const onPostgres = process.env.TEST_DB === 'postgres';
const title = contract ? "PayPal's contract" : "PayPal's contract — SKIPPED: ../shared/reference/paypal not found, set PAYPAL_REFERENCE_DIR";

describe.skipIf(!contract || onPostgres)(title, () => {
  const c = contract!;
  let fake: FakePayPal;
  const waits: number[] = [];
  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(() => fake.close());
  const client = () =>
    createPayPalClient({
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_SECRET,
      apiBase: fake.url,
      webhookId: FAKE_WEBHOOK_ID,
      fetch: c.wrap(fetch),
      sleep: async (ms) => void waits.push(ms),
    });
  const urls = { returnUrl: 'https://app.presente.test/ok', cancelUrl: 'https://app.presente.test/ko' };
  async function subscribed(quantity = 8, customId = 'b3c1f0de-0000-4000-8000-000000000001') {
    const paypal = client();
    const productId = await paypal.createProduct({ name: 'Presente Premium', description: 'Control de asistencia' });
    const planId = await paypal.createPlan({ productId, name: 'Premium 2.50', pricePerPeriod: '2.50', currency: 'USD', cycle: 'monthly' });
    const sub = await paypal.createSubscription({
      planId,
      quantity,
      customId,
      brandName: 'Presente',
      locale: 'es-PE',
      ...urls,
      idempotencyKey: `${Math.random()}`,
    });
    return { paypal, productId, planId, sub };
  }

  it('every call of the client and every answer of the fake fits PayPal’s schemas, errors included', async () => {
    const { paypal, productId, planId, sub } = await subscribed(8);
    expect(await paypal.getSubscription(sub.id)).toMatchObject({ status: 'APPROVAL_PENDING', quantity: 8, planOverridden: false });
    // Cancelling before approval: PayPal refuses (only ACTIVE or SUSPENDED can be cancelled).
    await expect(paypal.cancelSubscription(sub.id, 'too early')).rejects.toMatchObject({ status: 422, issue: 'SUBSCRIPTION_STATUS_INVALID' });
    fake.approve(sub.id, new Date('2026-03-01T10:00:00Z'));
    expect(await paypal.getSubscription(sub.id)).toMatchObject({ status: 'ACTIVE', lastPayment: { amount: '20.00', currency: 'USD' } });
    expect((await paypal.reviseSubscription(sub.id, { planId, quantity: 10, ...urls })).approvalUrl).toContain('ba_token=BA-R-');
    const other = await paypal.createPlan({
      productId: await paypal.createProduct({ name: 'Other', description: 'x' }),
      name: 'x',
      pricePerPeriod: '2.50',
      currency: 'USD',
      cycle: 'monthly',
    });
    await expect(paypal.reviseSubscription(sub.id, { planId: other, quantity: 10, ...urls })).rejects.toMatchObject({
      status: 422,
      issue: 'PLAN_PRODUCT_NOT_COMPATIBLE',
    });
    await paypal.cancelSubscription(sub.id, 'Cerramos');
    await expect(paypal.getSubscription('I-NOPE00')).rejects.toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    fake.outage = true;
    await expect(paypal.getSubscription(sub.id)).rejects.toMatchObject({ status: 503, errorName: 'SERVICE_UNAVAILABLE', debugId: expect.any(String) });
    fake.outage = false;
    expect(await paypal.verifyWebhook(GOOD_WEBHOOK_HEADERS, JSON.stringify(fake.events[0]))).toBe(true);
    expect(productId).toMatch(/^PROD-/);
    expect(c.violations).toEqual([]);
    expect([...c.seen].sort()).toEqual(
      expect.arrayContaining([
        'POST /v1/catalogs/products 201',
        'POST /v1/billing/plans 201',
        'POST /v1/billing/subscriptions 201',
        'GET /v1/billing/subscriptions/{id} 200',
        'GET /v1/billing/subscriptions/{id} 404',
        'GET /v1/billing/subscriptions/{id} 503',
        'POST /v1/billing/subscriptions/{id}/revise 200',
        'POST /v1/billing/subscriptions/{id}/revise 422',
        'POST /v1/billing/subscriptions/{id}/cancel 204',
        'POST /v1/billing/subscriptions/{id}/cancel 422',
        'POST /v1/notifications/verify-webhook-signature 200',
      ]),
    );
  });

  const accessToken = async () => {
    const res = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_SECRET}`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it('the fake refuses what PayPal refuses, with PayPal’s error body (name, message, debug_id, details[])', async () => {
    const token = await accessToken();
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      c.wrap(fetch)(`${fake.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const missing = await post('/v1/billing/subscriptions', { quantity: '5' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      debug_id: expect.any(String),
      details: [{ field: '/plan_id', issue: 'MISSING_REQUIRED_PARAMETER' }],
    });
    // A webhook id PayPal would never issue (not letters and digits) is refused, not "verified".
    const verify = await post('/v1/notifications/verify-webhook-signature', {
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://x.test/c',
      transmission_id: 'abc-1',
      transmission_sig: 'sig1',
      transmission_time: '2026-03-01T10:00:00Z',
      webhook_id: 'WH-FAKE-1',
      webhook_event: {},
    });
    expect(verify.status).toBe(400);
    // The request itself broke PayPal's schema (that is the point); the answer must still be PayPal's.
    expect(c.violations.filter((v) => v.part !== 'request')).toEqual([]);
    c.violations.length = 0;
  });

  it('an inline plan override is created and reported as plan_overridden; its price is what PayPal charges', async () => {
    const { paypal, planId } = await subscribed(5);
    const token = await accessToken();
    const cheap = await c.wrap(fetch)(`${fake.url}/v1/billing/subscriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({
        plan_id: planId,
        quantity: '10',
        custom_id: 'tampered',
        plan: { billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: '0.01', currency_code: 'USD' } } }] },
      }),
    });
    const created = (await cheap.json()) as { id: string; plan_overridden: boolean };
    expect(created.plan_overridden).toBe(true);
    fake.approve(created.id);
    expect(await paypal.getSubscription(created.id)).toMatchObject({ planOverridden: true, planId, quantity: 10, lastPayment: { amount: '0.10' } });
    expect(c.violations).toEqual([]);
  });

  it('the same PayPal-Request-Id creates nothing twice; a lost answer or a 5xx is retried with backoff, no real sleep', async () => {
    const { paypal, planId } = await subscribed(6);
    const before = fake.created;
    const input = { planId, quantity: 7, customId: 'b3c1f0de-0000-4000-8000-000000000002', brandName: 'Presente', ...urls, idempotencyKey: 'create-once' };
    const first = await paypal.createSubscription(input);
    const again = await paypal.createSubscription(input);
    expect(again.id).toBe(first.id);
    expect(fake.created - before).toBe(1);
    // The answer to a create is lost (PayPal did it): the retry carries the same id and gets the same subscription.
    waits.length = 0;
    fake.failures.push('drop');
    const retried = await paypal.createSubscription({ ...input, idempotencyKey: 'create-lost-answer' });
    expect(fake.created - before).toBe(2);
    expect(waits).toEqual([500]);
    expect(fake.subscriptions.get(retried.id)).toMatchObject({ quantity: '7' });
    // Two 500s, then an answer: waits of 500 ms and 1 s.
    waits.length = 0;
    fake.failures.push('500', '500');
    expect((await paypal.getSubscription(first.id)).id).toBe(first.id);
    expect(waits).toEqual([500, 1000]);
    // PayPal still failing after the last retry: the error is PayPal's.
    waits.length = 0;
    fake.failures.push('500', '500', '500', '500');
    await expect(paypal.getSubscription(first.id)).rejects.toMatchObject({ status: 500, errorName: 'INTERNAL_SERVER_ERROR' });
    expect(waits).toEqual([500, 1000, 2000]);
    expect(payPalRequestId('subscription', 'a')).toBe(payPalRequestId('subscription', 'a'));
    expect(payPalRequestId('subscription', 'a')).not.toBe(payPalRequestId('subscription', 'b'));
    expect(c.violations).toEqual([]);
  });

  it('every webhook event the fake sends fits PayPal’s event schema, its subscription fits the subscription schema, and we read it', async () => {
    const { sub, planId, paypal } = await subscribed(8);
    fake.takeEvents();
    fake.approve(sub.id, new Date('2026-03-01T10:00:00Z'));
    await paypal.reviseSubscription(sub.id, { planId, quantity: 12, ...urls });
    fake.approveRevision(sub.id);
    const sale = fake.renew(sub.id);
    fake.failPayment(sub.id);
    fake.refund(sale.id);
    fake.refund(sale.id, 'REVERSED');
    await paypal.cancelSubscription(sub.id, 'bye');
    const events = fake.takeEvents();
    expect(events.map((e) => e.event_type)).toEqual([
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'BILLING.SUBSCRIPTION.UPDATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'PAYMENT.SALE.REFUNDED',
      'PAYMENT.SALE.REVERSED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    for (const e of events) {
      expect(c.check('webhooks', 'event', e), e.event_type).toEqual([]);
      if (e.resource_type === 'subscription') expect(c.check('billing', 'subscription', e.resource), e.event_type).toEqual([]);
      expect(parsePayPalEvent(JSON.parse(JSON.stringify(e))), e.event_type).not.toBeNull();
    }
    // Realistic amounts: PayPal writes a v1 sale total as "20.0" or "30.0", a string; quantities are strings too.
    const renewal = events[3].resource as { amount: { total: string } };
    expect(renewal.amount.total).toBe('30.0');
    expect(parsePayPalEvent(events[3])).toMatchObject({ kind: 'payment_completed', subscriptionId: sub.id, payment: { amount: '30.0', currency: 'USD' } });
    expect(parsePayPalEvent(events[2])).toMatchObject({ kind: 'updated', subscription: { quantity: 12 } });
    expect(parsePayPalEvent(events[5])).toMatchObject({ kind: 'payment_reversed', saleId: sale.id, subscriptionId: null });
    expect(parsePayPalEvent(events[6])).toMatchObject({ kind: 'payment_reversed', saleId: sale.id, subscriptionId: sub.id });
  });
});
