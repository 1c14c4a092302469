/**
 * Offline punches of a paired kiosk (issue 25 item 3, decision 0075), with a scripted engine so it runs on PGlite and
 * PostgreSQL. The kiosk's contacts are made through the API; where a test needs a contact hours ago it writes the
 * contact's server time into the kiosk's row (the server's clock injected where it is read: the stored contact).
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { kioskContactText, kioskOfflineSignedText, OFFLINE_PUNCH } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, faceChallenges, pairedKiosks, punchReviews } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { loadRegister } from '../register/register.data.js';
import { offlineRemark } from '../register/register.files.js';
import { scriptedEngine, texturedJpeg } from './scripted-engine.js';
import { type BurstFrames, burstOf, enrolScripted, multipart, pairTestKiosk, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let admin: TestUser;
let token: string;
let linkId: string;
let seq = 0;

const MIN = 60_000;
const signText = (k: TestKiosk, text: string) => sign('sha256', Buffer.from(text), { key: k.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');

async function framesOf(person: string, steps: string[]): Promise<BurstFrames> {
  return burstOf(steps, async (_yaw, _i, pose) => engine.frameOf(await texturedJpeg(`${person}-off-${++seq}`), { person, ...pose }));
}
const enrol = (person: string) => enrolScripted(t, engine, admin, person);

/** A signed contact: the kiosk's clock and its waiting punches. */
async function contact(k: TestKiosk, deviceTime: number, waiting = 0, opts: { signer?: TestKiosk; link?: string; ip?: string } = {}) {
  const signature = signText(opts.signer ?? k, kioskContactText({ kioskId: k.kioskId, deviceTime, waiting }));
  return t.app.inject({
    method: 'POST',
    url: `/api/public/attendance/${opts.link ?? token}/kiosk-contact`,
    payload: { deviceTime, waiting },
    headers: { 'x-kiosk-id': k.kioskId, 'x-kiosk-signature': signature },
    remoteAddress: opts.ip ?? '10.75.0.1',
  });
}

/** Moves the kiosk's contact `d` to server time `s` (the contact made `ago` ms before now). */
async function contactWasAgo(k: TestKiosk, d: number, ago: number): Promise<number> {
  const [row] = await t.db.select({ contacts: pairedKiosks.contacts }).from(pairedKiosks).where(eq(pairedKiosks.id, k.kioskId));
  const s = Date.now() - ago;
  const contacts = row.contacts.map((c) => (c.d === d ? { d, s } : c)).sort((a, b) => a.s - b.s);
  await t.db.update(pairedKiosks).set({ contacts }).where(eq(pairedKiosks.id, k.kioskId));
  return s;
}

