/**
 * What an accepted kiosk mark keeps, and the bursts the engine cannot judge (issue 21: the survivors of the kiosk
 * services' mutation run, decision 0079), with the scripted engine on PGlite and PostgreSQL. The punch's evidence: its
 * distance rounded (not zero), the accuracy, the user agent cut at 300 characters, each frame's scores only where they
 * were measured, the method; a location only with both coordinates; a check-out answers its own time. A burst too dark
 * to recognise is refused with what to do and kept with its grey (at the limit it passes); a frame the byte check
 * passes but that does not decode is refused before the engine, and the other frames are not spent.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, faceChallenges, kioskDevices, kioskRefusals } from '../../db/schema/index.js';
import { FacePoolError } from '../../face/pool.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { KIOSK_MIN_FACE_GREY } from './kiosk-refusals.js';
import { type ScriptedFace, scriptedEngine } from './scripted-engine.js';
import { enrolScripted, kioskChallenge, kioskOffice, scriptedBurst, signedMark, type TestKiosk } from './test-helpers.js';

let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  engine = scriptedEngine();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
});

const office = () => kioskOffice(t, `Evidencia-${++seq}`);

/** A signed burst of `face` following a fresh challenge, with the given text fields and headers. */
async function mark(link: string, kiosk: TestKiosk, face: ScriptedFace, opts: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const c = (await kioskChallenge(t, link, kiosk)).json().data;
  const frames = await scriptedBurst(engine, c.steps, face);
  return signedMark(t, link, kiosk, () => frames, { challenge: c, ...opts });
}

const recordOf = async (employeeId: string) => (await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId)))[0];
interface FrameEvidence {
  pose: string;
  antispoof?: number;
  live?: number;
  distance: number | null;
}
interface MarkEvidence {
  distance: number;
  accuracy: number | null;
  userAgent: string;
  liveness: { frames: FrameEvidence[] };
}

describe('an accepted mark', () => {
  it('keeps its distance, accuracy, user agent (300 characters) and method; a location only with both coordinates; a check-out answers its own time', async () => {
    const { owner, link, kiosk } = await office();
    const noa = await enrolScripted(t, engine, owner, 'noa');
    // A latitude without a longitude is no location; the accuracy is kept as the kiosk sent it.
    const checkIn = await mark(
      link,
      kiosk,
      { person: 'noa', offset: 0.1 },
      { fields: { latitude: '-12.0464', accuracy: '15' }, headers: { 'user-agent': 'K'.repeat(400) } },
    );
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().data).toMatchObject({ action: 'check_in', employee: { id: noa.id } });
    const record = await recordOf(noa.id);
    expect(record).toMatchObject({ method: 'face_recognition', checkInLatitude: null, checkInLongitude: null });
    const evidence = (record.evidence as { checkIn: MarkEvidence }).checkIn;
    // 0.1 from her templates, to 4 decimals (a distance rounded to 0 would make every match look perfect).
    expect(evidence.distance).toBeCloseTo(0.1, 4);
    expect(evidence.accuracy).toBe(15);
    expect(evidence.userAgent).toBe('K'.repeat(300));
    // Human's scores only on the 4 frames the server described; the others' were not measured, and say nothing.
    const frames = evidence.liveness.frames;
    expect(frames).toHaveLength(16);
    expect(frames.filter((f) => 'antispoof' in f && 'live' in f)).toHaveLength(4);
    expect(frames.filter((f) => f.distance !== null)).toHaveLength(4);

    // Her check-out ten minutes later (the 2-minute repeat is not this test's subject), with both coordinates.
    await t.db
      .update(attendanceRecords)
      .set({ checkIn: new Date(Date.now() - 10 * 60_000) })
      .where(eq(attendanceRecords.id, record.id));
    const checkOut = await mark(link, kiosk, { person: 'noa', offset: 0.1 }, { fields: { latitude: '-12.0464', longitude: '-77.0428' } });
    expect(checkOut.statusCode, checkOut.body).toBe(200);
    const after = await recordOf(noa.id);
    expect(checkOut.json().data).toMatchObject({ action: 'check_out', time: after.checkOut!.toISOString() });
    expect(after).toMatchObject({ checkOutLatitude: -12.0464, checkOutLongitude: -77.0428 });
  });
});

