/**
 * The two kiosk limits by themselves (decision 0033), on PGlite and PostgreSQL: an identity's refusals (the fifth in
 * 3 minutes tells the admin once, in the activity log and live, and makes that identity wait in its company only) and
 * a paired kiosk's failures in a row (the fifth starts a minute's cool-down and the count again).
 */
import { FACE_LIMITS } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ctx } from '../../context.js';
import { activityLog, attendanceLinks, kioskDevices } from '../../db/schema/index.js';
import { rooms } from '../../realtime/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { assertIdentityFree, countIdentityRefusal, IDENTITY_LIMIT } from './identity-limits.js';
import { cooldownLeft, recordFailure } from './kiosk-cooldown.js';
import type { Kiosk } from './pairing.service.js';

let t: TestApp;
let ctx: Ctx;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { db: t.db, deps: t.deps, log: pino({ level: 'silent' }), ip: '10.9.0.1', userAgent: 'test' } as unknown as Ctx;
});
const kiosk = { id: crypto.randomUUID(), name: 'Recepción' } as Kiosk;
const activityOf = (employeeId: string) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.employeeId, employeeId), eq(activityLog.title, 'activity.faceIdentityLocked')));
const alertsFor = (employeeId: string) =>
  t.events.emitted.filter((e) => e.event === 'kiosk_alert' && (e.payload as { employeeId: string }).employeeId === employeeId);

describe('refusals per identity', () => {
  it('the fifth tells the admin once (activity and live alert with the name) and makes the identity wait; the sixth tells nothing more', async () => {
    const admin = await t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const eva = await t.factories.employee(companyId, { firstName: 'Eva', lastName: 'Quispe' });
    for (let i = 1; i < IDENTITY_LIMIT.refusals; i++) {
      await countIdentityRefusal(ctx, companyId, eva.id, kiosk);
      await expect(assertIdentityFree(ctx, companyId, eva.id)).resolves.toBeUndefined();
    }
    expect(await activityOf(eva.id)).toHaveLength(0);
    expect(alertsFor(eva.id)).toHaveLength(0);

    await countIdentityRefusal(ctx, companyId, eva.id, kiosk);
    await expect(assertIdentityFree(ctx, companyId, eva.id)).rejects.toMatchObject({
      code: 'identity_cooldown',
      messageKey: 'face.identityCooldown',
      params: { minutes: IDENTITY_LIMIT.windowMinutes },
    });
    const details = { kioskName: 'Recepción', kioskId: kiosk.id, attempts: IDENTITY_LIMIT.refusals, minutes: IDENTITY_LIMIT.windowMinutes };
    const [told] = await activityOf(eva.id);
    expect(told).toMatchObject({ companyId, type: 'admin_action', description: 'activity.faceIdentityLockedDetail', details });
    expect(alertsFor(eva.id)).toEqual([
      {
        room: rooms.companyAdmin(companyId),
        event: 'kiosk_alert',
        payload: { kind: 'identity_locked', employeeId: eva.id, employeeName: 'Eva Quispe', ...details },
      },
    ]);

    await countIdentityRefusal(ctx, companyId, eva.id, kiosk);
    expect(await activityOf(eva.id)).toHaveLength(1);
    expect(alertsFor(eva.id)).toHaveLength(1);
  });

  it("counts per company and per employee: another employee, and the same id in another company, go on; another company's employee is never named", async () => {
    const companyId = (await t.factories.companyAdmin()).companyId!;
    const otherCompany = (await t.factories.companyAdmin()).companyId!;
    const leo = await t.factories.employee(companyId);
    const mia = await t.factories.employee(companyId);
    for (let i = 0; i < IDENTITY_LIMIT.refusals; i++) await countIdentityRefusal(ctx, companyId, leo.id, kiosk);
    await expect(assertIdentityFree(ctx, companyId, leo.id)).rejects.toMatchObject({ code: 'identity_cooldown' });
    await expect(assertIdentityFree(ctx, companyId, mia.id)).resolves.toBeUndefined();
    await expect(assertIdentityFree(ctx, otherCompany, leo.id)).resolves.toBeUndefined();
    // Counted under another company (a forged id): the alert goes to that company, without this company's name.
    for (let i = 0; i < IDENTITY_LIMIT.refusals; i++) await countIdentityRefusal(ctx, otherCompany, mia.id, kiosk);
    const alert = alertsFor(mia.id);
    expect(alert).toHaveLength(1);
    expect(alert[0]).toMatchObject({ room: rooms.companyAdmin(otherCompany), payload: { employeeName: null } });
  });
});

describe("a paired kiosk's failures in a row", () => {
  async function link() {
    const admin = await t.factories.companyAdmin();
    const [row] = await t.db
      .insert(attendanceLinks)
      .values({ companyId: admin.companyId!, name: `Link ${++seq}`, tokenHash: crypto.randomUUID().replaceAll('-', ''), tokenSealed: 'x' })
      .returning();
    return row;
  }
  const device = (linkId: string, key: string) =>
    t.db
      .select()
      .from(kioskDevices)
      .where(and(eq(kioskDevices.linkId, linkId), eq(kioskDevices.deviceKey, key)));

  it('the fifth starts the cool-down and the count again; another kiosk of the link goes on', async () => {
    const l = await link();
    expect(await cooldownLeft(ctx, l.id, 'kiosk-a')).toBe(0);
    for (let i = 1; i < FACE_LIMITS.failuresBeforeCooldown; i++) await recordFailure(ctx, l.companyId, l.id, 'kiosk-a');
    expect(await cooldownLeft(ctx, l.id, 'kiosk-a')).toBe(0);
    expect((await device(l.id, 'kiosk-a'))[0].failures).toBe(FACE_LIMITS.failuresBeforeCooldown - 1);
    const before = Date.now();
    await recordFailure(ctx, l.companyId, l.id, 'kiosk-a');
    const [row] = await device(l.id, 'kiosk-a');
    expect(row.failures).toBe(0);
    const until = row.cooldownUntil!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + FACE_LIMITS.cooldownSeconds * 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + FACE_LIMITS.cooldownSeconds * 1000);
    const left = await cooldownLeft(ctx, l.id, 'kiosk-a');
    expect(left).toBeGreaterThan(FACE_LIMITS.cooldownSeconds - 5);
    expect(left).toBeLessThanOrEqual(FACE_LIMITS.cooldownSeconds);
    expect(await cooldownLeft(ctx, l.id, 'kiosk-b')).toBe(0);
    await recordFailure(ctx, l.companyId, l.id, 'kiosk-b');
    expect((await device(l.id, 'kiosk-b'))[0]).toMatchObject({ failures: 1, cooldownUntil: null, companyId: l.companyId });
  });

  it('answers the whole seconds left, rounded up', async () => {
    const l = await link();
    const now = Date.now();
    await t.db.insert(kioskDevices).values({ linkId: l.id, deviceKey: 'k', companyId: l.companyId, cooldownUntil: new Date(now + 2_500) });
    // The clock held at `now` for the read: 2.5 s left is 3.
    vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      expect(await cooldownLeft(ctx, l.id, 'k')).toBe(3);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
