/**
 * PayPal's webhooks delivered the way PayPal delivers them: the fake PayPal POSTs each lifecycle event to the
 * app's /api/paypal/webhook over HTTP, signed (SHA256withRSA over transmission id, time, webhook id and the
 * body's CRC-32); the app checks the signature with PayPal's verify call and applies the event. Payloads as
 * PayPal writes them (quantities as strings, sale totals like "20.0"), each checked against PayPal's event
 * schema when the reference documents are present. Refunds follow decision 0054.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, companies, subscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { FAKE_CLIENT_ID, FAKE_SECRET, FAKE_WEBHOOK_ID, type FakeDelivery, type FakePayPal, startFakePayPal } from './fake-paypal.js';
import { loadPayPalContract } from './paypal.contract.js';

let t: TestApp;
let fake: FakePayPal;
const contract = loadPayPalContract();
beforeAll(async () => {
  fake = await startFakePayPal();
  t = await createTestApp({
    PAYPAL_CLIENT_ID: FAKE_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_SECRET,
    PAYPAL_API_BASE: fake.url,
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.webhookUrl = `${address}/api/paypal/webhook`;
});
afterAll(() => fake.close());

const company = (id: string) => t.db.query.companies.findFirst({ where: eq(companies.id, id) });
const row = (providerId: string) => t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, providerId) });
let seen = 0;
/** The deliveries made since the last call, once the app has answered each; every one must have been accepted. */
async function delivered(): Promise<FakeDelivery[]> {
  const all = await fake.flush();
  const fresh = all.slice(seen);
  seen = all.length;
  for (const d of fresh) {
    expect(d.status, d.event.event_type).toBe(200);
    // What went over the wire is PayPal's shape (when the reference documents are here).
    if (contract) {
      expect(contract.check('webhooks', 'event', JSON.parse(d.body)), d.event.event_type).toEqual([]);
      if (d.event.resource_type === 'subscription') expect(contract.check('billing', 'subscription', d.event.resource), d.event.event_type).toEqual([]);
    }
  }
  return fresh;
}
const types = (ds: FakeDelivery[]) => ds.map((d) => d.event.event_type);

/** A company that asked for Premium; PayPal's approval alone (its webhooks over HTTP, no confirm call) makes it Premium. */
async function subscribedOverHttp(count: number) {
  const c = await t.factories.company();
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const plan = (await t.as(admin).post('/api/paypal/create-plan', { companyId: c.id, employeeCount: count, companyName: c.name })).json().data;
  expect(await company(c.id)).toMatchObject({ plan: 'FREE' });
  fake.approve(plan.subscriptionId);
  expect(types(await delivered())).toEqual(['PAYMENT.SALE.COMPLETED', 'BILLING.SUBSCRIPTION.ACTIVATED']);
  expect(await company(c.id)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: count });
  return { admin, companyId: c.id, subscriptionId: plan.subscriptionId as string, planId: plan.planId as string };
}
const saleOf = (subscriptionId: string) => [...fake.sales.values()].filter((s) => s.subscriptionId === subscriptionId).at(-1)!;

