import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, companies, employeeSchedulePeriods, employees, paymentEvents, sessions, subscriptions, users } from '../../db/schema/index.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type TestUser, withDni } from '../../test/factories.js';
import { FAKE_CLIENT_ID, FAKE_SECRET, FAKE_WEBHOOK_ID, type FakePayPal, GOOD_WEBHOOK_HEADERS, startFakePayPal } from './fake-paypal.js';

let t: TestApp;
let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
  t = await createTestApp({
    PAYPAL_CLIENT_ID: FAKE_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_SECRET,
    PAYPAL_API_BASE: fake.url,
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
  });
});
afterAll(() => fake.close());

const log = pino({ level: 'silent' });
const DAY = 86_400_000;
const MIN = 60_000;
const json = { 'content-type': 'application/json' };

/** A webhook delivery as PayPal sends it (subscription events carry the subscription resource). */
function deliver(type: string, resource: object, opts: { id?: string; headers?: Record<string, string> } = {}) {
  const event = { id: opts.id ?? `WH-${randomUUID()}`, event_type: type, resource_type: 'subscription', create_time: new Date().toISOString(), resource };
  return { event, res: t.anon.post('/api/paypal/webhook', JSON.stringify(event), { ...json, ...(opts.headers ?? GOOD_WEBHOOK_HEADERS) }) };
}
const resourceOf = (id: string) => {
  const { pendingRevision: _p, ...s } = fake.subscriptions.get(id)!;
  return s;
};
const company = (id: string) => t.db.query.companies.findFirst({ where: eq(companies.id, id) });

/** A company admin whose company pays Premium for `count` employees through the (fake) PayPal. */
async function premiumCompany(count = 8, locale = 'es-PE') {
  const c = await t.factories.company({ locale });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const plan = (await t.as(admin).post('/api/paypal/create-plan', { companyId: c.id, employeeCount: count, companyName: c.name })).json().data;
  fake.approve(plan.subscriptionId);
  const res = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId: c.id, employeeCount: count });
  expect(res.json().data).toMatchObject({ plan: 'PREMIUM', maxEmployees: count });
  return { admin, companyId: c.id, subscriptionId: plan.subscriptionId as string, planId: plan.planId as string };
}
const addEmployee = (admin: TestUser, n: number) =>
  t.as(admin).post('/api/company-admin-simple/employees', {
    firstName: 'Ana',
    lastName: `Nueva ${n}`,
    email: `nueva-${n}-${randomUUID().slice(0, 6)}@example.com`,
    employeeCode: `N-${n}-${randomUUID().slice(0, 6)}`,
    ...withDni(),
  });

