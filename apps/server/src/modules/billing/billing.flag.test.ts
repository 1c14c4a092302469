/**
 * The super admin closes a "Revisar cobro" review (decision 0041): DELETE /super-admin/companies/{id}/billing-flag
 * clears every flagged subscription of that company only, records who did it in the company's activity log,
 * and tells the super admin's room. Nobody else may.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, subscriptions } from '../../db/schema/index.js';
import { rooms } from '../../realtime/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A company with a subscription flagged for review (a payment that was not price x seats). */
async function flaggedCompany(reason = 'payment 17.50 USD, expected 20.00 USD') {
  const c = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 8 });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const providerSubscriptionId = `I-${randomUUID().slice(0, 12).toUpperCase()}`;
  await t.db.insert(subscriptions).values({
    companyId: c.id,
    provider: 'simulator',
    providerPlanId: 'P-SIM1',
    providerSubscriptionId,
    status: 'ACTIVE',
    isCurrent: true,
    employeeCount: 8,
    pricePerEmployee: '2.50',
    flaggedAt: new Date(),
    flagReason: reason,
  });
  return { companyId: c.id, admin, providerSubscriptionId };
}
const flagOf = async (root: Parameters<TestApp['as']>[0], companyId: string) =>
  (await t.as(root).get(`/api/super-admin/companies/${companyId}`)).json().data.billingFlag;

describe('the super admin clears the "Revisar cobro" flag', () => {
  it('clears this company’s flag only, answers the company without it, and logs who did it', async () => {
    const root = await t.factories.superAdmin();
    const mine = await flaggedCompany();
    const other = await flaggedCompany('plan_overridden');
    expect(await flagOf(root, mine.companyId)).toMatchObject({ reason: 'payment 17.50 USD, expected 20.00 USD' });
    const before = t.events.emitted.length;

    const res = await t.as(root).delete(`/api/super-admin/companies/${mine.companyId}/billing-flag`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Revisión de cobro cerrada', data: { id: mine.companyId, billingFlag: null } });
    expect(await flagOf(root, mine.companyId)).toBeNull();
    // The other company's review stays open.
    expect(await flagOf(root, other.companyId)).toMatchObject({ reason: 'plan_overridden' });

    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, mine.companyId), eq(activityLog.title, 'activity.billingFlagCleared')));
    expect(entry).toMatchObject({ actorUserId: root.id, type: 'admin_action' });
    expect(entry.details).toMatchObject({ subscriptionIds: [mine.providerSubscriptionId], reasons: ['payment 17.50 USD, expected 20.00 USD'] });
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.companyId, other.companyId), eq(activityLog.title, 'activity.billingFlagCleared'))),
    ).toEqual([]);
    expect(t.events.emitted.slice(before)).toContainEqual({
      room: rooms.superAdmin(),
      event: 'company_update',
      payload: { companyId: mine.companyId, action: 'billing_flag_cleared' },
    });

    // Nothing left to clear: 409 with a stable code, nothing logged twice; an unknown company: 404.
    const again = await t.as(root).delete(`/api/super-admin/companies/${mine.companyId}/billing-flag`, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'This company has no billing to review' });
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.companyId, mine.companyId), eq(activityLog.title, 'activity.billingFlagCleared'))),
    ).toHaveLength(1);
    expect((await t.as(root).delete(`/api/super-admin/companies/${randomUUID()}/billing-flag`)).statusCode).toBe(404);
    expect((await t.as(root).delete('/api/super-admin/companies/not-a-uuid/billing-flag')).statusCode).toBe(400);
  });

  it('a company admin (even of the flagged company), an employee or nobody cannot clear it', async () => {
    const root = await t.factories.superAdmin();
    const flagged = await flaggedCompany();
    const employee = await t.factories.employeeUser({ companyId: flagged.companyId });
    const url = `/api/super-admin/companies/${flagged.companyId}/billing-flag`;
    expect((await t.anon.delete(url)).statusCode).toBe(401);
    expect((await t.as(flagged.admin).delete(url)).statusCode).toBe(403);
    const otherAdmin = await t.factories.companyAdmin();
    expect((await t.as(otherAdmin).delete(url)).statusCode).toBe(403);
    expect((await t.as(employee).delete(url)).statusCode).toBe(403);
    expect(await flagOf(root, flagged.companyId)).toMatchObject({ reason: 'payment 17.50 USD, expected 20.00 USD' });
  });
});
