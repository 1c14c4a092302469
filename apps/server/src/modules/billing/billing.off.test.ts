import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING_MODE: 'off' });
});

describe('BILLING_MODE=off: no online payments', () => {
  it('says so in the catalogue (the UI hides upgrades) and refuses to start or grow a subscription', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const as = t.as(admin);
    expect((await as.get('/api/paypal/plans')).json().data).toMatchObject({ mode: 'off', paypalClientId: null });
    expect((await as.get('/api/paypal/employee-price')).json().data.mode).toBe('off');
    const create = await as.post('/api/paypal/create-plan', { companyId, employeeCount: 8, companyName: 'Sin pagos' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ code: 'forbidden', message: 'Los pagos en línea no están disponibles. Contacta a ventas para pasar a Premium.' });
    const revise = await as.post('/api/paypal/revise-subscription', { companyId, companyName: 'Sin pagos', employeeCount: 20 });
    expect(revise.statusCode).toBe(403);
    expect(await t.db.query.subscriptions.findFirst({ where: eq(subscriptions.companyId, companyId) })).toBeUndefined();
    // Another company's id is still simply not found.
    const other = await t.factories.companyAdmin();
    expect((await as.post('/api/paypal/create-plan', { companyId: other.companyId, employeeCount: 8, companyName: 'X' })).statusCode).toBe(404);
  });

  it('the super admin sees the payment mode in the system status', async () => {
    const root = await t.factories.superAdmin();
    expect((await t.as(root).get('/api/super-admin/dashboard')).json().data.system.payments).toBe('off');
  });
});
