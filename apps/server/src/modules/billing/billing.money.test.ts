/**
 * The holes of issue 22 closed (decision 0041), through the routes, the real PayPal client and the fake
 * PayPal, with the webhook events the fake sends: an overridden price refused, a payment that is not
 * price x seats flagged, an approval after deletion cancelled, refunds reopening arrears, APPROVED not
 * paid, a retried create not creating twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, billingCancellations, companies, subscriptions } from '../../db/schema/index.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { FAKE_CLIENT_ID, FAKE_SECRET, FAKE_WEBHOOK_ID, type FakeEvent, type FakePayPal, GOOD_WEBHOOK_HEADERS, startFakePayPal } from './fake-paypal.js';
import { createPayPalClient } from './paypal.client.js';

let t: TestApp;
let fake: FakePayPal;
const waits: number[] = [];
beforeAll(async () => {
  fake = await startFakePayPal();
  t = await createTestApp({
    PAYPAL_CLIENT_ID: FAKE_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_SECRET,
    PAYPAL_API_BASE: fake.url,
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
  });
  // The same client the app builds, with the retry waits recorded instead of slept.
  (t.deps as { billing: unknown }).billing = createPayPalClient({
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_SECRET,
    apiBase: fake.url,
    webhookId: FAKE_WEBHOOK_ID,
    sleep: async (ms) => void waits.push(ms),
  });
});
afterAll(() => fake.close());

const log = pino({ level: 'silent' });
const DAY = 86_400_000;
const json = { 'content-type': 'application/json' };
const company = (id: string) => t.db.query.companies.findFirst({ where: eq(companies.id, id) });
const row = (providerId: string) => t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, providerId) });
/** Hands the events the fake PayPal sent (since the last call) to our webhook, as PayPal would; returns the outcomes. */
async function deliverAll(filter: (e: FakeEvent) => boolean = () => true) {
  const outcomes: string[] = [];
  for (const e of fake.takeEvents().filter(filter)) {
    const res = await t.anon.post('/api/paypal/webhook', JSON.stringify(e), { ...json, ...GOOD_WEBHOOK_HEADERS });
    expect(res.statusCode, e.event_type).toBe(200);
    outcomes.push(`${e.event_type} ${res.json().data.outcome}`);
  }
  return outcomes;
}
async function premiumCompany(count = 8) {
  const c = await t.factories.company();
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const plan = (await t.as(admin).post('/api/paypal/create-plan', { companyId: c.id, employeeCount: count, companyName: c.name })).json().data;
  fake.approve(plan.subscriptionId);
  await deliverAll();
  expect(await company(c.id)).toMatchObject({ plan: 'PREMIUM', maxEmployees: count });
  return { admin, companyId: c.id, subscriptionId: plan.subscriptionId as string, planId: plan.planId as string };
}
/** A subscription made in the browser (PayPal's JS buttons) with an inline plan overriding our price. */
async function browserMade(planId: string, customId: string, quantity: number, price?: string) {
  const token = await (
    await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_SECRET}`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    })
  ).json();
  const res = await fetch(`${fake.url}/v1/billing/subscriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${(token as { access_token: string }).access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      plan_id: planId,
      quantity: String(quantity),
      custom_id: customId,
      ...(price ? { plan: { billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: price, currency_code: 'USD' } } }] } } : {}),
    }),
  });
  return ((await res.json()) as { id: string }).id;
}

