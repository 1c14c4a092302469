/**
 * The kiosk attack suite (issue 17 item 9; decisions 0033, 0049, 0063, 0074): every species is a continuous burst
 * (10-48 frames with capture times) in time with a fresh challenge of the server, sent through the real HTTP routes
 * (inject) from a paired kiosk, signed unless the species is about the signature. Where the frames come from is a
 * `BurstSource`: the real engine with rendered 3-D heads and fixture photos (`npm run bench:attacks`,
 * bench/face/attack-source.ts), or the scripted engine's synthetic meshes (kiosk-attacks.test.ts, attack-scripted.ts).
 *
 * Species (each attempt on its own fresh paired kiosk and IP, so no per-kiosk cool-down or limit hides a check; the
 * per-identity wait is reset before each attempt so the checks themselves are measured, not the wait):
 *  - static_photo: one photo held up (a hand's tremor) for the whole challenge;
 *  - photo_pair: still photos of the person in each step's pose held up in turn (every other attempt the mirror trick:
 *    the left-turned photo flipped for "right");
 *  - waved_photo: one photo (a flat or curved print) turned, tilted, slid, rolled, brought nearer to act out the steps;
 *  - screen_photo: the photo pair shown on a phone or laptop screen (moiré, glare, blur, colour cast);
 *  - replayed_burst: the frames of an earlier ACCEPTED mark, re-encoded / resized / brightened, new nonce and kiosk;
 *  - reordered: a recording of the person doing every step (never sent) cut and put in the new challenge's order;
 *  - two_people: two enrolled people in one burst (one follows the first part, the other the rest);
 *  - unsigned: the genuine burst for a real challenge sent by a script without a paired kiosk's signature (none, or
 *    signed by a key the admin never paired);
 *  - burst_twice: an accepted request sent again byte for byte;
 *  - revoked_kiosk / nonce_reused / foreign_kiosk: a kiosk revoked after its challenge, a new burst over an accepted
 *    mark's nonce, another company's paired kiosk (their frames: an earlier burst re-encoded; refused before analysis).
 * Genuine (bpcer): the person following the challenge; a refused person tries once more (bpcer2: refused twice).
 */

import { generateKeyPairSync } from 'node:crypto';
import { FACE_NOTICE_VERSION } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { attendanceRecords, kioskRefusals } from '../../db/schema/index.js';
import type { Limiter } from '../../lib/limiter.js';
import { type BurstFrames, kioskChallenge, postMark, postMultipart, signConsent, signedMark, signMark, type TestKiosk } from './test-helpers.js';

export const SPECIES = [
  'static_photo',
  'photo_pair',
  'waved_photo',
  'screen_photo',
  'replayed_burst',
  'reordered',
  'two_people',
  'unsigned',
  'burst_twice',
  'revoked_kiosk',
  'nonce_reused',
  'foreign_kiosk',
] as const;
export type Species = (typeof SPECIES)[number];

