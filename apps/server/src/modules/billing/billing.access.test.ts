import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, paymentEvents, subscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { GOOD_WEBHOOK_HEADERS } from './fake-paypal.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const calls: [string, string][] = [
  ['GET', '/api/paypal/employee-price'],
  ['GET', '/api/paypal/plans'],
  ['POST', '/api/paypal/create-plan'],
  ['POST', '/api/paypal/confirm-subscription'],
  ['GET', '/api/paypal/subscription-details'],
  ['POST', '/api/paypal/cancel-subscription'],
  ['POST', '/api/paypal/revise-subscription'],
  ['POST', '/api/paypal/confirm-revision'],
  ['GET', '/api/paypal/history'],
];
const send = (method: string, url: string, cookie?: string, payload: object = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie: `presente_session=${cookie}` } : {},
    payload: method === 'GET' ? undefined : payload,
  });

describe('payments: roles and tenants', () => {
  it('answers 401 without a session, before validating anything', async () => {
    for (const [method, url] of calls) expect((await send(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('answers 403 to an employee and to the super admin', async () => {
    const employee = await t.factories.employeeUser();
    const superAdmin = await t.factories.superAdmin();
    for (const who of [employee, superAdmin]) {
      for (const [method, url] of calls) expect((await send(method, url, who.sessionToken)).statusCode, `${who.role} ${method} ${url}`).toBe(403);
    }
  });

  it("refuses another company's id in a body (404) and changes nothing there", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.companyAdmin();
    const otherId = other.companyId!;
    const as = t.as(admin);
    expect((await as.post('/api/paypal/create-plan', { companyId: otherId, employeeCount: 8, companyName: 'X' })).statusCode).toBe(404);
    expect(await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.companyId, otherId) })).toBeUndefined();

    // The other company subscribes (simulator); this admin cannot confirm, revise or see it.
    const plan = (await t.as(other).post('/api/paypal/create-plan', { companyId: otherId, employeeCount: 8, companyName: 'Y' })).json().data;
    await t.anon.post(new URL(plan.approvalUrl).pathname, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect((await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId: otherId })).statusCode).toBe(404);
    const stolen = await as.post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId: admin.companyId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('subscriptionNotFound');
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, admin.companyId!) }))?.plan).toBe('FREE');
    await t.as(other).post('/api/paypal/confirm-subscription', { subscriptionId: plan.subscriptionId, companyId: otherId });
    expect((await as.post('/api/paypal/revise-subscription', { companyId: otherId, companyName: 'Y', employeeCount: 20 })).statusCode).toBe(404);
    expect((await as.post('/api/paypal/confirm-revision', { companyId: otherId, revisionId: crypto.randomUUID() })).statusCode).toBe(404);
    // Another company's subscription is not this admin's: this admin has none.
    expect((await as.get('/api/paypal/subscription-details')).json().data.subscription).toBeNull();
    expect((await as.post('/api/paypal/cancel-subscription', {})).statusCode).toBe(404);
    // The other company's billing history is not this admin's.
    expect((await t.as(other).get('/api/paypal/history')).json().pagination.total).toBeGreaterThan(0);
    expect((await as.get('/api/paypal/history')).json()).toMatchObject({ data: [], pagination: { total: 0 } });
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, otherId) })).toMatchObject({ plan: 'PREMIUM', maxEmployees: 8 });
    expect((await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.companyId, otherId) }))?.status).toBe('ACTIVE');
  });

  it('the webhook is public but refused without a verifiable signature (the simulator never accepts one)', async () => {
    const event = { id: 'WH-ANON-1', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: { id: 'I-X' } };
    const res = await t.anon.post('/api/paypal/webhook', JSON.stringify(event), { 'content-type': 'application/json', ...GOOD_WEBHOOK_HEADERS });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, 'WH-ANON-1'))).toHaveLength(0);
    expect((await t.anon.post('/api/paypal/webhook', '{not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  it('the simulator page is public; an unknown id is a 404 page', async () => {
    const res = await t.anon.get('/api/paypal/simulator/approve/I-SIMNOPE');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Esta aprobación ya no está pendiente.');
    expect(
      (await t.anon.post('/api/paypal/simulator/approve/I-SIMNOPE', 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode,
    ).toBe(404);
  });
});