describe('PayPal webhooks delivered over HTTP by the fake PayPal, signed and verified', () => {
  it('activation, failed payments and suspension, a renewal, and a cancellation from PayPal each change the company', async () => {
    const { companyId, subscriptionId } = await subscribedOverHttp(8);
    // Realistic payloads on the wire: the quantity a string, the sale total "20.0".
    const wire = fake.deliveries.slice(-2).map((d) => JSON.parse(d.body));
    expect(wire[0].resource.amount.total).toBe('20.0');
    expect(wire[1].resource.quantity).toBe('8');
    // Each delivery was checked with PayPal's verify call, carrying that delivery's own transmission.
    const last = fake.deliveries.at(-1)!;
    expect(fake.verified.at(-1)!.body).toMatchObject({
      transmission_id: last.headers['paypal-transmission-id'],
      transmission_sig: last.headers['paypal-transmission-sig'],
      webhook_id: FAKE_WEBHOOK_ID,
    });

    for (let n = 0; n < 3; n++) fake.failPayment(subscriptionId);
    expect(types(await delivered())).toEqual([
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
    ]);
    expect(await row(subscriptionId)).toMatchObject({ status: 'SUSPENDED', failedPaymentsCount: 3 });
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'SUSPENDED' });

    fake.renew(subscriptionId);
    expect(types(await delivered())).toEqual(['PAYMENT.SALE.COMPLETED']);
    expect(await row(subscriptionId)).toMatchObject({ status: 'ACTIVE', failedPaymentsCount: 0 });
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8 });

    // The buyer cancels from their PayPal account: Premium until the end of the paid period.
    fake.cancel(subscriptionId);
    expect(types(await delivered())).toEqual(['BILLING.SUBSCRIPTION.CANCELLED']);
    expect(await row(subscriptionId)).toMatchObject({ status: 'CANCELLED' });
  });

  it('a delivery whose body was changed after PayPal signed it is refused and changes nothing; a repeated delivery changes nothing', async () => {
    const { companyId, subscriptionId } = await subscribedOverHttp(6);
    fake.cancel(subscriptionId);
    const [cancelled] = await delivered();
    // The same delivery again (PayPal retries): accepted, already processed.
    const again = await t.anon.post('/api/paypal/webhook', cancelled.body, cancelled.headers);
    expect(again.json().data.outcome).toBe('duplicate');
    // Someone replays the signed headers with another body: PayPal's verify call says FAILURE.
    const other = await subscribedOverHttp(7);
    const forged = JSON.parse(cancelled.body);
    forged.id = `${forged.id}X`;
    forged.resource.id = other.subscriptionId;
    const res = await t.anon.post('/api/paypal/webhook', JSON.stringify(forged), cancelled.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(fake.verified.at(-1)!.body.transmission_id).toBe(cancelled.headers['paypal-transmission-id']);
    expect(await row(other.subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    expect(await company(other.companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE' });
    expect((await row(subscriptionId))?.status).toBe('CANCELLED');
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM' });
  });

  it('a partial refund leaving less than price x seats reopens the arrears; a full refund and a reversal too (decision 0054)', async () => {
    const { companyId, subscriptionId } = await subscribedOverHttp(8);
    const sale = saleOf(subscriptionId);
    expect(sale.total).toBe('20.00');
    // 2.50 back of 20.00 for 8 seats at 2.50: 17.50 left, one seat unpaid.
    fake.refund(sale.id, 'REFUNDED', '2.50');
    const [refund] = await delivered();
    expect(JSON.parse(refund.body).resource).toMatchObject({ amount: { total: '2.5', currency: 'USD' }, sale_id: sale.id });
    expect(await row(subscriptionId)).toMatchObject({ status: 'SUSPENDED' });
    expect(await company(companyId)).toMatchObject({ status: 'SUSPENDED' });

    const second = await subscribedOverHttp(5);
    fake.refund(saleOf(second.subscriptionId).id);
    await delivered();
    expect(await company(second.companyId)).toMatchObject({ status: 'SUSPENDED' });

    const third = await subscribedOverHttp(5);
    fake.refund(saleOf(third.subscriptionId).id, 'REVERSED');
    await delivered();
    expect(await company(third.companyId)).toMatchObject({ status: 'SUSPENDED' });
  });

  it('seats lowered at PayPal and the difference refunded: the period stays paid, logged, nothing reopens; one cent more does (decision 0054)', async () => {
    const { admin, companyId, subscriptionId, planId } = await subscribedOverHttp(10);
    const sale = saleOf(subscriptionId);
    expect(sale.total).toBe('25.00');
    // Support lowers the seats at PayPal (applied at once, decision 0041)...
    fake.reviseMode = 'automatic';
    try {
      await t.deps.billing.reviseSubscription(subscriptionId, { planId, quantity: 8, returnUrl: 'https://x.test/ok', cancelUrl: 'https://x.test/ko' });
    } finally {
      fake.reviseMode = 'approval';
    }
    expect(types(await delivered())).toEqual(['BILLING.SUBSCRIPTION.UPDATED']);
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8 });
    // ...and refunds the two seats: 20.00 of 25.00 remain, 8 x 2.50 = 20.00. Still paid.
    fake.refund(sale.id, 'REFUNDED', '5.00');
    expect(types(await delivered())).toEqual(['PAYMENT.SALE.REFUNDED']);
    expect(await row(subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8 });
    const history = (await t.as(admin).get('/api/paypal/history')).json().data;
    expect(history[0]).toMatchObject({
      event: 'payment_refunded',
      amount: '5.00',
      currency: 'USD',
      title: 'Reembolso parcial: lo que queda pagado cubre el periodo',
    });
    // A second refund of the same sale: 19.99 left, less than 20.00. The refunds add up: arrears reopen.
    fake.refund(sale.id, 'REFUNDED', '0.01');
    await delivered();
    expect(await row(subscriptionId)).toMatchObject({ status: 'SUSPENDED' });
    expect(await company(companyId)).toMatchObject({ status: 'SUSPENDED' });
    const steps = await t.db
      .select({ details: activityLog.details })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), eq(activityLog.type, 'admin_action')));
    expect(steps.map((s) => (s.details as { billing?: string }).billing)).toEqual(expect.arrayContaining(['payment_refunded', 'payment_reversed']));
  });
});
