/**
 * The kiosk's continuous burst (decision 0049) through the real routes, with a scripted engine whose frames carry a
 * synthetic 3-D head's mesh (PGlite and PostgreSQL): the challenge tells the burst's parameters; a turning head's burst
 * is accepted with a descriptor on 4 frames only; a face swapped mid-burst (the photo pair), a flat picture moved like
 * a head, a burst without capture times or longer than the challenge lived are refused with their message, nothing is
 * recorded, and each refusal is kept with its evidence in its company.
 */
import { FACE_NOTICE_VERSION } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, kioskRefusals } from '../../db/schema/index.js';
import type { AnalyzeOptions } from '../../face/engine.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { scriptedEngine, texturedJpeg } from './scripted-engine.js';
import { type BurstFrames, burstOf, kioskChallenge, pairTestKiosk, postMultipart, signConsent, signedMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let admin: TestUser;
let token: string;
let kiosk: TestKiosk;
let seq = 0;
/** What the pool was asked per frame of the last batch (descriptors or not). */
let asked: AnalyzeOptions[] = [];

async function enrol(owner: TestUser, person: string) {
  const employee = await t.factories.employee(owner.companyId!);
  await signConsent(t.db, employee.id);
  const images = [await engine.frame({ person }), await engine.frame({ person }), await engine.frame({ person })];
  const res = await postMultipart(t, `${base}/register`, owner, { employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
    { field: 'image', images },
  ]);
  expect(res.statusCode).toBe(201);
  return employee;
}
const recordsOf = (employeeId: string) => t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId));

/** A burst of textured scenes following the steps; `face(i, yaw)` says who is in frame i and how. */
function burst(steps: string[], face: (i: number, yaw: number) => { person: string; yaw?: number; flat?: number }) {
  return burstOf(steps, async (yaw, i) => engine.frameOf(await texturedJpeg(`burst-${++seq}`), { yaw, ...face(i, yaw) }));
}
async function markWith(make: (steps: string[]) => Promise<BurstFrames>, opts: { lang?: string; times?: string; by?: TestKiosk } = {}) {
  const by = opts.by ?? kiosk;
  const c = (await kioskChallenge(t, token, by)).json().data;
  const frames = await make(c.steps);
  if (opts.times !== undefined) frames.frameTimes = opts.times;
  return signedMark(t, token, by, () => frames, { challenge: c, lang: opts.lang });
}

beforeAll(async () => {
  t = await createTestApp();
  engine = scriptedEngine();
  const pool = engine.pool;
  (t.deps as { face?: typeof pool }).face = {
    ...pool,
    analyzeBatch(images, tenant, opts) {
      asked = images.map((_, i) => (typeof opts === 'function' ? opts(i) : (opts ?? {})));
      return pool.analyzeBatch(images, tenant, opts);
    },
  };
  admin = await t.factories.companyAdmin();
  token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Entrada' })).json().data.token;
  kiosk = await pairTestKiosk(t, admin, 'Recepción');
});

describe('the kiosk burst (decision 0049)', () => {
  it('the challenge tells the page the burst: 10-16 frames at 5-8 fps', async () => {
    const c = (await kioskChallenge(t, token, kiosk)).json().data;
    expect(c.burst).toEqual({ minFrames: 10, maxFrames: 16, fps: 6, minFps: 5, maxFps: 8 });
  });

  it('a head turning as asked is accepted; only 4 frames, one in each quarter, get a descriptor', async () => {
    const ana = await enrol(admin, 'ana');
    const res = await markWith((steps) => burst(steps, () => ({ person: 'ana' })));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ employee: { id: ana.id }, action: 'check_in' });
    const described = asked.map((o, i) => (o.descriptors === 'none' ? -1 : i)).filter((i) => i >= 0);
    expect(asked).toHaveLength(16);
    expect(described.map((i) => Math.floor(i / 4))).toEqual([0, 1, 2, 3]);
    const [record] = await recordsOf(ana.id);
    const liveness = (record.evidence as { checkIn: { liveness: Record<string, unknown> } }).checkIn.liveness;
    expect(liveness).toMatchObject({ passed: true, described, times: res.frames.frameTimes!.split(',').map(Number) });
    expect(liveness.depth as number).toBeGreaterThan(0.03);
  });

  it('refuses a face swapped mid-burst (a photo pair), a flat picture moved like a head, bad timelines; keeps each refusal', async () => {
    const eva = await enrol(admin, 'eva');
    const cases: [string, () => ReturnType<typeof markWith>, string, string][] = [
      [
        'photo swap',
        () => markWith((steps) => burst(steps, (i) => ({ person: 'eva', yaw: i < 7 ? 0 : 18 * Math.sign(i - 10.5) }))),
        'burst_jump',
        'La imagen cambió de golpe. Mantén tu rostro frente a la cámara todo el tiempo, gira la cabeza con calma e inténtalo de nuevo.',
      ],
      [
        'flat card',
        () => markWith((steps) => burst(steps, () => ({ person: 'eva', flat: 1 }))),
        'burst_flat',
        'No se pudo verificar que estés frente a la cámara. Mira la pantalla de cerca, con buena luz y sin lentes de sol, e inténtalo de nuevo.',
      ],
      [
        'no times',
        () => markWith((steps) => burst(steps, () => ({ person: 'eva' })), { times: '' }),
        'burst_timing',
        'La cámara no envió imágenes suficientes o a tiempo. Inténtalo de nuevo; si se repite, recarga la página del kiosco.',
      ],
      [
        'too long',
        () => markWith((steps) => burst(steps, () => ({ person: 'eva' })), { times: Array.from({ length: 16 }, (_, i) => i * 650).join(',') }),
        'burst_timing',
        'La cámara no envió imágenes suficientes o a tiempo. Inténtalo de nuevo; si se repite, recarga la página del kiosco.',
      ],
    ];
    for (const [name, send, failure, message] of cases) {
      const res = await send();
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ code: 'liveness_failed', message });
      const [kept] = await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId)).orderBy(kioskRefusals.createdAt);
      expect(kept.companyId).toBe(admin.companyId);
      const all = await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId));
      expect(
        all.some((r) => (r.evidence as { liveness?: { failure?: string } }).liveness?.failure === failure),
        name,
      ).toBe(true);
    }
    expect(await recordsOf(eva.id)).toHaveLength(0);
    // In English too.
    const en = await markWith((steps) => burst(steps, () => ({ person: 'eva', flat: 1 })), { lang: 'en' });
    expect(en.json().message).toBe(
      'We could not verify that you are in front of the camera. Face the screen up close, in good light and without sunglasses, and try again.',
    );
  });

  it('7-9 frames are neither picked frames nor a burst (captures_count); another company never sees the refusals', async () => {
    const hall = await pairTestKiosk(t, admin, 'Hall');
    const res = await markWith(async (steps) => (await burst(steps, () => ({ person: 'ana' }))).slice(0, 8), { by: hall });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('captures_count');
    const other = await t.factories.companyAdmin();
    expect(await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.companyId, other.companyId!))).toEqual([]);
    expect((await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.companyId, admin.companyId!))).length).toBeGreaterThanOrEqual(5);
  });
});