/** Where the bursts come from: each builder answers the challenge's steps (attempt `i` varies the warp, light, timing). */
export interface BurstSource {
  /** The people to enrol (one employee each), e.g. the rendered heads. */
  people: readonly string[];
  /** Three enrolment captures of `person` (its own frontal renders for a head). */
  enrolment(person: string): Promise<Buffer[]>;
  genuine(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  staticPhoto(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  photoPair(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  wavedPhoto(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  screenPhoto(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  reordered(person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  twoPeople(a: string, b: string, steps: readonly string[], i: number): Promise<BurstFrames>;
  /** Other bytes of the same pictures (an accepted burst replayed), answering `steps` where the source must say so. */
  altered(frames: BurstFrames, person: string, steps: readonly string[], i: number): Promise<BurstFrames>;
}

interface Admin {
  sessionToken: string;
  companyId: string | null;
}
export interface SuiteInput {
  app: FastifyInstance;
  db: Db;
  limiter: Limiter;
  source: BurstSource;
  newAdmin: () => Promise<Admin>;
  newEmployee: (companyId: string) => Promise<{ id: string }>;
  perSpecies: number;
  /** Only these species (default all). */
  species?: readonly Species[];
  /**
   * Send each burst no sooner than its recording could have ended (the challenge's issue plus its last capture time),
   * as a kiosk recording in real time does. The bench sets it: rendered bursts come faster than real time on a quiet
   * machine, and the server refuses a burst longer than the challenge has lived plus 3 s (burst_timing). The scripted
   * test's bursts fit in those 3 s.
   */
  realTime?: boolean;
  /**
   * Rounds run at once (default 1), at most one per person. The bench's rounds mostly wait for their bursts' real
   * time, so 3-4 at once use the machine's cores; the checks are the same, only the order of the log lines changes.
   */
  concurrency?: number;
  /** Called after each attempt (progress). */
  onAttempt?: (species: Species | 'genuine', outcome: string, figures?: Record<string, unknown>) => void;
}
export interface SuiteResult {
  perSpecies: number;
  apcer: Partial<Record<Species, number>>;
  /** Attempts per species (the replay species need an accepted genuine mark of the round: fewer if one was refused twice). */
  attempts: Partial<Record<Species, number>>;
  accepted: Partial<Record<Species, number>>;
  /** Per species: the refusal's code, and for liveness the check (`liveness_failed:burst_jump`). */
  refusedWith: Partial<Record<Species, Record<string, number>>>;
  genuine: number;
  bpcer: number;
  bpcer2: number;
  genuineRefusedWith: Record<string, number>;
  ms: number;
}
const base = '/api/company-admin-simple/face-recognition';

/** Re-encodings of an accepted burst's frames: other bytes, the same pictures. */
export const ALTERATIONS = [
  (b: Buffer) => sharp(b).jpeg({ quality: 55 }).toBuffer(),
  (b: Buffer) => sharp(b).resize(560, 420).jpeg({ quality: 82 }).toBuffer(),
  (b: Buffer) => sharp(b).modulate({ brightness: 1.12 }).jpeg({ quality: 90 }).toBuffer(),
  (b: Buffer) => sharp(b).linear(1.08, -6).jpeg({ quality: 75 }).toBuffer(),
  (b: Buffer) => sharp(b).resize(704, 528).blur(0.6).jpeg({ quality: 85 }).toBuffer(),
];

export async function runAttackSuite(input: SuiteInput): Promise<SuiteResult> {
  const started = performance.now();
  const { app, db, source, perSpecies } = input;
  const species = input.species ?? SPECIES;
  const t = { app };
  const admin = await input.newAdmin();
  const companyId = admin.companyId!;
  const cookie = { cookie: `presente_session=${admin.sessionToken}` };
  const created = await app.inject({ method: 'POST', url: `${base}/attendance-link`, payload: { name: 'Entrada' }, headers: cookie });
  const token = created.json().data.token as string;
  const foreignAdmin = await input.newAdmin();

  // One employee per person, enrolled through the API from the source's own captures.
  const employeeOf = new Map<string, string>();
  for (const person of source.people) {
    const employee = await input.newEmployee(companyId);
    await signConsent(db, employee.id);
    const res = await postMultipart(t, `${base}/register`, admin, { employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
      { field: 'image', images: await source.enrolment(person) },
    ]);
    if (res.statusCode !== 201) throw new Error(`enrolment of ${person}: ${res.statusCode} ${res.body}`);
    employeeOf.set(person, employee.id);
  }
  const fresh = async () => {
    for (const id of employeeOf.values()) await input.limiter.reset(`kiosk:identity:${companyId}:${id}`);
  };

  let ipN = 0;
  const ip = () => `10.${100 + ((ipN >> 16) & 63)}.${(ipN >> 8) & 255}.${ipN++ & 255}`;
  async function pairFor(owner: Admin, addr: string): Promise<TestKiosk> {
    const code = await app.inject({
      method: 'POST',
      url: `${base}/kiosk-pairing-codes`,
      payload: { name: 'Kiosco' },
      headers: { cookie: `presente_session=${owner.sessionToken}` },
    });
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/kiosk-pairing',
      payload: { code: code.json().data.code, publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') },
      remoteAddress: addr,
    });
    return { kioskId: res.json().data.kioskId, privateKey };
  }
  /** A fresh kiosk, IP and challenge. */
  async function station(owner: Admin = admin) {
    await fresh();
    const addr = ip();
    const kiosk = await pairFor(owner, addr);
    const asked = await kioskChallenge(t, token, kiosk, addr);
    const issuedAt = Date.now();
    const challenge =
      asked.statusCode === 200
        ? asked.json().data
        : { challengeId: crypto.randomUUID(), steps: ['left', 'smile', 'right'], linkId: crypto.randomUUID(), refused: asked.statusCode };
    return { addr, kiosk, challenge, issuedAt };
  }
  /** With `realTime`, waits until the burst's recording could have ended. */
  async function recorded(st: { issuedAt: number }, frames: BurstFrames) {
    if (!input.realTime) return;
    const last = Number(frames.frameTimes?.split(',').pop() ?? 0);
    const wait = st.issuedAt + last - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  /** The liveness figures of an answer (a refusal's kept evidence, or an accepted punch's), for `onAttempt`. */
  const figuresOf = new WeakMap<object, Record<string, unknown> | undefined>();
  const brief = (l: Record<string, unknown> | undefined) =>
    l && {
      failure: l.failure,
      frame: l.frame,
      shapeRate: l.shapeRate,
      yawStep: l.yawStep,
      moveRate: l.moveRate,
      depth: l.depth,
      maxDistance: l.maxDistance,
      // Where each step was found (null: not found, a `pose_sequence` refusal's step) and each frame's pose, s/l/r.
      stepFrames: l.stepFrames,
      poses: Array.isArray(l.poses) ? l.poses.map((p) => (typeof p === 'string' ? p[0] : '-')).join('') : undefined,
      times: l.times,
    };
  /** The refusal's code and, when liveness refused it, the check (read from the refusal the server kept). */
  async function why(res: { statusCode: number; json: () => { code?: string } }, kiosk: TestKiosk) {
    const code = res.json().code ?? String(res.statusCode);
    if (code !== 'liveness_failed') return code;
    const [kept] = await db.select().from(kioskRefusals).where(eq(kioskRefusals.kioskId, kiosk.kioskId));
    const liveness = (kept?.evidence as { liveness?: Record<string, unknown> } | undefined)?.liveness;
    const steps = (kept?.evidence as { steps?: unknown } | undefined)?.steps;
    figuresOf.set(res, liveness && { steps, ...brief(liveness) });
    return `${code}:${liveness?.failure ?? '?'}`;
  }
  /** An accepted mark's punch is removed, so the attendance rules (already checked out) never refuse the next one. */
  async function accepted(res: { statusCode: number }, person: string) {
    if (res.statusCode !== 200) return false;
    const own = eq(attendanceRecords.employeeId, employeeOf.get(person)!);
    const [record] = await db.select({ evidence: attendanceRecords.evidence }).from(attendanceRecords).where(own);
    // The punch keeps its evidence under checkIn (or checkOut): the liveness figures the server measured.
    const kept = record?.evidence as Record<'checkIn' | 'checkOut', { liveness?: Record<string, unknown> } | undefined> | null;
    figuresOf.set(res, brief((kept?.checkOut ?? kept?.checkIn)?.liveness));
    await db.delete(attendanceRecords).where(own);
    return true;
  }

  const result: SuiteResult = {
    perSpecies,
    apcer: {},
    attempts: {},
    accepted: {},
    refusedWith: {},
    genuine: 0,
    bpcer: 0,
    bpcer2: 0,
    genuineRefusedWith: {},
    ms: 0,
  };
  for (const s of species) [result.attempts[s], result.accepted[s], result.refusedWith[s]] = [0, 0, {}];
  const tally = async (s: Species, res: { statusCode: number; json: () => { code?: string } }, kiosk: TestKiosk, person: string | null) => {
    result.attempts[s]! += 1;
    if (person ? await accepted(res, person) : res.statusCode === 200) result.accepted[s]! += 1;
    const outcome = res.statusCode === 200 ? 'accepted' : await why(res, kiosk);
    if (res.statusCode !== 200) result.refusedWith[s]![outcome] = (result.refusedWith[s]![outcome] ?? 0) + 1;
    input.onAttempt?.(s, outcome, figuresOf.get(res));
  };
  const on = (s: Species) => species.includes(s);
  let firstRefused = 0;
  let twiceRefused = 0;
  const people = source.people;

  async function round(i: number) {
    const who = people[i % people.length];
    // Genuine, with the unsigned script and the burst sent twice riding on its challenge and frames.
    let last: { frames: BurstFrames; kiosk: TestKiosk; addr: string; challenge: { challengeId: string; steps: string[]; linkId: string } } | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const st = await station();
      const frames = await source.genuine(who, st.challenge.steps, i * 2 + attempt);
      await recorded(st, frames);
      if (attempt === 0 && on('unsigned')) {
        // A script with the genuine frames: no signature (even attempts) or a key nobody paired (odd ones).
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const forged = signMark({ kioskId: st.kiosk.kioskId, privateKey }, { ...st.challenge, frames, frameTimes: frames.frameTimes });
        const headers: Record<string, string> = { 'x-kiosk-id': st.kiosk.kioskId, ...(i % 2 ? { 'x-kiosk-signature': forged } : {}) };
        const fields = { challengeId: st.challenge.challengeId, frameTimes: frames.frameTimes ?? '' };
        await tally('unsigned', await postMark(t, token, fields, frames, { remoteAddress: st.addr, headers }), st.kiosk, who);
      }
      const res = await signedMark(t, token, st.kiosk, () => frames, { challenge: st.challenge, remoteAddress: st.addr });
      if (attempt === 0) result.genuine++;
      const outcome = (await accepted(res, who)) ? 'accepted' : await why(res, st.kiosk);
      input.onAttempt?.('genuine', `${outcome}${attempt ? ' (second try)' : ''}`, figuresOf.get(res));
      if (outcome === 'accepted') {
        last = { frames, kiosk: st.kiosk, addr: st.addr, challenge: st.challenge };
        if (attempt === 0 && on('burst_twice')) {
          const again = await signedMark(t, token, st.kiosk, () => frames, { challenge: st.challenge, remoteAddress: st.addr });
          await tally('burst_twice', again, st.kiosk, who);
        }
        break;
      }
      result.genuineRefusedWith[outcome] = (result.genuineRefusedWith[outcome] ?? 0) + 1;
      if (attempt === 0) firstRefused++;
      else twiceRefused++;
    }

    const attack = async (s: Species, build: (steps: string[]) => Promise<BurstFrames>, owner: Admin = admin) => {
      if (!on(s)) return;
      const st = await station(owner);
      const frames = await build(st.challenge.steps);
      await recorded(st, frames);
      await tally(s, await signedMark(t, token, st.kiosk, () => frames, { challenge: st.challenge, remoteAddress: st.addr }), st.kiosk, who);
    };
    await attack('static_photo', (steps) => source.staticPhoto(who, steps, i));
    await attack('photo_pair', (steps) => source.photoPair(who, steps, i));
    await attack('waved_photo', (steps) => source.wavedPhoto(who, steps, i));
    await attack('screen_photo', (steps) => source.screenPhoto(who, steps, i));
    await attack('reordered', (steps) => source.reordered(who, steps, i));
    await attack('two_people', (steps) => source.twoPeople(who, people[(i + 1) % people.length], steps, i));
    if (!last) return; // nothing accepted to replay this round (counted in bpcer2)
    const old = last;
    await attack('replayed_burst', (steps) => source.altered(old.frames, who, steps, i));
    if (on('nonce_reused')) {
      const frames = await source.altered(old.frames, who, old.challenge.steps, i + 1);
      await tally('nonce_reused', await signedMark(t, token, old.kiosk, () => frames, { challenge: old.challenge, remoteAddress: old.addr }), old.kiosk, who);
    }
    if (on('revoked_kiosk')) {
      const st = await station();
      await app.inject({ method: 'POST', url: `${base}/kiosks/${st.kiosk.kioskId}/revoke`, payload: {}, headers: cookie });
      const frames = await source.altered(old.frames, who, st.challenge.steps, i + 2);
      await tally('revoked_kiosk', await signedMark(t, token, st.kiosk, () => frames, { challenge: st.challenge, remoteAddress: st.addr }), st.kiosk, who);
    }
    await attack('foreign_kiosk', (steps) => source.altered(old.frames, who, steps, i + 3), foreignAdmin);
  }
  // Rounds at once never share a person (each person is one employee: a round removes its accepted punch).
  const together = Math.max(1, Math.min(input.concurrency ?? 1, people.length));
  for (let i = 0; i < perSpecies; i += together) await Promise.all(Array.from({ length: Math.min(together, perSpecies - i) }, (_, k) => round(i + k)));
  for (const s of species) result.apcer[s] = result.attempts[s] ? result.accepted[s]! / result.attempts[s]! : 0;
  result.bpcer = result.genuine ? firstRefused / result.genuine : 0;
  result.bpcer2 = result.genuine ? twiceRefused / result.genuine : 0;
  result.ms = Math.round(performance.now() - started);
  return result;
}
