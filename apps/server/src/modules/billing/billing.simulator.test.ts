import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, companies, employees, subscriptions, users } from '../../db/schema/index.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { applyEvent, runLifecycle } from './apply.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const log = pino({ level: 'silent' });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const pathOf = (url: string) => new URL(url).pathname;

describe('payments with the built-in simulator, end to end through the routes', () => {
  it('FREE → create-plan → approve page → confirm → PREMIUM → revise up (never down) → cancel → deactivated → deleted', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const as = t.as(admin);
    for (let i = 0; i < 3; i++) await t.factories.employee(companyId);

    // The catalogue and the price come from the server; the mode tells the UI to show 'Modo de prueba'.
    const plans = (await as.get('/api/paypal/plans')).json().data;
    expect(plans).toMatchObject({ mode: 'simulator', currency: 'USD' });
    expect(plans.plans.map((p: { id: string }) => p.id)).toEqual(['FREE', 'PREMIUM', 'ENTERPRISE']);
    expect(plans.plans[0].limits).toEqual({ employees: 5, schedules: 1, locations: 1, links: 1 });
    expect(plans.plans[1]).toMatchObject({ pricePerEmployee: 2.5, minEmployees: 5, maxEmployees: 1000 });
    expect((await as.get('/api/paypal/employee-price')).json().data).toEqual({ success: true, pricePerEmployee: 2.5, currency: 'USD', mode: 'simulator' });
    // No subscription yet: an expected answer (200, subscription null), never a 404 the browser logs as an error.
    const none = await as.get('/api/paypal/subscription-details');
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ subscription: null, company: { plan: 'FREE', nextBillingDate: null, deletionAt: null }, mode: 'simulator' });

    // Validation (spec §5).
    const body = { companyId, employeeCount: 8, companyName: 'Mi Empresa' };
    expect((await as.post('/api/paypal/create-plan', { ...body, employeeCount: 4 })).json().message).toBe('Número de empleados debe estar entre 5 y 1000');
    expect((await as.post('/api/paypal/create-plan', { ...body, employeeCount: 1001 })).json().message).toBe('Número de empleados debe estar entre 5 y 1000');
    expect((await as.post('/api/paypal/create-plan', { ...body, companyName: '  ' })).json().message).toBe('Nombre de empresa requerido');

    const created = await as.post('/api/paypal/create-plan', body);
    expect(created.statusCode).toBe(200);
    const plan = created.json().data;
    expect(created.json().message).toBe('Plan creado exitosamente');
    expect(plan).toMatchObject({
      success: true,
      planId: expect.stringMatching(/^P-SIM/),
      subscriptionId: expect.stringMatching(/^I-SIM/),
      mode: 'simulator',
      pricing: { employeeCount: 8, pricePerEmployee: 2.5, subtotal: '20.00', total: '20.00', currency: 'USD' },
    });
    expect(plan.approvalUrl).toContain(`/api/paypal/simulator/approve/${plan.subscriptionId}`);
    expect((await as.get('/api/paypal/subscription-details')).json().data).toMatchObject({
      subscription: { status: 'APPROVAL_PENDING' },
      company: { plan: 'FREE' },
    });
    const early = await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId, employeeCount: 8 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('La suscripción aún no fue aprobada. Completa la aprobación del pago.');

    // The approval page (public, es/en), then Aprobar.
    const page = await t.anon.get(pathOf(plan.approvalUrl));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Modo de prueba');
    expect(page.body).toContain('Aprobar');
    expect(page.body).toContain('Cancelar');
    expect(page.body).toContain('20.00 USD');
    const en = await t.anon.get(pathOf(plan.approvalUrl), { 'accept-language': 'en' });
    expect(en.body).toContain('Test mode');
    expect(en.body).toContain('Approve');
    const approved = await t.anon.post(pathOf(plan.approvalUrl), 'decision=approve', form);
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location as string);
    expect(back.pathname).toBe('/company-admin/subscription');
    expect(back.searchParams.get('paypal')).toBe('approved');
    expect(back.searchParams.get('subscription_id')).toBe(plan.subscriptionId);
    // A second click finds nothing pending and changes nothing.
    expect((await t.anon.post(pathOf(plan.approvalUrl), 'decision=approve', form)).statusCode).toBe(404);

    const confirmed = await as.post('/api/paypal/confirm-subscription', {
      subscriptionId: back.searchParams.get('subscription_id'),
      companyId,
      employeeCount: 8,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: '¡Suscripción activada exitosamente!', data: { success: true, plan: 'PREMIUM', maxEmployees: 8 } });
    expect((await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId })).statusCode).toBe(200); // idempotent
    const activations = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), eq(activityLog.title, 'activity.billing.activated')));
    expect(activations).toHaveLength(1);
    const settings = (await as.get('/api/company-admin-simple/company/settings')).json().data;
    expect(settings).toMatchObject({ plan: 'PREMIUM', maxEmployees: 8, usage: { schedules: { limit: -1 }, locations: { limit: -1 }, links: { limit: -1 } } });

    const details = (await as.get('/api/paypal/subscription-details')).json().data;
    expect(details).toMatchObject({
      subscription: {
        id: plan.subscriptionId,
        status: 'ACTIVE',
        quantity: 8,
        billing_info: { last_payment: { amount: { value: '20.00', currency_code: 'USD' } }, failed_payments_count: 0 },
      },
      company: { plan: 'PREMIUM', maxEmployees: 8, nextBillingDate: expect.any(String) },
      mode: 'simulator',
    });
    expect(details.subscription.billing_info.next_billing_time).toBe(details.company.nextBillingDate);
    expect((await as.post('/api/paypal/create-plan', body)).json().message).toBe('La empresa ya tiene una suscripción Premium activa');

    // Revise: only up; the approval goes through the same page.
    for (const n of [6, 8, 1001]) {
      const down = await as.post('/api/paypal/revise-subscription', { companyId, companyName: 'Mi Empresa', employeeCount: n });
      expect(down.statusCode, String(n)).toBe(400);
      expect(down.json().message).toBe('Número de empleados debe ser mayor a 8 y hasta 1000');
    }
    const revised = await as.post('/api/paypal/revise-subscription', { companyId, companyName: 'Mi Empresa', employeeCount: 10 });
    expect(revised.json()).toMatchObject({
      message: 'Aprueba el cambio en PayPal para completar la actualización',
      data: { success: true, revisionId: expect.any(String) },
    });
    const { approvalUrl, revisionId } = revised.json().data;
    expect((await t.anon.get(pathOf(approvalUrl))).body).toContain('Aprobar cambio de suscripción');
    const revApproved = await t.anon.post(pathOf(approvalUrl), 'decision=approve', form);
    const revBack = new URL(revApproved.headers.location as string);
    expect(revBack.searchParams.get('paypal')).toBe('revision-approved');
    expect(revBack.searchParams.get('revisionId')).toBe(revisionId);
    // Approved, not paid yet: the extra seats come with the next cycle's payment at 10 (decision 0041).
    const confirmRev = await as.post('/api/paypal/confirm-revision', { companyId, revisionId, employeeCount: 10 });
    expect(confirmRev.json()).toMatchObject({
      message: expect.stringMatching(
        /^Ampliación aprobada\. PayPal la cobra desde la próxima fecha de cobro \(\d{2}\/\d{2}\/\d{4}\); desde ese pago podrás tener 10 empleados activos\.$/,
      ),
      data: { applied: false, approved: true, effectiveFrom: details.company.nextBillingDate, maxEmployees: 8 },
    });
    expect((await as.post('/api/paypal/confirm-revision', { companyId, revisionId: crypto.randomUUID(), employeeCount: 10 })).statusCode).toBe(404);
    // A revision the buyer cancels changes nothing.
    const second = (await as.post('/api/paypal/revise-subscription', { companyId, companyName: 'Mi Empresa', employeeCount: 15 })).json().data;
    const revCancelled = await t.anon.post(pathOf(second.approvalUrl), 'decision=cancel', form);
    expect(new URL(revCancelled.headers.location as string).searchParams.get('paypal')).toBe('revision-cancelled');
    expect((await as.post('/api/paypal/confirm-revision', { companyId, revisionId: second.revisionId })).json().data).toMatchObject({
      applied: false,
      approved: false,
      maxEmployees: 8,
    });

    // Cancel: only from ACTIVE; Premium until the end of the paid period.
    const cancelled = await as.post('/api/paypal/cancel-subscription', { reason: 'Ya no lo necesitamos' });
    expect(cancelled.json()).toMatchObject({
      message: 'Suscripción cancelada. Mantendrás Premium hasta el final del periodo pagado.',
      data: { success: true, status: 'CANCELLED', accessUntil: details.company.nextBillingDate },
    });
    expect((await as.post('/api/paypal/cancel-subscription', {})).json().message).toBe('Solo se puede cancelar una suscripción activa');
    expect((await as.post('/api/paypal/revise-subscription', { companyId, companyName: 'x', employeeCount: 20 })).json().message).toBe(
      'Solo se puede actualizar una suscripción activa',
    );
    expect((await as.post('/api/paypal/create-plan', body)).json().message).toBe('La suscripción fue cancelada. Para reactivarla contacta a soporte.');
    expect((await as.get('/api/paypal/subscription-details')).json().data).toMatchObject({
      subscription: { status: 'CANCELLED' },
      company: { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 8, accessUntil: details.company.nextBillingDate },
    });

    // The lifecycle jobs (one run per 15-minute slot): access ends at the period end (users cannot log in), the data 30 days later.
    const periodEnd = new Date(details.company.nextBillingDate);
    const MIN = 60_000;
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(periodEnd.getTime() - 16 * MIN));
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) }))?.status).toBe('ACTIVE');
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(periodEnd.getTime() + 16 * MIN));
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) })).toMatchObject({ status: 'INACTIVE', plan: 'FREE', maxEmployees: 5 });
    // Access ended: the admin stays signed in read-only, for the attendance register and nothing else (decision 0034).
    expect((await as.get('/api/auth/verify')).json().data.user).toMatchObject({ access: 'register_only' });
    expect((await as.get('/api/paypal/subscription-details')).json().code).toBe('register_only');
    expect((await as.get('/api/company-admin-simple/register/summary')).json().data).toMatchObject({ registerOnly: true, deletionAt: expect.any(String) });
    expect((await as.get('/api/company-admin-simple/register?format=xlsx')).statusCode).toBe(200);
    expect((await as.get('/api/company-admin-simple/register?format=pdf')).statusCode).toBe(200);
    const subjects = () => t.deps.mailer.outbox.filter((m) => m.to === admin.email).map((m) => m.subject);
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(periodEnd.getTime() + 29 * 86_400_000));
    expect(subjects()).toEqual(
      expect.arrayContaining(['Presente: Suscripción Premium activada', 'Presente: Suscripción cancelada', 'Presente: Cuenta desactivada']),
    );
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) })).toMatchObject({ closedAt: null });
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(periodEnd.getTime() + 30 * 86_400_000 + 16 * MIN));
    // Deleted: closed, the logins and the subscription gone, the workers kept for the register.
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) }))?.closedAt).toBeInstanceOf(Date);
    expect(await t.db.query.users.findFirst({ where: eq(users.id, admin.id) })).toBeUndefined();
    expect((await as.get('/api/auth/verify')).statusCode).toBe(401);
    expect(await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.companyId, companyId) })).toBeUndefined();
    expect((await t.db.select().from(employees).where(eq(employees.companyId, companyId))).length).toBe(3);
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(periodEnd.getTime() + 30 * 86_400_000 + 32 * MIN));
    expect(subjects()).toContain('Presente: Datos eliminados');
    // The mail carries the 30-day link to the whole register.
    const link = t.deps.mailer.outbox.find((m) => m.to === admin.email && m.subject === 'Presente: Datos eliminados')?.links?.[0] ?? '';
    expect((await t.anon.get(`${new URL(link).pathname}/file?format=pdf`)).statusCode).toBe(200);
  });

  it('a buyer who cancels on the approval page goes back with nothing changed; the plan is reused for the next try', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const first = (await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 5, companyName: 'Otra' })).json().data;
    const res = await t.anon.post(pathOf(first.approvalUrl), 'decision=cancel', form);
    expect(new URL(res.headers.location as string).searchParams.get('paypal')).toBe('cancelled');
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) }))?.plan).toBe('FREE');
    const again = (await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 5, companyName: 'Otra' })).json().data;
    expect(again.planId).toBe(first.planId);
    expect(again.subscriptionId).not.toBe(first.subscriptionId);
    // Not below the active employees.
    for (let i = 0; i < 6; i++) await t.factories.employee(companyId);
    const below = await t.as(admin).post('/api/paypal/create-plan', { companyId, employeeCount: 5, companyName: 'Otra' });
    expect(below.json().message).toBe('Número de empleados no puede ser menor a tus 6 empleados activos');
  });

  it('a company in arrears (already on FREE limits) can subscribe again: the old subscription is replaced, employees come back', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const as = t.as(admin);
    const subscribe = async (count: number) => {
      const plan = (await as.post('/api/paypal/create-plan', { companyId, employeeCount: count, companyName: 'Gamma' })).json().data;
      await t.anon.post(pathOf(plan.approvalUrl), 'decision=approve', form);
      expect((await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId })).statusCode).toBe(200);
      return plan.subscriptionId as string;
    };
    const firstId = await subscribe(7);
    for (let i = 0; i < 7; i++) await t.factories.employee(companyId);
    const first = (await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.providerSubscriptionId, firstId) }))!;
    const failedAt = new Date();
    await applyEvent(t.deps, first.id, { type: 'payment_failed' }, failedAt);
    expect(await runLifecycle(t.deps, new Date(failedAt.getTime() + 7 * 86_400_000))).toEqual(['grace_expired']);
    const active = async () => (await t.db.select().from(employees).where(eq(employees.companyId, companyId))).filter((e) => e.status === 'ACTIVE').length;
    expect(await active()).toBe(5);

    await subscribe(7);
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) })).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 7 });
    expect(await active()).toBe(7);
    expect(await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, first.id) })).toMatchObject({ status: 'CANCELLED', isCurrent: false });
    // The replaced one is no longer followed: no deletion 30 days after its failure.
    expect(await runLifecycle(t.deps, new Date(failedAt.getTime() + 31 * 86_400_000))).toEqual([]);
  });

  it('the billing history lists each event with its date and amount, in the reader language, paged', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const as = t.as(admin);
    const plan = (await as.post('/api/paypal/create-plan', { companyId, employeeCount: 6, companyName: 'Delta' })).json().data;
    await t.anon.post(pathOf(plan.approvalUrl), 'decision=approve', form);
    await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId });
    const history = (await as.get('/api/paypal/history')).json();
    expect(history.pagination).toMatchObject({ page: 1, total: 2 });
    // Newest first: the first payment (15.00 = 6 × 2.50), then the activation.
    expect(history.data).toEqual([
      expect.objectContaining({ event: 'payment_completed', title: 'Pago de suscripción recibido', amount: '15.00', currency: 'USD', employeeCount: 6 }),
      expect.objectContaining({ event: 'activated', title: 'Suscripción Premium activada', amount: null, employeeCount: 6 }),
    ]);
    expect(new Date(history.data[1].timestamp).getTime()).toBeLessThanOrEqual(Date.now());
    const en = (await as.get('/api/paypal/history', { 'accept-language': 'en' })).json().data;
    expect(en.map((e: { title: string }) => e.title)).toEqual(['Subscription payment received', 'Premium subscription activated']);
    // Stored as keys (translated when read), with no employee attached: employees never see billing.
    const rows = await t.db.select().from(activityLog).where(eq(activityLog.companyId, companyId));
    expect(rows.map((r) => [r.title, r.employeeId]).sort()).toEqual([
      ['activity.billing.activated', null],
      ['activity.billing.payment_completed', null],
    ]);
    const page2 = (await as.get('/api/paypal/history?page=2&limit=1')).json();
    expect(page2.data.map((e: { event: string }) => e.event)).toEqual(['activated']);
    expect(page2.pagination).toMatchObject({ pages: 2 });
    expect((await as.get('/api/paypal/history?limit=500')).statusCode).toBe(400);
  });

  it('an entry written before titles were keys (Spanish words) still reads in English', async () => {
    const admin = await t.factories.companyAdmin();
    await t.db.insert(activityLog).values({
      companyId: admin.companyId!,
      type: 'admin_action',
      title: 'Suscripción cancelada',
      description: 'La suscripción Premium de X fue cancelada.',
      details: { billing: 'cancelled', employeeCount: 8 },
    });
    const [entry] = (await t.as(admin).get('/api/paypal/history', { 'accept-language': 'en' })).json().data;
    expect(entry).toMatchObject({ event: 'cancelled', title: 'Subscription cancelled', employeeCount: 8 });
  });

  it('the super admin deleting a Premium company cancels its subscription in the simulator first', async () => {
    const root = await t.factories.superAdmin();
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const as = t.as(admin);
    const plan = (await as.post('/api/paypal/create-plan', { companyId, employeeCount: 5, companyName: 'Omega' })).json().data;
    await t.anon.post(pathOf(plan.approvalUrl), 'decision=approve', form);
    await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId });
    expect((await t.deps.billing.getSubscription(plan.subscriptionId)).status).toBe('ACTIVE');

    // The provider fails: refused with a clear message, nothing deleted, the subscription still running.
    const original = t.deps.billing.cancelSubscription;
    t.deps.billing.cancelSubscription = async () => {
      throw new Error('connection reset');
    };
    try {
      const refused = await t.as(root).delete(`/api/super-admin/companies/${companyId}`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('bad_gateway');
      expect((await t.as(root).delete(`/api/super-admin/companies/${companyId}`, { 'accept-language': 'en' })).json().message).toBe(
        "The company's PayPal subscription could not be cancelled, so the company was not deleted. Try again in a few minutes.",
      );
    } finally {
      t.deps.billing.cancelSubscription = original;
    }
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) })).toMatchObject({ plan: 'PREMIUM' });
    expect((await t.deps.billing.getSubscription(plan.subscriptionId)).status).toBe('ACTIVE');

    expect((await t.as(root).delete(`/api/super-admin/companies/${companyId}`)).statusCode).toBe(200);
    expect((await t.deps.billing.getSubscription(plan.subscriptionId)).status).toBe('CANCELLED');
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, companyId) }))?.closedAt).toBeInstanceOf(Date);
  });
});
