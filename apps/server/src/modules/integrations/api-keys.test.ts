import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, apiKeys } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/integrations/api-keys';

async function admin(plan: 'FREE' | 'PREMIUM' = 'PREMIUM') {
  const c = await t.factories.company({ plan, timezone: 'America/Lima' });
  return t.factories.companyAdmin({ companyId: c.id });
}

describe('API keys (Configuración → Integraciones)', () => {
  it('creates a key shown once: only its SHA-256 and prefix are stored; the list never shows it; audited', async () => {
    const a = await admin();
    const res = await t.as(a).post(url, { name: 'Buk', scope: 'read' });
    expect(res.statusCode).toBe(201);
    const { key, ...shown } = res.json().data;
    expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(shown).toMatchObject({ name: 'Buk', scope: 'read', prefix: key.slice(0, 12), lastUsedAt: null, expiresAt: null, revokedAt: null, state: 'active' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, shown.id));
    expect(row.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = (await t.as(a).get(url)).json();
    expect(list.data.keys).toEqual([shown]);
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.data.allowance).toEqual({ keys: 10, scopes: ['read', 'read_write'], used: 1 });
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.companyId, a.companyId!));
    expect(logged.map((l) => [l.title, l.actorUserId, (l.details as { name: string }).name])).toEqual([['activity.apiKeyCreated', a.id, 'Buk']]);
  });

  it('Free allows one read-only key: read_write and a second key are refused (403 plan_limit_reached), nothing stored', async () => {
    const a = await admin('FREE');
    const rw = await t.as(a).post(url, { name: 'X', scope: 'read_write' });
    expect(rw.statusCode).toBe(403);
    expect(rw.json()).toMatchObject({ code: 'plan_limit_reached', errors: [{ path: 'scope' }] });
    expect((await t.as(a).post(url, { name: 'A', scope: 'read' })).statusCode).toBe(201);
    const second = await t.as(a).post(url, { name: 'B', scope: 'read' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'plan_limit_reached', feature: 'apiKeys', limit: 1 });
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, a.companyId!))).toHaveLength(1);
    // A revoked key no longer counts.
    const [only] = await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, a.companyId!));
    expect((await t.as(a).post(`${url}/${only.id}/revoke`)).statusCode).toBe(200);
    expect((await t.as(a).post(url, { name: 'B', scope: 'read' })).statusCode).toBe(201);
  });

  it('Premium allows ten live keys of any scope', async () => {
    const a = await admin();
    for (let i = 0; i < 10; i++) expect((await t.as(a).post(url, { name: `K${i}`, scope: i % 2 ? 'read' : 'read_write' })).statusCode).toBe(201);
    expect((await t.as(a).post(url, { name: 'K10', scope: 'read' })).json()).toMatchObject({ code: 'plan_limit_reached', limit: 10 });
  });

  it('an expiry is the last day the key works, in the company calendar; a past day or a bad one is 400', async () => {
    const a = await admin();
    const res = await t.as(a).post(url, { name: 'Temp', scope: 'read', expiresOn: '2099-12-31' });
    expect(res.json().data.expiresAt).toBe('2100-01-01T05:00:00.000Z'); // Lima's midnight after the day
    expect((await t.as(a).post(url, { name: 'Old', scope: 'read', expiresOn: '2020-01-01' })).json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'expiresOn' }],
    });
    expect((await t.as(a).post(url, { name: 'Bad', scope: 'read', expiresOn: '2026-02-30' })).statusCode).toBe(400);
    expect(
      (await t.as(a).post(url, { name: '', scope: 'admin' }))
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['name', 'scope']);
  });

  it("revokes (audited, idempotent); another company's key is 404 and unchanged; employees cannot reach it", async () => {
    const a = await admin();
    const b = await admin();
    const mine = (await t.as(a).post(url, { name: 'Mine', scope: 'read' })).json().data;
    const theirs = (await t.as(b).post(url, { name: 'Theirs', scope: 'read' })).json().data;
    expect((await t.as(a).post(`${url}/${theirs.id}/revoke`)).statusCode).toBe(404);
    expect((await t.as(b).get(url)).json().data.keys[0].state).toBe('active');
    expect((await t.as(a).get(url)).json().data.keys.map((k: { id: string }) => k.id)).toEqual([mine.id]);
    const revoked = await t.as(a).post(`${url}/${mine.id}/revoke`);
    expect(revoked.json().data).toMatchObject({ state: 'revoked' });
    await t.as(a).post(`${url}/${mine.id}/revoke`);
    const titles = (await t.db.select().from(activityLog).where(eq(activityLog.companyId, a.companyId!))).map((l) => l.title).sort();
    expect(titles).toEqual(['activity.apiKeyCreated', 'activity.apiKeyRevoked']);
    const employee = await t.factories.employee(a.companyId!);
    expect((await t.as(employee.account).get(url)).statusCode).toBe(403);
    expect((await t.anon.get(url)).statusCode).toBe(401);
  });
});
