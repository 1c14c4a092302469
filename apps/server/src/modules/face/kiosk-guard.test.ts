/**
 * What guards the public kiosk before any face is analysed: the signed device id, the device and network
 * cool-downs, the per-IP and per-link limits, the single-use short-lived challenge. Every refused mark here
 * is a bad challenge (a face failure that needs no engine), so this runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceLinks, attendanceRecords, faceChallenges, faceTemplates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { newDeviceCookie, verifiedDeviceId } from './kiosk-device.js';
import { hashLinkToken } from './link-token.js';
import { scriptedEngine } from './scripted-engine.js';
import { kioskChallenge, kioskDevice, pairTestKiosk, postMark, postMultipart, signConsent, signedMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
const frames = [jpeg, jpeg, jpeg];
const COOLDOWN = /^Demasiados intentos fallidos\. Espera \d+ segundos antes de volver a intentarlo\.$/;
const NETWORK = 'Demasiados intentos fallidos desde esta red. Espera unos minutos antes de volver a intentarlo.';
const TOO_MANY = 'Demasiadas solicitudes. Espera un momento.';

/** A signed mark with a challenge nobody issued: refused as challenge_invalid, which counts as a failure. */
const badMark = async (t: TestApp, token: string, kiosk: TestKiosk, remoteAddress = '127.0.0.1') => {
  const [link] = await t.db
    .select()
    .from(attendanceLinks)
    .where(eq(attendanceLinks.tokenHash, hashLinkToken(token)));
  return signedMark(t, token, kiosk, () => frames, { challenge: { challengeId: randomUUID(), steps: [], linkId: link.id }, remoteAddress });
};

describe('kiosk device id and cool-downs (usual test scale)', () => {
  let t: TestApp;
  let token: string;
  let admin: TestUser;
  const linkIdOf = async (challengeId: string) => (await t.db.select().from(faceChallenges).where(eq(faceChallenges.id, challengeId)))[0].linkId;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.factories.companyAdmin();
    token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token;
  });

  it('gives the page a server-signed device id once; an unsigned or forged one is replaced', async () => {
    const cookie = await kioskDevice(t, token, '10.9.0.1');
    const value = cookie.slice('presente_kiosk='.length);
    expect(verifiedDeviceId(t.deps.sessionSecret, value)).toMatch(/^[\w-]{20,}$/);
    const again = await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    for (const forged of ['device-a', `${value.split('.')[0]}.AAAA`, newDeviceCookie('another-secret-another-secret-another')]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, headers: { cookie: `presente_kiosk=${forged}` } });
      expect(String(res.headers['set-cookie'])).toMatch(
        /^presente_kiosk=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/api\/public\/attendance; HttpOnly; SameSite=Lax$/,
      );
    }
  });

  it('cools a paired kiosk down after five failures in a row; another kiosk at the same address goes on', async () => {
    const ip = '10.9.0.3';
    const kiosk = await pairTestKiosk(t, admin, 'K-a', ip);
    for (let i = 0; i < 5; i++) expect((await badMark(t, token, kiosk, ip)).statusCode).toBe(400);
    const blocked = await badMark(t, token, kiosk, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(COOLDOWN);
    const other = await pairTestKiosk(t, admin, 'K-b', ip);
    expect((await badMark(t, token, other, ip)).json().code).toBe('challenge_invalid');
  });

  it('refuses an expired challenge (nothing recorded)', async () => {
    const kiosk = await pairTestKiosk(t, admin, 'K-c');
    const { challengeId } = (await kioskChallenge(t, token, kiosk, '10.9.0.4')).json().data;
    await t.db
      .update(faceChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(faceChallenges.id, challengeId));
    const expired = await signedMark(t, token, kiosk, () => frames, {
      challenge: { challengeId, steps: [], linkId: await linkIdOf(challengeId) },
      remoteAddress: '10.9.0.4',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 'challenge_invalid', message: 'La verificación expiró o ya se usó. Vuelve a empezar.' });
    const [row] = await t.db.select().from(faceChallenges).where(eq(faceChallenges.id, challengeId));
    expect(row.usedAt).toBeNull();

    expect(await t.db.select().from(attendanceRecords)).toHaveLength(0);
  });

  it('answers 429 past 30 marks and 60 challenges a minute from one kiosk; another kiosk of the link goes on', async () => {
    const busy = await pairTestKiosk(t, admin, 'K-busy');
    const c = (await kioskChallenge(t, token, busy)).json().data;
    const { challengeId: _used, ...rest } = c;
    for (let i = 0; i < 30; i++)
      expect((await signedMark(t, token, busy, () => frames, { challenge: { ...rest, challengeId: randomUUID() } })).json().message).not.toBe(TOO_MANY);
    const over = await signedMark(t, token, busy, () => frames, { challenge: c });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rate_limited', message: TOO_MANY });
    for (let i = 0; i < 59; i++) expect((await kioskChallenge(t, token, busy)).statusCode).toBe(200);
    expect((await kioskChallenge(t, token, busy)).json()).toEqual({ code: 'rate_limited', message: TOO_MANY });
    const calm = await pairTestKiosk(t, admin, 'K-calm');
    expect((await badMark(t, token, calm, '10.9.0.9')).json().code).toBe('challenge_invalid');
  });
});

describe('calls no paired kiosk signed (RATE_LIMIT_SCALE=1)', () => {
  it('after 20 from one IP that IP waits, even with a new made-up kiosk id; other IPs and the paired kiosks go on', async () => {
    const t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token;
    const ip = '10.7.0.1';
    const kiosk = await pairTestKiosk(t, owner, 'Oficina', ip);
    for (let i = 0; i < 20; i++) {
      const res = await postMark(t, link, { challengeId: randomUUID() }, frames, { remoteAddress: ip, headers: { 'x-kiosk-id': randomUUID() } });
      expect(res.json().code).toBe('kiosk_not_paired');
    }
    const res = await kioskChallenge(t, link, { kioskId: randomUUID(), privateKey: kiosk.privateKey }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'rate_limited', message: NETWORK });
    expect((await kioskChallenge(t, link, null, '10.7.0.2')).json().code).toBe('kiosk_not_paired');
    // The office's paired kiosk behind the same address is not held up.
    expect((await kioskChallenge(t, link, kiosk, ip)).statusCode).toBe(200);
  });
});

describe("removing another company's face", () => {
  it('DELETE /face-recognition/register/:id of an employee of another company answers 404 and keeps their templates', async () => {
    const t = await createTestApp();
    const engine = scriptedEngine();
    (t.deps as { face?: typeof engine.pool }).face = engine.pool;
    const owner = await t.factories.companyAdmin();
    const theirs = await t.factories.employee(owner.companyId!);
    const images = [await engine.frame({ person: 'vera' }), await engine.frame({ person: 'vera' }), await engine.frame({ person: 'vera' })];
    const fields = { employeeId: theirs.id, consentAccepted: 'true', noticeVersion: '2026-11-v1' };
    await signConsent(t.db, theirs.id);
    expect((await postMultipart(t, `${base}/register`, owner, fields, [{ field: 'image', images }])).statusCode).toBe(201);

    const intruder = await t.factories.companyAdmin();
    expect((await t.anon.delete(`${base}/register/${theirs.id}`)).statusCode).toBe(401);
    const res = await t.as(intruder).delete(`${base}/register/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'El empleado no tiene un registro facial' });
    expect(await t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, theirs.id))).toHaveLength(3);
    expect((await t.as(owner).delete(`${base}/register/${theirs.id}`)).json().message).toBe('Registro facial eliminado');
    expect(await t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, theirs.id))).toHaveLength(0);
  });
});
