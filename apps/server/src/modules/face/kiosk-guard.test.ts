/**
 * What guards the public kiosk before any face is analysed: the signed device id, the device and network
 * cool-downs, the per-IP and per-link limits, the single-use short-lived challenge. Every refused mark here
 * is a bad challenge (a face failure that needs no engine), so this runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, faceChallenges, faceTemplates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { newDeviceCookie, verifiedDeviceId } from './kiosk-device.js';
import { scriptedEngine } from './scripted-engine.js';
import { kioskDevice, postMark, postMultipart, signConsent } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
const frames = [jpeg, jpeg, jpeg];
const COOLDOWN = /^Demasiados intentos fallidos\. Espera \d+ segundos antes de volver a intentarlo\.$/;
const NETWORK = 'Demasiados intentos fallidos desde esta red. Espera unos minutos antes de volver a intentarlo.';
const TOO_MANY = 'Demasiadas solicitudes. Espera un momento.';

async function linkOf(t: TestApp) {
  const admin = await t.factories.companyAdmin();
  return (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token as string;
}
/** A mark with a challenge nobody issued: refused as challenge_invalid, which counts as a failure. */
const badMark = (t: TestApp, token: string, opts: { cookie?: string; remoteAddress?: string } = {}) =>
  postMark(t, token, { challengeId: randomUUID() }, frames, opts);

describe('kiosk device id and cool-downs (usual test scale)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await linkOf(t);
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

  it('a new unsigned or forged cookie does not reset the cool-down: without a valid signature the IP is the device', async () => {
    const ip = '10.9.0.2';
    for (let i = 0; i < 5; i++)
      expect((await badMark(t, token, { remoteAddress: ip, cookie: `presente_kiosk=random-${i}` })).json().code).toBe('challenge_invalid');
    for (const cookie of ['presente_kiosk=random-99', undefined, `presente_kiosk=${newDeviceCookie('another-secret-another-secret-another')}`]) {
      const res = await badMark(t, token, { remoteAddress: ip, cookie });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(COOLDOWN) });
    }
    // A real device at that address has its own count.
    const device = await kioskDevice(t, token, ip);
    expect((await badMark(t, token, { remoteAddress: ip, cookie: device })).json().code).toBe('challenge_invalid');
  });

  it('cools a signed device down after five failures in a row', async () => {
    const ip = '10.9.0.3';
    const device = await kioskDevice(t, token, ip);
    for (let i = 0; i < 5; i++) expect((await badMark(t, token, { remoteAddress: ip, cookie: device })).statusCode).toBe(400);
    const blocked = await badMark(t, token, { remoteAddress: ip, cookie: device });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(COOLDOWN);
  });

  it('refuses an expired challenge (nothing recorded) and a challenge of another link', async () => {
    const device = await kioskDevice(t, token, '10.9.0.4');
    const { challengeId } = (await t.app.inject({ method: 'POST', url: `/api/public/attendance/${token}/challenge`, remoteAddress: '10.9.0.4' })).json().data;
    await t.db
      .update(faceChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(faceChallenges.id, challengeId));
    const expired = await postMark(t, token, { challengeId }, frames, { cookie: device, remoteAddress: '10.9.0.4' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 'challenge_invalid', message: 'La verificación expiró o ya se usó. Vuelve a empezar.' });
    const [row] = await t.db.select().from(faceChallenges).where(eq(faceChallenges.id, challengeId));
    expect(row.usedAt).toBeNull();

    const otherToken = await linkOf(t);
    const theirs = (await t.anon.post(`/api/public/attendance/${otherToken}/challenge`)).json().data.challengeId;
    expect((await postMark(t, token, { challengeId: theirs }, frames, { cookie: device, remoteAddress: '10.9.0.4' })).json().code).toBe('challenge_invalid');
    expect(await t.db.select().from(attendanceRecords)).toHaveLength(0);
  });

  it('answers 429 rate_limited past 120 marks a minute on one link, whatever the addresses', async () => {
    const busy = await linkOf(t);
    for (let i = 0; i < 120; i++) {
      const res = await badMark(t, busy, { remoteAddress: `10.8.${i >> 8}.${i & 255}` });
      expect(res.json().code).toBe('challenge_invalid');
    }
    const over = await badMark(t, busy, { remoteAddress: '10.8.9.9' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rate_limited', message: TOO_MANY });
    // Another link goes on.
    expect((await badMark(t, token, { remoteAddress: '10.8.9.9' })).json().code).toBe('challenge_invalid');
  });
});

describe('kiosk per-IP limits (RATE_LIMIT_SCALE=1)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    token = await linkOf(t);
  });

  it('after 20 failures from one IP, any device there cools down (a fresh signed id does not help); other IPs go on', async () => {
    const ip = '10.7.0.1';
    for (let d = 0; d < 4; d++) {
      const device = await kioskDevice(t, token, ip);
      for (let i = 0; i < 5; i++) expect((await badMark(t, token, { remoteAddress: ip, cookie: device })).statusCode).toBe(400);
    }
    const fresh = await kioskDevice(t, token, ip);
    const res = await badMark(t, token, { remoteAddress: ip, cookie: fresh });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'rate_limited', message: NETWORK });
    const en = await postMark(t, token, { challengeId: randomUUID() }, frames, { remoteAddress: ip, cookie: fresh, lang: 'en' });
    expect(en.json().message).toBe('Too many failed attempts from this network. Wait a few minutes before trying again.');
    expect((await badMark(t, token, { remoteAddress: '10.7.0.2' })).json().code).toBe('challenge_invalid');
  });

  it('answers 429 rate_limited past 30 marks and 60 challenges a minute from one IP', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 30; i++) expect((await badMark(t, token, { remoteAddress: ip })).statusCode).not.toBe(500);
    const over = await badMark(t, token, { remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rate_limited', message: TOO_MANY });

    const challenge = () => t.app.inject({ method: 'POST', url: `/api/public/attendance/${token}/challenge`, remoteAddress: '10.6.0.2' });
    for (let i = 0; i < 60; i++) expect((await challenge()).statusCode).toBe(200);
    const refused = await challenge();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: TOO_MANY });
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