describe('payments through PayPal (the real client against a local fake PayPal)', () => {
  it('creates the product once and one plan per price, a subscription per company, and confirms it after approval', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const first = (await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 8, companyName: 'Alfa' })).json().data;
    expect(first).toMatchObject({ mode: 'paypal', approvalUrl: expect.stringContaining(`${fake.url}/webapps/billing/subscriptions?ba_token=`) });
    expect(fake.subscriptions.get(first.subscriptionId)).toMatchObject({ quantity: '8', custom_id: companyId, status: 'APPROVAL_PENDING' });
    const other = await premiumCompany(6);
    expect(other.planId).toBe(first.planId);
    expect(fake.calls.filter((c) => c === 'POST /v1/catalogs/products')).toHaveLength(1);
    expect(fake.calls.filter((c) => c === 'POST /v1/billing/plans')).toHaveLength(1);
    expect(
      (await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 8, companyName: 'Alfa', billingCycle: 'annual' })).json().data.pricing,
    ).toMatchObject({
      pricePerEmployeePerPeriod: '30.00',
      total: '240.00',
    });
    expect(fake.calls.filter((c) => c === 'POST /v1/billing/plans')).toHaveLength(2);

    expect((await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: first.subscriptionId, companyId })).statusCode).toBe(409);
    fake.approve(first.subscriptionId);
    const ok = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: first.subscriptionId, companyId, employeeCount: 8 });
    expect(ok.json()).toMatchObject({ message: '¡Suscripción activada exitosamente!', data: { plan: 'PREMIUM', maxEmployees: 8 } });
    const details = (await t.as(admin).get('/api/paypal/subscription-details')).json().data;
    expect(details.subscription).toMatchObject({ status: 'ACTIVE', billing_info: { last_payment: { amount: { value: '20.00', currency_code: 'USD' } } } });
    expect(details.company.nextBillingDate).toBe(fake.subscriptions.get(first.subscriptionId)!.billing_info.next_billing_time);
  });

  it('the super admin sees PayPal sandbox as the payment mode', async () => {
    const root = await t.factories.superAdmin();
    expect((await t.as(root).get('/api/super-admin/dashboard')).json().data.system.payments).toBe('paypal_sandbox');
  });

  it("adopts a subscription the browser created with PayPal's JS buttons (custom_id = company, our plan), never another company's", async () => {
    const seed = await premiumCompany(5);
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const mine = await t.deps.billing.createSubscription({
      planId: seed.planId,
      quantity: 7,
      customId: companyId,
      returnUrl: 'http://a/r',
      cancelUrl: 'http://a/c',
      brandName: 'x',
    });
    fake.approve(mine.id);
    // Someone else's subscription id: not found, nothing changes.
    const theirs = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: seed.subscriptionId, companyId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('subscriptionNotFound');
    expect((await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: 'I-DOES-NOT-EXIST', companyId })).json().code).toBe(
      'subscriptionNotFound',
    );
    const res = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: mine.id, companyId, employeeCount: 7 });
    expect(res.json().data).toMatchObject({ plan: 'PREMIUM', maxEmployees: 7 });
    expect((await company(seed.companyId))?.maxEmployees).toBe(5);
  });

  it('refuses a webhook whose signature PayPal does not confirm, and changes nothing', async () => {
    const { companyId, subscriptionId } = await premiumCompany(8);
    const forged = deliver(
      'BILLING.SUBSCRIPTION.CANCELLED',
      { ...resourceOf(subscriptionId), status: 'CANCELLED' },
      {
        headers: { ...GOOD_WEBHOOK_HEADERS, 'paypal-transmission-sig': 'forged' },
      },
    );
    const res = await forged.res;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Firma del webhook inválida');
    expect((await deliver('BILLING.SUBSCRIPTION.CANCELLED', resourceOf(subscriptionId), { headers: {} }).res).statusCode).toBe(400);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, forged.event.id))).toHaveLength(0);
    expect((await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, subscriptionId) }))?.status).toBe('ACTIVE');
    expect((await company(companyId))?.plan).toBe('PREMIUM');
  });

  it('a failed payment suspends with Premium kept during the grace; a replay changes nothing; then FREE limits; payment restores', async () => {
    const { admin, companyId, subscriptionId } = await premiumCompany(8);
    for (let i = 0; i < 6; i++) expect((await addEmployee(admin, i)).statusCode).toBe(201);

    const failed = deliver('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { ...resourceOf(subscriptionId), billing_info: { failed_payments_count: 1 } });
    const res = await failed.res;
    expect(res.json().data).toMatchObject({ eventId: failed.event.id, outcome: 'applied' });
    const suspendedAt = (await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, subscriptionId) }))!.suspendedAt!;
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', status: 'SUSPENDED', maxEmployees: 8 });
    // Still Premium: the limit check (plans.ts canAdd via assertCanAdd) lets the 7th employee in.
    expect((await addEmployee(admin, 6)).statusCode).toBe(201);
    expect((await t.as(admin).get('/api/paypal/subscription-details')).json().data).toMatchObject({
      subscription: { status: 'SUSPENDED', billing_info: { failed_payments_count: 1 } },
      company: { plan: 'PREMIUM', status: 'SUSPENDED', graceEndsAt: new Date(suspendedAt.getTime() + 7 * DAY).toISOString(), downgradedAt: null },
    });

    // The same event again (PayPal retries deliveries): recognised, nothing changes.
    const replay = await t.anon.post(
      '/api/paypal/webhook',
      JSON.stringify({ ...failed.event, resource: { ...failed.event.resource, billing_info: { failed_payments_count: 5 } } }),
      {
        ...json,
        ...GOOD_WEBHOOK_HEADERS,
      },
    );
    expect(replay.json().data.outcome).toBe('duplicate');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, failed.event.id))).toHaveLength(1);
    const row = await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, subscriptionId) });
    expect(row).toMatchObject({ failedPaymentsCount: 1, suspendedAt });
    const notes = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), eq(activityLog.title, 'activity.billing.payment_failed')));
    expect(notes).toHaveLength(1);

    // Grace over (7 days after the first failure): FREE limits, the newest extra employees deactivated, nothing deleted.
    // Each employee is logged in somewhere: the deactivated ones' sessions (and sockets) end.
    const accounts = await t.db.select({ userId: employees.userId }).from(employees).where(eq(employees.companyId, companyId));
    const open = await t.db
      .insert(sessions)
      .values(accounts.map((a) => ({ userId: a.userId!, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + DAY) })))
      .returning();
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 7 * DAY - 16 * MIN));
    expect((await company(companyId))?.plan).toBe('PREMIUM');
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 7 * DAY + 16 * MIN));
    expect(await company(companyId)).toMatchObject({ plan: 'FREE', maxEmployees: 5, status: 'SUSPENDED' });
    const staff = await t.db.select().from(employees).where(eq(employees.companyId, companyId)).orderBy(employees.createdAt);
    expect(staff).toHaveLength(7);
    expect(staff.map((e) => e.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'INACTIVE', 'INACTIVE']);
    const logins = await t.db.select().from(users).where(eq(users.id, staff[6].userId!));
    expect(logins[0].isActive).toBe(false);
    // Recorded as a period (from today), so the days they are off do not count as absences.
    const periodOf = async (id: string) => (await t.db.select().from(employeeSchedulePeriods).where(eq(employeeSchedulePeriods.employeeId, id))).at(-1);
    expect(await periodOf(staff[6].id)).toMatchObject({ active: false });
    const roomOf = (userId: string | null) => `session_${open.find((o) => o.userId === userId)!.id}`;
    expect(t.events.disconnected).toEqual(expect.arrayContaining([roomOf(staff[5].userId), roomOf(staff[6].userId)]));
    expect(t.events.disconnected).not.toContain(roomOf(staff[0].userId));
    const refused = await addEmployee(admin, 99);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_limit_reached');
    // The employees tab and the subscription tab of the admins refresh; employees hear nothing of billing.
    const emitted = t.events.emitted.filter((e) => (e.payload as { companyId?: string })?.companyId === companyId || e.room.endsWith(companyId));
    expect(emitted).toContainEqual(expect.objectContaining({ room: `company_admin_${companyId}`, event: 'employee_update' }));
    expect(emitted).toContainEqual(expect.objectContaining({ room: `company_admin_${companyId}`, event: 'company_update' }));
    expect(emitted.filter((e) => e.room === `company_${companyId}` && e.event === 'company_update')).toEqual([]);
    // An admin cannot bring the deactivated extras back by hand: the 6 ACTIVE seats are FREE's 5 already.
    const extra = staff[6];
    const reactivate = await t.as(admin).put(`/api/company-admin-simple/employees/${extra.id}`, {
      firstName: extra.firstName,
      lastName: extra.lastName,
      email: extra.email,
      employeeCode: extra.employeeCode,
      documentType: extra.documentType,
      documentNumber: extra.documentNumber,
      status: 'ACTIVE',
    });
    expect(reactivate.statusCode).toBe(403);
    expect(reactivate.json()).toMatchObject({ code: 'plan_limit_reached', feature: 'employees', limit: 5 });
    expect((await t.db.query.employees.findFirst({ where: eq(employees.id, extra.id) }))?.status).toBe('INACTIVE');
    expect((await t.db.select().from(users).where(eq(users.id, extra.userId!)))[0].isActive).toBe(false);
    // The subscription tab still shows the arrears after the downgrade: failed payments and the deletion day.
    const arrears = (await t.as(admin).get('/api/paypal/subscription-details')).json().data;
    expect(arrears).toMatchObject({
      subscription: { status: 'SUSPENDED' },
      company: {
        plan: 'FREE',
        downgradedAt: expect.any(String),
        graceEndsAt: new Date(suspendedAt.getTime() + 7 * DAY).toISOString(),
        deletionAt: new Date(suspendedAt.getTime() + 30 * DAY).toISOString(),
        timezone: 'America/Lima',
      },
    });
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 7 * DAY + 32 * MIN));
    const mails = t.deps.mailer.outbox.filter((m) => m.to === admin.email).map((m) => m.subject);
    expect(mails).toEqual(expect.arrayContaining(['Presente: Pago fallido: suscripción suspendida', 'Presente: Periodo de gracia vencido: plan Gratis']));

    // The payment finally goes through: Premium with the paid count again, the deactivated employees back.
    const sale = deliver('PAYMENT.SALE.COMPLETED', {
      id: 'SALE-1',
      billing_agreement_id: subscriptionId,
      amount: { total: '20.00', currency: 'USD' },
      create_time: new Date().toISOString(),
    });
    expect((await sale.res).json().data.outcome).toBe('applied');
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', maxEmployees: 8, status: 'ACTIVE' });
    const after = await t.db.select().from(employees).where(eq(employees.companyId, companyId));
    expect(after.filter((e) => e.status === 'ACTIVE')).toHaveLength(7);
    expect((await t.db.select().from(users).where(eq(users.id, staff[6].userId!)))[0].isActive).toBe(true);
    expect(await periodOf(staff[6].id)).toMatchObject({ active: true });
  });

  it('30 days in arrears deletes the company and its data (the register kept, closed: decision 0034); the admin is told (in English for an English company)', async () => {
    const { admin, companyId, subscriptionId } = await premiumCompany(5, 'en-US');
    const failed = deliver('BILLING.SUBSCRIPTION.SUSPENDED', { ...resourceOf(subscriptionId), status: 'SUSPENDED' });
    await failed.res;
    const suspendedAt = (await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, subscriptionId) }))!.suspendedAt!;
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 30 * DAY - 16 * MIN));
    expect(await company(companyId)).toMatchObject({ plan: 'FREE', status: 'SUSPENDED' });
    expect(fake.subscriptions.get(subscriptionId)?.status).not.toBe('CANCELLED');
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 30 * DAY + 16 * MIN));
    expect((await company(companyId))?.closedAt).toBeInstanceOf(Date); // closed: only the register is kept (decision 0034)
    // PayPal stops retrying: nobody is charged for a company whose data is gone.
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('CANCELLED');
    expect(t.events.disconnected).toContain(`company_${companyId}`); // its people's sockets close with it
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(suspendedAt.getTime() + 30 * DAY + 32 * MIN));
    const mails = t.deps.mailer.outbox.filter((m) => m.to === admin.email).map((m) => m.subject);
    expect(mails).toEqual(expect.arrayContaining(['Presente: Payment failed: subscription suspended', 'Presente: Data deleted']));
    // The provider's event stays recorded (idempotency), tied to the closed company until its register is purged.
    const [kept] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, failed.event.id));
    expect(kept).toMatchObject({ companyId, outcome: 'applied' });
    expect((await deliver('BILLING.SUBSCRIPTION.CANCELLED', resourceOf(subscriptionId), { id: failed.event.id }).res).json().data.outcome).toBe('duplicate');
  });

  it('revises up: approved with PayPal, the extra seats usable only from the payment at the new quantity (next billing date), never before', async () => {
    const { admin, companyId, subscriptionId } = await premiumCompany(8);
    const revise = (n: number) => t.as(admin).post('/api/paypal/revise-subscription', { companyId, companyName: 'Beta', employeeCount: n });
    for (let i = 0; i < 8; i++) expect((await addEmployee(admin, i)).statusCode).toBe(201);

    fake.reviseMode = 'approval';
    const withApproval = (await revise(10)).json();
    expect(withApproval.data).toMatchObject({ success: true, approvalUrl: expect.stringContaining(`${fake.url}/webapps/billing/subscriptions/update`) });
    const pending = (await t.as(admin).post('/api/paypal/confirm-revision', { companyId, revisionId: withApproval.data.revisionId, employeeCount: 10 })).json();
    expect(pending).toMatchObject({
      data: { applied: false, approved: false },
      message: 'La actualización fue enviada y puede tardar unos minutos en reflejarse',
    });
    fake.approveRevision(subscriptionId);
    const nextBilling = new Date(fake.subscriptions.get(subscriptionId)!.billing_info.next_billing_time!);
    const approved = (
      await t.as(admin).post('/api/paypal/confirm-revision', { companyId, revisionId: withApproval.data.revisionId, employeeCount: 10 })
    ).json();
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' }).format(nextBilling);
    expect(approved).toMatchObject({
      data: { applied: false, approved: true, effectiveFrom: nextBilling.toISOString(), maxEmployees: 8 },
      message: `Ampliación aprobada. PayPal la cobra desde la próxima fecha de cobro (${day}); desde ese pago podrás tener 10 empleados activos.`,
    });
    // Approved but not paid: the ninth employee is refused, the screen says from when.
    expect((await company(companyId))?.maxEmployees).toBe(8);
    expect((await addEmployee(admin, 8)).statusCode).toBe(403);
    // The UPDATED webhook PayPal sends changes nothing more, however often it comes.
    for (const e of fake.takeEvents().filter((e) => e.event_type === 'BILLING.SUBSCRIPTION.UPDATED')) {
      await t.anon.post('/api/paypal/webhook', JSON.stringify(e), { ...json, ...GOOD_WEBHOOK_HEADERS });
    }
    expect((await company(companyId))?.maxEmployees).toBe(8);
    const details = (await t.as(admin).get('/api/paypal/subscription-details')).json().data;
    expect(details.subscription.pending_revision).toEqual({ employee_count: 10, effective_from: nextBilling.toISOString() });
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 60_000));
    const mail = t.deps.mailer.outbox.filter((m) => m.to === admin.email && m.subject === 'Presente: Ampliación aprobada').at(-1);
    expect(mail?.text).toContain(`a 10 empleados está aprobada. PayPal la cobra desde la próxima fecha de cobro, el ${day}`);
    const scheduled = (await t.as(admin).get('/api/paypal/history')).json().data.find((h: { event: string }) => h.event === 'revision_scheduled');
    expect(scheduled).toMatchObject({ employeeCount: 10, title: 'Ampliación aprobada: se cobra y se aplica desde la próxima fecha de cobro' });
    // The next cycle: PayPal charges 10 x 2.50 = "25.0"; from that payment the seats are usable.
    fake.takeEvents();
    fake.renew(subscriptionId);
    const sale = fake.takeEvents().find((e) => e.event_type === 'PAYMENT.SALE.COMPLETED')!;
    expect((sale.resource as { amount: { total: string } }).amount.total).toBe('25.0');
    expect((await t.anon.post('/api/paypal/webhook', JSON.stringify(sale), { ...json, ...GOOD_WEBHOOK_HEADERS })).json().data.outcome).toBe('applied');
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM', maxEmployees: 10 });
    expect((await addEmployee(admin, 9)).statusCode).toBe(201);
    expect((await t.as(admin).get('/api/paypal/subscription-details')).json().data.subscription).toMatchObject({ quantity: 10, pending_revision: null });

    // Accepted without an approval link (at once or later): the same rule, seats from the payment at that quantity.
    for (const mode of ['automatic', 'delayed'] as const) {
      fake.reviseMode = mode;
      const n = mode === 'automatic' ? 12 : 15;
      expect((await revise(n)).json()).toMatchObject({ data: { automaticUpgrade: false } });
      if (mode === 'delayed') fake.approveRevision(subscriptionId);
      fake.takeEvents();
      for (const e of fake.events.filter((e) => e.event_type === 'BILLING.SUBSCRIPTION.UPDATED').slice(-1)) {
        await t.anon.post('/api/paypal/webhook', JSON.stringify(e), { ...json, ...GOOD_WEBHOOK_HEADERS });
      }
      expect((await company(companyId))?.maxEmployees, mode).toBe(mode === 'automatic' ? 10 : 12);
      fake.renew(subscriptionId);
      for (const e of fake.takeEvents()) await t.anon.post('/api/paypal/webhook', JSON.stringify(e), { ...json, ...GOOD_WEBHOOK_HEADERS });
      expect((await company(companyId))?.maxEmployees, mode).toBe(n);
    }
    fake.reviseMode = 'approval';

    // PLAN_PRODUCT_NOT_COMPATIBLE: a plan of another product.
    const otherProduct = await t.deps.billing.createProduct({ name: 'other', description: 'x' });
    const foreign = await t.deps.billing.createPlan({ productId: otherProduct, name: 'x', pricePerPeriod: '2.50', currency: 'USD', cycle: 'monthly' });
    const [row] = await t.db.update(subscriptions).set({ providerPlanId: foreign }).where(eq(subscriptions.providerSubscriptionId, subscriptionId)).returning();
    const incompatible = await revise(20);
    expect(incompatible.statusCode).toBe(502);
    expect(incompatible.json()).toMatchObject({
      message: 'Los planes deben usar el mismo producto. Contacta soporte.',
      errors: [{ message: 'PLAN_PRODUCT_NOT_COMPATIBLE' }],
    });
    await t.db
      .update(subscriptions)
      .set({ providerPlanId: fake.subscriptions.get(subscriptionId)!.plan_id })
      .where(eq(subscriptions.id, row.id));
    // UNPROCESSABLE_ENTITY: PayPal has it suspended while we have not heard yet.
    fake.subscriptions.get(subscriptionId)!.status = 'SUSPENDED';
    const unprocessable = await revise(20);
    expect(unprocessable.statusCode).toBe(502);
    expect(unprocessable.json().message).toContain('UNPROCESSABLE_ENTITY');
    fake.subscriptions.get(subscriptionId)!.status = 'ACTIVE';
    expect((await company(companyId))?.maxEmployees).toBe(15);
  });

  it('cancels at PayPal with the reason; the details say until when; a vanished subscription answers subscriptionNotFound', async () => {
    const { admin, subscriptionId } = await premiumCompany(5);
    const paidUntil = fake.subscriptions.get(subscriptionId)!.billing_info.next_billing_time; // PayPal drops it once cancelled
    const res = await t.as(admin).post('/api/paypal/cancel-subscription', { reason: 'Cerramos la empresa' });
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', accessUntil: paidUntil });
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Cerramos la empresa' });
    // The CANCELLED webhook that follows is harmless.
    expect((await deliver('BILLING.SUBSCRIPTION.CANCELLED', { ...resourceOf(subscriptionId) }).res).json().data.outcome).toBe('applied');
    expect((await t.as(admin).get('/api/paypal/subscription-details')).json().data.subscription.status).toBe('CANCELLED');

    const other = await premiumCompany(5);
    fake.subscriptions.delete(other.subscriptionId);
    const gone = await t.as(other.admin).post('/api/paypal/cancel-subscription', {});
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('subscriptionNotFound');
    // Details still show what we know.
    expect((await t.as(other.admin).get('/api/paypal/subscription-details')).json().data.subscription.status).toBe('ACTIVE');
  });

  it('does not adopt a browser-made subscription whose quantity breaks the Premium rules, and cancels it at PayPal', async () => {
    const seed = await premiumCompany(5);
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    for (let i = 0; i < 6; i++) await t.factories.employee(companyId);
    const browserMade = async (quantity: number) => {
      const sub = await t.deps.billing.createSubscription({
        planId: seed.planId,
        quantity,
        customId: companyId,
        returnUrl: 'http://a/r',
        cancelUrl: 'http://a/c',
        brandName: 'x',
      });
      fake.approve(sub.id);
      return sub.id;
    };
    for (const [quantity, message] of [
      [3, 'Número de empleados debe estar entre 5 y 1000'],
      [1001, 'Número de empleados debe estar entre 5 y 1000'],
      [5, 'Número de empleados no puede ser menor a tus 6 empleados activos'],
    ] as const) {
      const id = await browserMade(quantity);
      const res = await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: id, companyId });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(fake.subscriptions.get(id)?.status).toBe('CANCELLED');
      expect(await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, id) })).toBeUndefined();
    }
    // The same through the activation webhook (it may arrive before the browser confirms): ignored, cancelled.
    const early = await browserMade(2);
    const hook = deliver('BILLING.SUBSCRIPTION.ACTIVATED', resourceOf(early));
    expect((await hook.res).json().data.outcome).toBe('ignored');
    expect(fake.subscriptions.get(early)?.status).toBe('CANCELLED');
    expect(await company(companyId)).toMatchObject({ plan: 'FREE' });
    // Within the rules it is adopted as before.
    const ok = await browserMade(6);
    expect((await t.as(admin).post('/api/paypal/confirm-subscription', { subscriptionId: ok, companyId })).json().data).toMatchObject({
      plan: 'PREMIUM',
      maxEmployees: 6,
    });
  });

  it('the super admin deleting a Premium company cancels its PayPal subscription first; if PayPal fails, nothing is deleted', async () => {
    const root = await t.factories.superAdmin();
    const { companyId, subscriptionId } = await premiumCompany(6);
    fake.outage = true;
    try {
      const refused = await t.as(root).delete(`/api/super-admin/companies/${companyId}`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        'No se pudo cancelar la suscripción de la empresa en PayPal, así que la empresa no se eliminó. Intenta nuevamente en unos minutos.',
      );
    } finally {
      fake.outage = false;
    }
    expect(await company(companyId)).toMatchObject({ plan: 'PREMIUM' });
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('ACTIVE');

    const res = await t.as(root).delete(`/api/super-admin/companies/${companyId}`);
    expect(res.statusCode).toBe(200);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Company deleted by the platform operator' });
    expect((await company(companyId))?.closedAt).toBeInstanceOf(Date); // closed: only the register is kept (decision 0034)

    // Already cancelled at PayPal (e.g. from the buyer's account): the deletion goes ahead.
    const other = await premiumCompany(5);
    fake.subscriptions.get(other.subscriptionId)!.status = 'CANCELLED';
    expect((await t.as(root).delete(`/api/super-admin/companies/${other.companyId}`)).statusCode).toBe(200);
    expect((await company(other.companyId))?.closedAt).toBeInstanceOf(Date); // closed: only the register is kept (decision 0034)
  });
});