interface Offline {
  challengeId?: string;
  steps?: string[];
  /** Steps the frames follow (the signed ones by default). */
  framesFollow?: string[];
  capturedAt: number;
  contactAt: number;
  person?: string;
  frames?: BurstFrames;
  /** Signed over these fields instead of the sent ones. */
  signedOver?: Partial<{ capturedAt: string; contactAt: string; steps: string }>;
  signer?: TestKiosk | null;
  kioskId?: string;
}
/** An offline mark as the kiosk uploads it: its own challenge, capture time and contact, signed. */
async function offlineMark(k: TestKiosk, o: Offline) {
  const steps = o.steps ?? ['left', 'smile', 'right'];
  const frames = o.frames ?? (await framesOf(o.person ?? 'ana', o.framesFollow ?? steps));
  const fields = {
    challengeId: o.challengeId ?? crypto.randomUUID(),
    steps: steps.join(','),
    capturedAt: String(o.capturedAt),
    contactAt: String(o.contactAt),
    frameTimes: frames.frameTimes ?? '',
  };
  const frameDigests = frames.map((f) => createHash('sha256').update(f).digest('hex'));
  const text = kioskOfflineSignedText({ ...fields, ...o.signedOver, linkId, kioskId: k.kioskId, frameDigests });
  const signer = o.signer === undefined ? k : o.signer;
  const body = await multipart(fields, [{ field: 'frames', images: frames }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/attendance/${token}/offline-mark`,
    payload: body.payload,
    headers: { ...body.headers, 'x-kiosk-id': o.kioskId ?? k.kioskId, ...(signer ? { 'x-kiosk-signature': signText(signer, text) } : {}) },
    remoteAddress: '10.75.0.2',
  });
  return Object.assign(res, { fields, frames });
}

beforeAll(async () => {
  t = await createTestApp();
  engine = scriptedEngine();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
  admin = await t.factories.companyAdmin();
  const link = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Entrada' })).json().data;
  token = link.token;
  linkId = link.id;
});

describe('kiosk contacts', () => {
  it("records the kiosk's clock, its waiting punches and last contact; gives the queue's key; refuses replays and strangers", async () => {
    const k = await pairTestKiosk(t, admin, 'Recepción');
    const device = Date.now() - 7 * MIN; // the kiosk's clock runs 7 minutes late
    const first = await contact(k, device, 3);
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.json().data.offlineKey, 'base64');
    expect(key.length).toBe(32);
    expect(first.json().data).toMatchObject({ deviceTime: device, linkId });
    // The same key on every contact; another kiosk's is another.
    expect((await contact(k, device + 1000, 2)).json().data.offlineKey).toBe(first.json().data.offlineKey);
    const other = await pairTestKiosk(t, admin, 'Otro');
    expect((await contact(other, device)).json().data.offlineKey).not.toBe(first.json().data.offlineKey);

    // The admin sees the last contact and how many punches wait.
    const listed = (await t.as(admin).get(`${base}/kiosks`)).json().data.find((x: { id: string }) => x.id === k.kioskId);
    expect(listed).toMatchObject({ offlineWaiting: 2, lastContactAt: expect.any(String) });
    expect(Math.abs(Date.parse(listed.lastContactAt) - Date.now())).toBeLessThan(60_000);
    // Another company's admin does not see it.
    const stranger = await t.factories.companyAdmin();
    const theirs = (await t.as(stranger).get(`${base}/kiosks`)).json().data as { id: string }[];
    expect(theirs.some((x) => x.id === k.kioskId)).toBe(false);

    // A replayed contact (the same signed kiosk time), a forged one, an unpaired key: refused, nothing recorded.
    const replay = await contact(k, device + 1000, 2);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('kiosk_contact_stale');
    const stolenId = await contact(k, device + 5000, 0, { signer: other });
    expect(stolenId.statusCode).toBe(403);
    expect(stolenId.json().code).toBe('kiosk_signature_invalid');
    const script = await t.app.inject({ method: 'POST', url: `/api/public/attendance/${token}/kiosk-contact`, payload: { deviceTime: 1, waiting: 0 } });
    expect(script.statusCode).toBe(403);
    expect(script.json().code).toBe('kiosk_not_paired');
    const [row] = await t.db.select().from(pairedKiosks).where(eq(pairedKiosks.id, k.kioskId));
    expect(row.contacts.map((c) => c.d)).toEqual([device, device + 1000]);
    expect(row.offlineWaiting).toBe(2);

    // Bad input: a clear 400, in the reader's language.
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/public/attendance/${token}/kiosk-contact`,
      payload: { deviceTime: 'yesterday', waiting: -1 },
      headers: { 'x-kiosk-id': k.kioskId, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');

    // A revoked kiosk makes no more contacts.
    await t.as(admin).post(`${base}/kiosks/${other.kioskId}/revoke`);
    expect((await contact(other, device + 9000)).json().code).toBe('kiosk_revoked');
  });
});

