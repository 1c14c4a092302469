/**
 * Paired kiosks and signed marks (decision 0033), with a scripted engine so it runs on PGlite and PostgreSQL:
 * pairing codes (single use, expiry, guesses limited), unpaired / forged / revoked / foreign-company calls
 * refused, the nonce single-use, frames of an accepted mark refused for a day (perceptual hashes), an identity
 * that waits after 5 refusals in 3 minutes (the admin told), an outsider who cannot lock the paired kiosks.
 */

import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceRecords, companies, kioskPairingCodes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { scriptedEngine, texturedJpeg } from './scripted-engine.js';
import { type BurstFrames, burstOf, enrolScripted, kioskChallenge, pairTestKiosk, postMark, signedMark, signMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
const NOT_PAIRED = 'Este dispositivo no es un kiosco vinculado a la empresa. Pide al administrador un código en Configuración → Vincular kiosco.';

let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let admin: TestUser;
let token: string;
let seq = 0;

/** Frames of `person` following the steps: textured scenes (distinct for each call) the engine answers for. */
async function framesOf(person: string, steps: string[], still = false) {
  const rest = { yaw: 0, pitch: 0, smile: 0, mouth: 0 };
  return burstOf(steps, async (_yaw, _i, pose) => engine.frameOf(await texturedJpeg(`${person}-${++seq}`), { person, ...pose, ...(still ? rest : {}) }));
}
/** A signed mark whose frames are made once the challenge is known. */
async function markAs(kiosk: TestKiosk, person: string, opts: { link?: string; remoteAddress?: string; static?: boolean } = {}) {
  const link = opts.link ?? token;
  const c = (await kioskChallenge(t, link, kiosk, opts.remoteAddress)).json().data;
  const frames = await framesOf(person, c.steps, opts.static);
  return signedMark(t, link, kiosk, () => frames, { challenge: c, remoteAddress: opts.remoteAddress });
}
const enrol = (owner: TestUser, person: string) => enrolScripted(t, engine, owner, person);
const recordsOf = (employeeId: string) => t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId));
const newCode = async (owner: TestUser, name = 'Recepción') => (await t.as(owner).post(`${base}/kiosk-pairing-codes`, { name })).json().data.code as string;
const spki = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const pair = (code: string, remoteAddress = '10.33.0.1', publicKey = spki()) =>
  t.app.inject({ method: 'POST', url: '/api/public/kiosk-pairing', payload: { code, publicKey }, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
  engine = scriptedEngine();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
  admin = await t.factories.companyAdmin();
  token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Entrada' })).json().data.token;
});

describe('pairing codes', () => {
  it('a code pairs one kiosk once; a used, expired or made-up code is refused; only its HMAC is stored', async () => {
    const code = await newCode(admin);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const rows = await t.db.select().from(kioskPairingCodes).where(eq(kioskPairingCodes.companyId, admin.companyId!));
    expect(rows.some((r) => r.codeHash.includes(code.replace('-', '')))).toBe(false);
    const ok = await pair(code.toLowerCase().replace('-', ' '));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Kiosco vinculado', data: { name: 'Recepción', kioskId: expect.any(String) } });
    const again = await pair(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'pairing_code_invalid', message: 'El código no es válido, ya se usó o venció. Pide uno nuevo al administrador.' });

    const late = await newCode(admin);
    await t.db
      .update(kioskPairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskPairingCodes.companyId, admin.companyId!));
    expect((await pair(late)).json().code).toBe('pairing_code_invalid');
    // Not a P-256 public key: refused, and the code is not consumed.
    const fresh = await newCode(admin);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect((await pair(fresh, '10.33.0.1', rsa)).json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'publicKey' }] });
    expect((await pair(fresh)).statusCode).toBe(201);
  });

  it('after 10 wrong codes from one IP even a right code waits; another IP goes on', async () => {
    const ip = '10.33.1.1';
    for (let i = 0; i < 10; i++) expect((await pair(`WRNG${String(i).padStart(4, '2')}`, ip)).json().code).toBe('pairing_code_invalid');
    const code = await newCode(admin);
    const blocked = await pair(code, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await pair(code, '10.33.1.2')).statusCode).toBe(201);
  });

  it("another company's admin cannot list or revoke your kiosks; an anonymous caller cannot make codes", async () => {
    const mine = await pairTestKiosk(t, admin, 'Almacén');
    const intruder = await t.factories.companyAdmin();
    const theirs = (await t.as(intruder).get(`${base}/kiosks`)).json().data;
    expect(theirs).toEqual([]);
    const revoke = await t.as(intruder).post(`${base}/kiosks/${mine.kioskId}/revoke`, {});
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toEqual({ code: 'not_found', message: 'Kiosco no encontrado' });
    expect((await t.anon.post(`${base}/kiosk-pairing-codes`, { name: 'x' })).statusCode).toBe(401);
    const list = (await t.as(admin).get(`${base}/kiosks`)).json().data;
    expect(list.find((k: { id: string }) => k.id === mine.kioskId)).toMatchObject({ name: 'Almacén', revokedAt: null, createdBy: expect.any(String) });
  });
});