describe('money checks, stray charges, arrears and idempotency against the fake PayPal (decision 0041)', () => {
  it('a subscription whose price an inline plan overrides is refused and cancelled at PayPal, by the confirm and by the webhook', async () => {
    const seed = await premiumCompany(5);
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const cheap = await browserMade(seed.planId, companyId, 6, '0.01');
    fake.approve(cheap);
    fake.takeEvents();
    const res = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: cheap, companyId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'La suscripción no coincide con el plan, el precio o el número de empleados de Presente, así que no se activó y fue cancelada en PayPal. Crea una nueva desde esta pantalla.',
    );
    expect(fake.subscriptions.get(cheap)?.status).toBe('CANCELLED');
    expect(await company(companyId)).toMatchObject({ plan: 'FREE' });
    expect(await row(cheap)).toMatchObject({ status: 'CANCELLED', flagReason: 'plan_overridden', isCurrent: false });

    // The activation webhook arriving first: the same refusal; the other company is untouched.
    const other = await t.factories.companyAdmin();
    const viaHook = await browserMade(seed.planId, other.companyId!, 6, '0.50');
    fake.approve(viaHook);
    expect(await deliverAll((e) => e.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED')).toEqual(['BILLING.SUBSCRIPTION.ACTIVATED applied']);
    expect(fake.subscriptions.get(viaHook)?.status).toBe('CANCELLED');
    expect(await company(other.companyId!)).toMatchObject({ plan: 'FREE' });
    expect(await company(seed.companyId)).toMatchObject({ plan: 'PREMIUM', maxEmployees: 5 });
    expect(t.events.emitted).toContainEqual(
      expect.objectContaining({ room: 'super_admin', event: 'company_update', payload: { companyId: other.companyId, action: 'billing_flagged' } }),
    );
  });

  it('a payment that is not price x seats is flagged for the super admin and extends nothing; "20.0" for 8 x 2.50 is fine', async () => {
    const { admin, companyId, subscriptionId } = await premiumCompany(8);
    const before = await row(subscriptionId);
    const sale = (id: string, total: string, currency = 'USD') => ({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'sale',
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: {
        id,
        state: 'completed',
        amount: { total, currency },
        billing_agreement_id: subscriptionId,
        create_time: new Date(Date.now() + DAY).toISOString(),
      },
    });
    for (const [total, currency] of [
      ['0.5', 'USD'],
      ['20.0', 'EUR'],
      ['17.5', 'USD'],
    ]) {
      const res = await t.anon.post('/api/paypal/webhook', JSON.stringify(sale(`SALE-${total}-${currency}`, total, currency)), {
        ...json,
        ...GOOD_WEBHOOK_HEADERS,
      });
      expect(res.json().data.outcome).toBe('applied');
      const after = await row(subscriptionId);
      expect(after?.currentPeriodEnd, total).toEqual(before?.currentPeriodEnd);
      expect(after).toMatchObject({ status: 'ACTIVE', flagReason: `payment ${total} ${currency}, expected 20.00 USD` });
    }
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8 });
    // The super admin's company list shows the flag on this company only.
    const root = await t.factories.superAdmin();
    const list = (await t.as(root).get('/api/super-admin/companies?limit=100')).json().data as { id: string; billingFlag: unknown }[];
    expect(list.find((c) => c.id === companyId)?.billingFlag).toEqual({ reason: 'payment 17.5 USD, expected 20.00 USD', at: expect.any(String) });
    expect(list.filter((c) => c.billingFlag && c.id !== companyId).map((c) => c.billingFlag)).not.toContainEqual(
      expect.objectContaining({ reason: expect.stringContaining('17.5') }),
    );
    const history = (await t.as(admin).get('/api/paypal/history')).json().data;
    expect(history[0]).toMatchObject({
      event: 'payment_mismatch',
      amount: '17.50',
      title: 'Pago que no coincide con el precio: en revisión, Premium no se extiende',
    });
    // The right amount, written as PayPal writes it: the period is extended.
    fake.renew(subscriptionId);
    expect(await deliverAll()).toEqual(['PAYMENT.SALE.COMPLETED applied']);
    expect((await row(subscriptionId))!.currentPeriodEnd!.getTime()).toBeGreaterThan(before!.currentPeriodEnd!.getTime());
  });

  it('a refund or a reversal reopens the arrears with a fresh 7-day grace; RE-ACTIVATED alone does not end them; a new payment does', async () => {
    const { admin, companyId, subscriptionId } = await premiumCompany(8);
    const first = [...fake.sales.values()].find((s) => s.subscriptionId === subscriptionId)!;
    const refund = fake.refund(first.id);
    expect(refund.resource).not.toHaveProperty('billing_agreement_id'); // a refund names its sale only
    const at = Date.now();
    expect(await deliverAll()).toEqual(['PAYMENT.SALE.REFUNDED applied']);
    const suspended = await row(subscriptionId);
    expect(suspended).toMatchObject({ status: 'SUSPENDED', failedPaymentsCount: 1 });
    expect(Math.abs(suspended!.suspendedAt!.getTime() - at)).toBeLessThan(60_000);
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'SUSPENDED' });
    const details = (await t.as(admin).get('/api/paypal/subscription-details')).json().data;
    expect(details.company.graceEndsAt).toBe(new Date(suspended!.suspendedAt!.getTime() + 7 * DAY).toISOString());
    expect(t.deps.mailer.outbox.filter((m) => m.to === admin.email).map((m) => m.subject)).toEqual([]); // queued: sent by the job
    // PayPal re-activates it: not a payment, still in arrears.
    const reactivated = {
      id: `WH-${randomUUID()}`,
      event_type: 'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      resource_type: 'subscription',
      create_time: new Date().toISOString(),
      resource: { ...fake.subscriptions.get(subscriptionId), status: 'ACTIVE' },
    };
    expect((await t.anon.post('/api/paypal/webhook', JSON.stringify(reactivated), { ...json, ...GOOD_WEBHOOK_HEADERS })).json().data.outcome).toBe('applied');
    expect((await row(subscriptionId))?.status).toBe('SUSPENDED');
    // Reading the details (PayPal says ACTIVE, last payment the refunded one) does not end them either.
    expect((await t.as(admin).get('/api/paypal/subscription-details')).json().data.subscription.status).toBe('SUSPENDED');
    // A completed payment does.
    fake.renew(subscriptionId);
    expect(await deliverAll()).toEqual(['PAYMENT.SALE.COMPLETED applied']);
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8 });
    // A reversal by the buyer's bank: the same.
    const latest = [...fake.sales.values()].filter((s) => s.subscriptionId === subscriptionId).at(-1)!;
    fake.refund(latest.id, 'REVERSED');
    expect(await deliverAll()).toEqual(['PAYMENT.SALE.REVERSED applied']);
    expect(await company(companyId)).toMatchObject({ status: 'SUSPENDED' });
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 60_000));
    expect(t.deps.mailer.outbox.filter((m) => m.to === admin.email).map((m) => m.subject)).toContain('Presente: Pago devuelto: suscripción suspendida');
  });

  it('APPROVED is pending, not paid: Premium starts only once PayPal activates it', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const plan = (await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 6, companyName: 'Gamma' })).json().data;
    fake.approve(plan.subscriptionId, new Date(), { activate: false });
    const early = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('está procesando el primer pago');
    expect(await company(companyId)).toMatchObject({ plan: 'FREE' });
    expect((await t.as(admin).get('/api/paypal/subscription-details')).json().data.subscription.status).toBe('APPROVAL_PENDING');
    fake.activate(plan.subscriptionId);
    expect((await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId })).json().data).toMatchObject({
      plan: 'PREMIUM',
      maxEmployees: 6,
    });
    fake.takeEvents();
  });

  it('an approval after the company was deleted is cancelled (webhook or daily reconcile); an activation for an unknown company too', async () => {
    const root = await t.factories.superAdmin();
    const seed = await premiumCompany(5);
    const doomed = async () => {
      const admin = await t.factories.companyAdmin();
      const plan = (await t.as(admin).post('/api/paypal/create-plan', { companyId: admin.companyId!, employeeCount: 7, companyName: 'Delta' })).json().data;
      expect((await t.as(root).delete(`/api/super-admin/companies/${admin.companyId}`)).statusCode).toBe(200);
      // PayPal would not cancel it yet (APPROVAL_PENDING): the cancellation is owed.
      expect(fake.subscriptions.get(plan.subscriptionId)?.status).toBe('APPROVAL_PENDING');
      const [owed] = await t.db.select().from(billingCancellations).where(eq(billingCancellations.providerSubscriptionId, plan.subscriptionId));
      expect(owed).toMatchObject({ doneAt: null, attempts: 1 });
      return plan.subscriptionId as string;
    };
    // The buyer approves later anyway: the activation webhook cancels it.
    const viaHook = await doomed();
    fake.approve(viaHook);
    expect(await deliverAll()).toEqual(['PAYMENT.SALE.COMPLETED ignored', 'BILLING.SUBSCRIPTION.ACTIVATED ignored']);
    expect(fake.subscriptions.get(viaHook)?.status).toBe('CANCELLED');
    // No webhook at all: the daily reconcile job finds and cancels it.
    const viaJob = await doomed();
    fake.approve(viaJob);
    fake.takeEvents();
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 2 * DAY));
    expect(fake.subscriptions.get(viaJob)?.status).toBe('CANCELLED');
    const [settled] = await t.db.select().from(billingCancellations).where(eq(billingCancellations.providerSubscriptionId, viaJob));
    expect(settled.doneAt).toBeInstanceOf(Date);
    // A company that never existed, on our plan: cancelled; the paying company is untouched.
    const stranger = await browserMade(seed.planId, randomUUID(), 6);
    fake.approve(stranger);
    await deliverAll();
    expect(fake.subscriptions.get(stranger)?.status).toBe('CANCELLED');
    expect(fake.subscriptions.get(seed.subscriptionId)?.status).toBe('ACTIVE');
    expect(await company(seed.companyId)).toMatchObject({ plan: 'PREMIUM' });
  });

  it('a create whose answer is lost is retried with the same PayPal-Request-Id and creates one subscription; a second click too', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    await premiumCompany(5); // product and plan exist
    const before = fake.subscriptions.size;
    waits.length = 0;
    fake.failures.push('drop');
    const first = await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 9, companyName: 'Eta' });
    expect(first.statusCode).toBe(200);
    expect(waits).toEqual([500]);
    const again = await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 9, companyName: 'Eta' });
    expect(again.json().data.subscriptionId).toBe(first.json().data.subscriptionId);
    expect(fake.subscriptions.size - before).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId))).toHaveLength(1);
    // PayPal failing every time: a 502 in the user's language, nothing recorded.
    fake.failures.push('500', '500', '500', '500');
    const down = await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 11, companyName: 'Eta' });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Error al crear el plan de suscripción');
    expect(
      await t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.employeeCount, 11))),
    ).toHaveLength(0);
    expect(await t.db.select().from(activityLog).where(eq(activityLog.companyId, companyId))).toHaveLength(0);
  });
});