describe('offline punches', () => {
  let kiosk: TestKiosk;
  beforeAll(async () => {
    kiosk = await pairTestKiosk(t, admin, 'Puerta');
  });

  it('is recorded at its capture time (the contact it counts from + the kiosk clock elapsed), marked offline in the evidence and the register', async () => {
    const ana = await enrol('ana');
    const d = Date.now() - 47 * MIN; // the kiosk's clock: 7 minutes late
    expect((await contact(kiosk, d, 0)).statusCode).toBe(200);
    const s = await contactWasAgo(kiosk, d, 40 * MIN); // the contact was 40 minutes ago; then the network dropped
    const capturedAt = d + 30 * MIN; // 30 minutes later on the kiosk's clock
    const res = await offlineMark(kiosk, { capturedAt, contactAt: d, person: 'ana' });
    expect(res.statusCode, res.body).toBe(200);
    // The server's time of the contact + what the kiosk's clock measured since: 10 minutes ago, whatever the kiosk's clock says.
    expect(res.json().data.time).toBe(new Date(s + 30 * MIN).toISOString());
    expect(res.json().data).toMatchObject({ action: 'check_in', employee: { id: ana.id } });

    const [record] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, ana.id));
    expect(record.checkIn?.toISOString()).toBe(res.json().data.time);
    const offline = (record.evidence as { checkIn: { offline: Record<string, string> } }).checkIn.offline;
    expect(offline).toMatchObject({
      challengeId: res.fields.challengeId,
      capturedAt: res.json().data.time,
      deviceCapturedAt: new Date(capturedAt).toISOString(),
    });
    expect(Date.parse(offline.uploadedAt)).toBeGreaterThan(Date.parse(offline.capturedAt));

    // The register says which punch was offline, in the file too.
    const data = await loadRegister(t.db, admin.companyId!);
    const line = data.months.flatMap((m) => m.lines).find((l) => l.employeeId === ana.id)!;
    expect(line.offline).toEqual({ checkIn: true, checkOut: false });
    expect(offlineRemark(line, 'es')).toBe('Entrada marcada sin conexión en el kiosco (hora de captura del dispositivo)');
    expect(offlineRemark({ offline: { checkIn: true, checkOut: true } }, 'en')).toBe("Entry and exit punched offline at the kiosk (the device's capture time)");
    expect(offlineRemark({ offline: { checkIn: true, checkOut: true } }, 'es')).toBe(
      'Entrada y salida marcadas sin conexión en el kiosco (hora de captura del dispositivo)',
    );
    expect(offlineRemark({ offline: { checkIn: false, checkOut: true } }, 'es')).toBe(
      'Salida marcada sin conexión en el kiosco (hora de captura del dispositivo)',
    );
    // 30 minutes after the contact: not long enough to need a look for that reason.
    const reviews = await t.db.select().from(punchReviews).where(eq(punchReviews.recordId, record.id));
    expect(reviews.flatMap((r) => (r.reasons as { code: string }[]).map((x) => x.code))).not.toContain('offline_late');
  });

  it(`a capture more than ${OFFLINE_PUNCH.reviewAfterMinutes} minutes after the last contact is recorded and sent to review`, async () => {
    const kiosk = await pairTestKiosk(t, admin, 'Patio');
    const bea = await enrol('bea');
    const d = Date.now() + 3 * MIN; // the kiosk's clock: 3 minutes fast
    await contact(kiosk, d, 1);
    await contactWasAgo(kiosk, d, 3 * 60 * MIN);
    // Frames 300 ms apart: a 4.5 s burst, longer than an online challenge's slack, within the kiosk challenge's 90 s.
    const steps = ['mouth', 'left', 'right'];
    const frames = await framesOf('bea', steps);
    frames.frameTimes = frames.map((_, i) => i * 300).join(',');
    const res = await offlineMark(kiosk, { capturedAt: d + 150 * MIN, contactAt: d, person: 'bea', steps, frames });
    expect(res.statusCode, res.body).toBe(200);
    // Its challenge id is kept as used for the 24 h any offline punch may be sent within (a second upload is refused).
    const [used] = await t.db.select().from(faceChallenges).where(eq(faceChallenges.id, res.fields.challengeId));
    expect(used.usedAt).not.toBeNull();
    expect(used.expiresAt.getTime()).toBeGreaterThanOrEqual(used.usedAt!.getTime() + OFFLINE_PUNCH.maxAgeMs);
    const [record] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, bea.id));
    const [review] = await t.db.select().from(punchReviews).where(eq(punchReviews.recordId, record.id));
    expect(review.reasons).toContainEqual({ code: 'offline_late', value: 150, limit: OFFLINE_PUNCH.reviewAfterMinutes });
  });

  it('attacks by a dishonest employee, a replayed upload and an unpaired script: every one refused, nothing recorded', async () => {
    const kiosk = await pairTestKiosk(t, admin, 'Almacén');
    const carla = await enrol('carla');
    const d = Date.now() - 60 * MIN;
    await contact(kiosk, d, 0);
    await contactWasAgo(kiosk, d, 60 * MIN); // the last contact an hour ago
    const d2 = d + 20 * 60 * MIN; // a later contact 30 minutes ago (its own clock, whatever it says)
    await contact(kiosk, d2, 0);
    const s2 = await contactWasAgo(kiosk, d2, 30 * MIN);
    const stranger = { kioskId: kiosk.kioskId, privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey };
    const ok = { contactAt: d2, capturedAt: d2 + 10 * MIN, person: 'carla' };
    const attacks: [string, () => Promise<{ statusCode: number; json: () => { code: string } }>, string][] = [
      // The device clock set back: before the contact it counts from.
      ['back-dated before its contact', () => offlineMark(kiosk, { ...ok, capturedAt: d2 - 5 * MIN }), 'offline_capture_time'],
      // Counting from an older contact to a time the kiosk was online (a later contact came between).
      ['back-dated across a later contact', () => offlineMark(kiosk, { ...ok, contactAt: d, capturedAt: d + 40 * MIN }), 'offline_capture_time'],
      ['a contact the server never saw', () => offlineMark(kiosk, { ...ok, contactAt: d2 - 1 }), 'offline_capture_time'],
      ['in the future of the upload', () => offlineMark(kiosk, { ...ok, capturedAt: d2 + 45 * MIN }), 'offline_capture_time'],
      ['capture time changed after signing', () => offlineMark(kiosk, { ...ok, signedOver: { capturedAt: String(d2 + 25 * MIN) } }), 'kiosk_signature_invalid'],
      ['steps changed after signing', () => offlineMark(kiosk, { ...ok, signedOver: { steps: 'left,right,smile' } }), 'kiosk_signature_invalid'],
      ['an unpaired script with its own key', () => offlineMark(kiosk, { ...ok, signer: stranger }), 'kiosk_signature_invalid'],
      ['an unpaired script, no kiosk', () => offlineMark(kiosk, { ...ok, signer: null, kioskId: crypto.randomUUID() }), 'kiosk_not_paired'],
      ['only head turns (a photo can do them)', () => offlineMark(kiosk, { ...ok, steps: ['left', 'right', 'up'] }), 'challenge_invalid'],
      [
        'frames not following the signed steps',
        () => offlineMark(kiosk, { ...ok, steps: ['smile', 'left', 'right'], framesFollow: ['left', 'right', 'mouth'] }),
        '',
      ],
    ];
    const results: { attack: string; status: number; code: string }[] = [];
    for (const [attack, run, code] of attacks) {
      const res = await run();
      results.push({ attack, status: res.statusCode, code: res.json().code });
      expect(res.statusCode, attack).toBeGreaterThanOrEqual(400);
      if (code) expect(res.json().code, attack).toBe(code);
    }
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, carla.id))).toEqual([]);

    // The honest one passes; its upload replayed (the same signed body), and its frames under a new challenge id, are refused.
    const good = await offlineMark(kiosk, ok);
    expect(good.statusCode, good.body).toBe(200);
    const replay = await offlineMark(kiosk, { ...ok, challengeId: good.fields.challengeId, frames: good.frames });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('challenge_invalid');
    const sameFrames = await offlineMark(kiosk, { ...ok, frames: good.frames });
    expect(sameFrames.json().code).toBe('frame_replayed');
    results.push({ attack: 'replayed upload', status: replay.statusCode, code: replay.json().code });
    results.push({ attack: 'its frames, new challenge id', status: sameFrames.statusCode, code: sameFrames.json().code });
    const records = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, carla.id));
    expect(records).toHaveLength(1);
    expect(records[0].checkIn?.toISOString()).toBe(new Date(s2 + 10 * MIN).toISOString());
    console.info(`offline attacks: ${results.length} attempts, 0 accepted\n${results.map((r) => `  ${r.attack}: ${r.status} ${r.code}`).join('\n')}`);
  });

  it('an offline punch over 24 hours old is refused, and the kiosk of another company cannot send one here', async () => {
    const d = Date.now() - 25 * 60 * MIN;
    await contact(kiosk, d, 0);
    await contactWasAgo(kiosk, d, 24 * 60 * MIN + 30 * MIN);
    const old = await offlineMark(kiosk, { contactAt: d, capturedAt: d + 10 * MIN, person: 'ana' });
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('offline_capture_time');
    expect(old.json().message).toMatch(/más de 24 horas/);

    const other = await t.factories.companyAdmin();
    const theirs = await pairTestKiosk(t, other, 'Ajeno');
    const foreign = await offlineMark(theirs, { contactAt: d, capturedAt: d + 10 * MIN, person: 'ana' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('kiosk_not_paired');
  });
});