describe('signed marks', () => {
  let kiosk: TestKiosk;
  let ana: { id: string };
  beforeAll(async () => {
    kiosk = await pairTestKiosk(t, admin, 'Puerta');
    ana = await enrol(admin, 'ana');
  });

  it('an unpaired browser gets a clear refusal for the challenge and the mark, before its upload is read', async () => {
    const c = await kioskChallenge(t, token, null, '10.33.2.1');
    expect(c.statusCode).toBe(403);
    expect(c.json()).toEqual({ code: 'kiosk_not_paired', message: NOT_PAIRED });
    const en = await t.app.inject({
      method: 'POST',
      url: `/api/public/attendance/${token}/challenge`,
      headers: { 'accept-language': 'en' },
      remoteAddress: '10.33.2.1',
    });
    expect(en.json().message).toBe('This device is not a kiosk paired with the company. Ask the administrator for a code in Settings → Pair kiosk.');
    // A scripted call with a made-up kiosk id and a challenge of a real kiosk.
    const real = (await kioskChallenge(t, token, kiosk)).json().data;
    const frames = await framesOf('ana', real.steps);
    const res = await postMark(t, token, { challengeId: real.challengeId }, frames, { remoteAddress: '10.33.2.1' });
    expect(res.json()).toEqual({ code: 'kiosk_not_paired', message: NOT_PAIRED });
    const info = (await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}` })).json().data;
    expect(info.kiosk).toBe('unpaired');
    const mine = (await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, headers: { 'x-kiosk-id': kiosk.kioskId } })).json().data;
    expect(mine.kiosk).toBe('paired');
    expect(await recordsOf(ana.id)).toHaveLength(0);
  });

  it('a signature over other frames, another order, another key or another nonce is refused; nothing is recorded', async () => {
    const c = (await kioskChallenge(t, token, kiosk)).json().data;
    const frames = await framesOf('ana', c.steps);
    const other = await framesOf('ana', ['straight']);
    const stranger = await pairTestKiosk(t, await t.factories.companyAdmin(), 'Ajeno');
    const forged = [
      { signFrames: [other[0], ...frames.slice(1)] }, // one frame swapped
      { signFrames: [...frames].reverse() }, // reordered
      { signer: stranger }, // another key
      { signature: signMark(kiosk, { linkId: c.linkId, challengeId: crypto.randomUUID(), frames }) }, // another nonce
      { signature: 'AAAA' },
    ];
    for (const f of forged) {
      const res = await signedMark(t, token, kiosk, () => frames, { challenge: c, ...f });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'kiosk_signature_invalid', message: 'La firma de este kiosco no es válida. Vuelve a vincular el dispositivo.' });
    }
    const unsigned = await postMark(t, token, { challengeId: c.challengeId }, frames, { headers: { 'x-kiosk-id': kiosk.kioskId } });
    expect(unsigned.json().code).toBe('kiosk_signature_invalid');
    expect(await recordsOf(ana.id)).toHaveLength(0);
    // The untouched nonce still works with the right signature.
    const ok = await signedMark(t, token, kiosk, () => frames, { challenge: c });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ employee: { id: ana.id }, action: 'check_in' });
  });

  it('a nonce is single-use: the same signed burst sent twice is refused the second time', async () => {
    const first = await markAs(kiosk, 'ana');
    expect(first.statusCode).toBe(200);
    const again = await signedMark(t, token, kiosk, () => first.frames, { challenge: first.challenge });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('challenge_invalid');
  });

  it('a nonce issued to one kiosk cannot be signed by another kiosk of the company', async () => {
    const other = await pairTestKiosk(t, admin, 'Patio');
    const c = (await kioskChallenge(t, token, kiosk)).json().data;
    const frames = await framesOf('ana', c.steps);
    const res = await signedMark(t, token, other, () => frames, { challenge: c });
    expect(res.json().code).toBe('challenge_invalid');
  });

  it("a kiosk of another company cannot ask for a challenge or mark on this company's link", async () => {
    const foreign = await pairTestKiosk(t, await t.factories.companyAdmin(), 'Otra empresa');
    expect((await kioskChallenge(t, token, foreign)).json()).toEqual({ code: 'kiosk_not_paired', message: NOT_PAIRED });
    const c = (await kioskChallenge(t, token, kiosk)).json().data;
    const frames = await framesOf('ana', c.steps);
    const res = await signedMark(t, token, foreign, () => frames, { challenge: c });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('kiosk_not_paired');
  });

  it('a revoked kiosk is refused at once (challenge and mark), and the page is told to pair again', async () => {
    const doomed = await pairTestKiosk(t, admin, 'Temporal');
    const c = (await kioskChallenge(t, token, doomed)).json().data;
    const revoke = await t.as(admin).post(`${base}/kiosks/${doomed.kioskId}/revoke`, {});
    expect(revoke.json()).toEqual({ message: 'Kiosco desvinculado' });
    const frames = await framesOf('ana', c.steps);
    const res = await signedMark(t, token, doomed, () => frames, { challenge: c });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'kiosk_revoked', message: 'El administrador desvinculó este kiosco. Pide un código nuevo para vincularlo otra vez.' });
    expect((await kioskChallenge(t, token, doomed)).json().code).toBe('kiosk_revoked');
    const info = (await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, headers: { 'x-kiosk-id': doomed.kioskId } })).json().data;
    expect(info.kiosk).toBe('revoked');
    const activity = await t.db.select().from(activityLog).where(eq(activityLog.companyId, admin.companyId!));
    expect(activity.map((a) => a.title)).toEqual(expect.arrayContaining(['activity.kioskPaired', 'activity.kioskRevoked']));
  });

  it('pairing and revoking are audited with the kiosk and told live to the admins; an inactive company cannot pair', async () => {
    const owner = await t.factories.companyAdmin();
    const code = await newCode(owner, 'Almacén');
    const paired = await pair(code, '10.33.9.1');
    expect(paired.statusCode).toBe(201);
    const kioskId = paired.json().data.kioskId as string;
    const events = () => t.events.emitted.filter((e) => e.event === 'kiosk_update' && (e.payload as { id: string }).id === kioskId);
    expect(events()).toEqual([{ room: `company_admin_${owner.companyId}`, event: 'kiosk_update', payload: { action: 'paired', id: kioskId } }]);
    expect((await t.as(owner).post(`${base}/kiosks/${kioskId}/revoke`, {})).statusCode).toBe(200);
    expect(events().map((e) => e.payload)).toEqual([
      { action: 'paired', id: kioskId },
      { action: 'revoked', id: kioskId },
    ]);
    const audit = await t.db.select().from(activityLog).where(eq(activityLog.companyId, owner.companyId!));
    const details = { kioskName: 'Almacén', kioskId };
    expect(audit.find((a) => a.title === 'activity.kioskPaired')).toMatchObject({ type: 'admin_action', actorUserId: owner.id, details });
    expect(audit.find((a) => a.title === 'activity.kioskRevoked')).toMatchObject({ type: 'admin_action', actorUserId: owner.id, details });
    // Revoking again changes nothing and tells nobody; an unknown kiosk is 404.
    expect((await t.as(owner).post(`${base}/kiosks/${kioskId}/revoke`, {})).statusCode).toBe(200);
    expect(events()).toHaveLength(2);
    expect((await t.as(owner).post(`${base}/kiosks/${crypto.randomUUID()}/revoke`, {})).json().code).toBe('not_found');
    // A company made inactive after the code was shown: the code pairs nothing.
    const late = await newCode(owner, 'Tarde');
    await t.db.update(companies).set({ status: 'INACTIVE' }).where(eq(companies.id, owner.companyId!));
    const refused = await pair(late, '10.33.9.2');
    expect(refused.json().code).toBe('pairing_code_invalid');
  });

  it('the admin sees the last use, IP and position of a kiosk', async () => {
    const k = await pairTestKiosk(t, admin, 'Con GPS');
    const c = (await kioskChallenge(t, token, k, '10.33.3.3')).json().data;
    const frames = await framesOf('ana', c.steps);
    const res = await signedMark(t, token, k, () => frames, {
      challenge: c,
      remoteAddress: '10.33.3.3',
      fields: { latitude: '-12.05', longitude: '-77.04', accuracy: '15' },
    });
    expect(res.statusCode).toBe(200);
    const listed = (await t.as(admin).get(`${base}/kiosks`)).json().data.find((x: { id: string }) => x.id === k.kioskId);
    expect(listed).toMatchObject({ lastIp: '10.33.3.3', lastLocation: { latitude: -12.05, longitude: -77.04, accuracy: 15 }, lastUsedAt: expect.any(String) });
  });
});

describe('frames of an accepted mark', () => {
  it('a re-encoded, resized or brightened copy of an accepted frame is refused; a different genuine frame passes', async () => {
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Hall' })).json().data.token;
    const k = await pairTestKiosk(t, owner, 'Hall');
    const luis = await enrol(owner, 'luis');
    const accepted = await markAs(k, 'luis', { link });
    expect(accepted.statusCode).toBe(200);
    const copies = [
      (b: Buffer) => sharp(b).jpeg({ quality: 55 }).toBuffer(),
      (b: Buffer) => sharp(b).resize(560, 420).jpeg({ quality: 80 }).toBuffer(),
      (b: Buffer) => sharp(b).modulate({ brightness: 1.12 }).jpeg({ quality: 90 }).toBuffer(),
    ];
    for (const copy of copies) {
      const c = (await kioskChallenge(t, link, k)).json().data;
      // The earlier burst re-encoded: new bytes (a new signature over them), the same pictures.
      const replay: BurstFrames = await Promise.all(accepted.frames.map(copy));
      replay.frameTimes = accepted.frames.frameTimes;
      for (const f of replay) engine.frameOf(f, { person: 'luis' });
      const res = await signedMark(t, link, k, () => replay, { challenge: c });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'frame_replayed',
        message: 'Estas imágenes ya se usaron en otra marcación. Vuelve a intentarlo frente a la cámara.',
      });
      // The answer names the frame that was seen before, as a form names its field.
      expect(res.json().errors).toEqual([{ path: expect.stringMatching(/^frames\[\d+\]$/), message: expect.stringContaining('ya se usaron') }]);
    }
    expect(await recordsOf(luis.id)).toHaveLength(1);
    // New frames of the same person pass (the check-in repeated).
    const fresh = await markAs(k, 'luis', { link });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ employee: { id: luis.id }, repeated: true });
  });

  it('the frames of a refused mark are not kept: the same frames may be sent again with a new nonce', async () => {
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Nave' })).json().data.token;
    const k = await pairTestKiosk(t, owner, 'Nave');
    await enrol(owner, 'rita');
    const c1 = (await kioskChallenge(t, link, k)).json().data;
    const frames = await framesOf('nobody-enrolled', c1.steps);
    expect((await signedMark(t, link, k, () => frames, { challenge: c1 })).json().code).toBe('face_not_recognized');
    const c2 = { ...(await kioskChallenge(t, link, k)).json().data };
    c2.steps = c1.steps;
    expect((await signedMark(t, link, k, () => frames, { challenge: c2 })).json().code).not.toBe('frame_replayed');
  });
});

describe('limits per kiosk and per identity', () => {
  it('five refusals of one identity in 3 minutes make it wait on every kiosk, the admin is told; others go on', async () => {
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Oficina' })).json().data.token;
    const [k1, k2, k3] = [await pairTestKiosk(t, owner, 'K1'), await pairTestKiosk(t, owner, 'K2'), await pairTestKiosk(t, owner, 'K3')];
    const eva = await enrol(owner, 'eva');
    const leo = await enrol(owner, 'leo');
    // A photo of Eva held still: liveness fails, the face is hers. Three from one kiosk, two from another.
    for (const k of [k1, k1, k1, k2, k2]) expect((await markAs(k, 'eva', { link, static: true })).json().code).toBe('liveness_failed');
    const waiting = await markAs(k3, 'eva', { link });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      code: 'identity_cooldown',
      message: 'Demasiados intentos rechazados para esta persona. Espera 3 minutos; el administrador fue avisado.',
    });
    expect(await recordsOf(eva.id)).toHaveLength(0);
    const told = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, eva.id));
    const locked = told.filter((a) => a.title === 'activity.faceIdentityLocked');
    expect(locked).toHaveLength(1);
    expect(locked[0].details).toMatchObject({ attempts: 5, minutes: 3 });
    // Leo marks on the same kiosk.
    const ok = await markAs(k3, 'leo', { link });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.employee.id).toBe(leo.id);
  });

  it("an outsider's unsigned or forged calls do not lock the office's paired kiosks", async () => {
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Tienda' })).json().data.token;
    const k = await pairTestKiosk(t, owner, 'Caja');
    const zoe = await enrol(owner, 'zoe');
    // 150 calls from someone who photographed the QR: challenges and marks, no kiosk or a made-up one.
    let accepted = 0;
    for (let i = 0; i < 150; i++) {
      const ip = `10.34.${i >> 6}.${i & 63}`;
      const res =
        i % 2
          ? await kioskChallenge(t, link, { kioskId: crypto.randomUUID(), privateKey: k.privateKey }, ip)
          : await postMark(t, link, { challengeId: crypto.randomUUID() }, [Buffer.from([0xff, 0xd8, 0xff, 0xd9])], {
              remoteAddress: ip,
              headers: { 'x-kiosk-id': k.kioskId, 'x-kiosk-signature': 'AAAA' },
            });
      if (res.statusCode === 200) accepted++;
      expect([403, 429]).toContain(res.statusCode);
    }
    expect(accepted).toBe(0);
    const ok = await markAs(k, 'zoe', { link });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.employee.id).toBe(zoe.id);
  });
});
