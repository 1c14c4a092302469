/**
 * The screen light through the real routes (decision 0073), with the scripted engine: the challenge carries its
 * colour sequence (bound to the challenge's id); the mark is scored against the challenge's own sequence, whatever the
 * page claims, and the score is kept on the punch's evidence and on a refusal's. A logged feature, not a gate.
 */
import type { ScreenLightSegment } from '@presente/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, kioskRefusals } from '../../db/schema/index.js';
import { colorAt, type FrameLight, type LightScore, lightSequence, type Rgb, SCREEN_LIGHT } from '../../face/screen-light.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { scriptedEngine } from './scripted-engine.js';
import { BURST_GAP_MS, enrolScripted, kioskChallenge, pairTestKiosk, scriptedBurst, signedMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let admin: TestUser;
let token: string;
let kiosk: TestKiosk;

/** The skin and the wall under an ambient light plus the screen's colour (the face gets it, the wall 15 % of it). */
const lit = (segments: readonly ScreenLightSegment[] | null, i: number): FrameLight => {
  const screen = segments ? colorAt(segments, i * BURST_GAP_MS - 100).map((v) => v / 255) : [1, 1, 1];
  const skin = [0.78, 0.58, 0.48].map((a, c) => a * (110 + 60 * screen[c])) as Rgb;
  const wall = [0.7, 0.7, 0.68].map((a, c) => a * (110 + 9 * screen[c])) as Rgb;
  return { face: skin, background: wall };
};

const enrol = (person: string) => enrolScripted(t, engine, admin, person);

/** A mark whose frames' light follows `follow(challenge's sequence)` (null: a light that never changes). */
async function markLit(person: string, follow: (own: ScreenLightSegment[]) => ScreenLightSegment[] | null, flat = 0) {
  const c = (await kioskChallenge(t, token, kiosk)).json().data;
  const segments = follow(c.light.segments);
  const frames = await scriptedBurst(engine, c.steps, (i) => ({ person, flat, light: lit(segments, i) }));
  return signedMark(t, token, kiosk, () => frames, { challenge: c });
}

const screenLightOf = async (employeeId: string) => {
  const [record] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId));
  return (record.evidence as { checkIn: { screenLight: LightScore | null } }).checkIn.screenLight;
};

beforeAll(async () => {
  t = await createTestApp();
  engine = scriptedEngine();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
  admin = await t.factories.companyAdmin();
  token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Entrada' })).json().data.token;
  kiosk = await pairTestKiosk(t, admin, 'Recepción');
});

describe('the screen light (decision 0073)', () => {
  it("the challenge carries a colour sequence, its own: recomputed from the challenge's id, different every time", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const c = (await kioskChallenge(t, token, kiosk)).json().data;
      expect(c.light.segments).toEqual(lightSequence(c.challengeId));
      expect(c.light.segments).toHaveLength(6);
      seen.add(JSON.stringify(c.light.segments));
    }
    expect(seen.size).toBe(5);
  });

  it("a face that follows the challenge's sequence is scored so on the punch's evidence", async () => {
    const ana = await enrol('ana');
    const res = await markLit('ana', (own) => own);
    expect(res.statusCode).toBe(200);
    const score = await screenLightOf(ana.id);
    expect(score?.face.corr).toBeGreaterThan(0.95);
    expect(score?.contrast).toBeGreaterThan(0.1);
    expect(score?.frames).toBe(16);
  });

  it("a face lit by other colours than the challenge's, or by none, scores low (logged, not refused)", async () => {
    const [bea, cai] = [await enrol('bea'), await enrol('cai')];
    // At every moment another colour than the screen's (each one the palette's next). Another challenge's own
    // sequence is no fixed test: over a 2.85 s burst it scored 0.7 or more by chance in 146 of 3,000 random pairs
    // (stop 31's CI failed on one at 0.723), which is why the score is logged and not a gate (decision 0073).
    const palette = SCREEN_LIGHT.palette.map((c) => c.join());
    const other = (own: ScreenLightSegment[]) =>
      own.map((s) => ({ ...s, color: [...SCREEN_LIGHT.palette[(palette.indexOf(s.color.join()) + 1) % palette.length]] as Rgb }));
    expect((await markLit('bea', other)).statusCode).toBe(200);
    expect((await screenLightOf(bea.id))?.face.corr).toBeLessThan(0.7);
    expect((await markLit('cai', () => null)).statusCode).toBe(200);
    expect((await screenLightOf(cai.id))?.face).toEqual({ corr: 0, gain: 0 }); // a light that never changes
  });

  it("a refused mark keeps the score with the refusal's evidence", async () => {
    await enrol('dov');
    const res = await markLit('dov', (own) => own, 1); // a flat picture: refused burst_flat
    expect(res.statusCode).toBe(422);
    const [kept] = await t.db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId)).orderBy(desc(kioskRefusals.createdAt)).limit(1);
    expect((kept.evidence as { screenLight: LightScore }).screenLight.face.corr).toBeGreaterThan(0.95);
  });
});