describe('bursts the engine cannot judge', () => {
  it('refuses a burst too dark to recognise with what to do, keeping its grey, frame count and analysis time; at the limit it passes', async () => {
    const { owner, link, kiosk } = await office();
    const leo = await enrolScripted(t, engine, owner, 'leo');
    const started = performance.now();
    const dark = await mark(link, kiosk, { person: 'leo', grey: KIOSK_MIN_FACE_GREY - 1 });
    const wallMs = performance.now() - started;
    expect(dark.statusCode).toBe(422);
    expect(dark.json()).toEqual({
      code: 'face_too_dark',
      message: 'Hay muy poca luz en tu rostro. Busca más luz o acércate a la pantalla, e inténtalo de nuevo.',
    });
    expect(await recordOf(leo.id)).toBeUndefined();
    const [kept] = await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId));
    expect(kept).toMatchObject({ companyId: owner.companyId, code: 'face_too_dark', employeeId: leo.id });
    const notes = kept.evidence as { grey: number; frames: number; analysisMs: number; message: string };
    expect(notes).toMatchObject({ grey: KIOSK_MIN_FACE_GREY - 1, frames: 16, message: 'face.kioskTooDark' });
    // The engine's time for this burst: part of the request's, measured on the same clock.
    expect(notes.analysisMs).toBeGreaterThanOrEqual(0);
    expect(notes.analysisMs).toBeLessThanOrEqual(Math.ceil(wallMs));
    const lit = await mark(link, kiosk, { person: 'leo', grey: KIOSK_MIN_FACE_GREY });
    expect(lit.statusCode, lit.body).toBe(200);
    expect(lit.json().data.employee.id).toBe(leo.id);
  });

  it('refuses a frame that passes the byte check but does not decode, before the engine; the other frames are not spent', async () => {
    const { owner, link, kiosk } = await office();
    const ada = await enrolScripted(t, engine, owner, 'ada');
    // A WebP whose header is whole (format, size) and whose picture data is noise: no decoder reads its pixels.
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 20, b: 200 } } })
      .webp()
      .toBuffer();
    const broken = Buffer.from(webp);
    broken.fill(0x55, 30, broken.length - 4);
    const c = (await kioskChallenge(t, link, kiosk)).json().data;
    const frames = await scriptedBurst(engine, c.steps, { person: 'ada' });
    const withBroken = Object.assign([...frames], { frameTimes: frames.frameTimes });
    withBroken[5] = broken;
    const res = await signedMark(t, link, kiosk, () => withBroken, { challenge: c });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_image', message: 'La imagen no es un JPEG, PNG o WebP válido (máximo 2 MB).' });
    expect(await recordOf(ada.id)).toBeUndefined();
    // The same burst whole, for a new challenge with the same steps, is hers: none of its frames was kept as seen.
    const again = (await kioskChallenge(t, link, kiosk)).json().data;
    await t.db.update(faceChallenges).set({ steps: c.steps }).where(eq(faceChallenges.id, again.challengeId));
    const ok = await signedMark(t, link, kiosk, () => frames, { challenge: { ...again, steps: c.steps } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.employee.id).toBe(ada.id);
  });

  it("names the frame the engine could not read, and keeps that refusal; the engine's own failure is no refusal of the person", async () => {
    const { owner, link, kiosk } = await office();
    await enrolScripted(t, engine, owner, 'ivo');
    const pool = engine.pool;
    const failing = (fail: (i: number) => unknown) => {
      (t.deps as { face?: typeof pool }).face = {
        ...pool,
        analyzeBatch: async (images, tenant, opts) => {
          const settled = await pool.analyzeBatch(images, tenant, opts);
          return settled.map((r, i) => (fail(i) ? { status: 'rejected', reason: fail(i) } : r));
        },
      };
    };
    const kept = () => t.db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId));
    try {
      // The worker could not decode frame 7 (it passed the byte check and the hash): 400 naming it, kept as a refusal.
      failing((i) => i === 7 && new FacePoolError('invalid_image', 'decode failed'));
      const unread = await mark(link, kiosk, { person: 'ivo' });
      expect(unread.statusCode).toBe(400);
      expect(unread.json()).toEqual({
        code: 'invalid_image',
        message: 'La imagen no es un JPEG, PNG o WebP válido (máximo 2 MB).',
        errors: [{ path: 'frames[7]', message: 'La imagen no es un JPEG, PNG o WebP válido (máximo 2 MB).' }],
      });
      expect((await kept()).map((r) => r.code)).toEqual(['invalid_image']);
      // The engine failed (not the person): 503, nothing kept, no failure counted against the kiosk.
      failing((i) => i === 3 && new Error('worker died'));
      const down = await mark(link, kiosk, { person: 'ivo' });
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('face_unavailable');
      expect((await kept()).map((r) => r.code)).toEqual(['invalid_image']);
      const [device] = await t.db.select().from(kioskDevices).where(eq(kioskDevices.linkId, unread.challenge.linkId));
      expect(device.failures).toBe(1);
    } finally {
      (t.deps as { face?: typeof pool }).face = pool;
    }
  });
});
