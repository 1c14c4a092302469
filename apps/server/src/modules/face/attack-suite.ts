/**
 * The kiosk attack suite (decision 0033): builds each attack species from the face fixtures and sends it through
 * the real HTTP routes of a running app (inject), with a scripted face engine that answers every frame as a live
 * face of the person it shows (so what is measured is the kiosk's guards, not the face models: on the old code
 * every species here was accepted). Used by `npm run bench:attacks` (N per species) and by kiosk-attacks.test.ts.
 *
 * Species (each attempt on its own fresh paired kiosk, so no cool-down or limit hides a guard):
 *  - unsigned: a scripted call, no paired-kiosk id or signature;
 *  - burst_twice: an accepted request sent again byte for byte (same nonce, same signature);
 *  - replayed_burst: the frames of an earlier accepted mark re-encoded / resized / brightened (other bytes, same
 *    pictures), under a fresh nonce and a valid signature of a paired kiosk;
 *  - revoked_kiosk: signed by a kiosk the admin revoked after it got its challenge;
 *  - nonce_reused: a new burst signed over the nonce of an accepted mark;
 *  - foreign_kiosk: a kiosk paired with another company signs a mark on this company's link.
 * Genuine (bpcer): fresh frames of an enrolled person from a paired kiosk, signed.
 */

import { generateKeyPairSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { faceProfiles, faceTemplates } from '../../db/schema/index.js';
import { sealDescriptor } from '../../face/seal.js';
import { type StepPose, stepPoses } from '../../face/synthetic-mesh.js';
import type { scriptedEngine } from './scripted-engine.js';
import { type BurstFrames, burstOf, kioskChallenge, postMark, signedMark, type TestKiosk } from './test-helpers.js';

export const SPECIES = ['unsigned', 'burst_twice', 'replayed_burst', 'revoked_kiosk', 'nonce_reused', 'foreign_kiosk'] as const;
export type Species = (typeof SPECIES)[number];

interface Admin {
  sessionToken: string;
  companyId: string | null;
}
export interface SuiteInput {
  app: FastifyInstance;
  db: Db;
  engine: ReturnType<typeof scriptedEngine>;
  /** Makes a company admin (a new company) and an active employee of a company. */
  newAdmin: () => Promise<Admin>;
  newEmployee: (companyId: string) => Promise<{ id: string }>;
  fixturesDir: string;
  perSpecies: number;
  /**
   * The genuine burst of one mark (registered with `engine.frameOf`) following the challenge's steps, with its
   * capture times; default: fixture photos placed in a scene, each answered as the person's synthetic head in the
   * burst's pose (decision 0063). bench:attacks passes the rendered 3-D head here (`--genuine 3d`, decision 0040).
   */
  genuineBurst?: (person: string, steps: string[]) => Promise<BurstFrames>;
}
export interface SuiteResult {
  perSpecies: number;
  apcer: Record<Species, number>;
  accepted: Record<Species, number>;
  refusedWith: Record<Species, Record<string, number>>;
  bpcer: number;
  genuine: number;
  genuineRefusedWith: Record<string, number>;
  ms: number;
}
const base = '/api/company-admin-simple/face-recognition';

/** Every single-face photo of the fixtures (people folders and _single). */
function faceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['_multi', '_noface'].includes(d.name))
    .flatMap((d) => readdirSync(join(dir, d.name)).map((f) => join(dir, d.name, f)));
}

/** A deterministic generator for the placements. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runAttackSuite(input: SuiteInput): Promise<SuiteResult> {
  const started = performance.now();
  const { app, db, engine, perSpecies } = input;
  const t = { app };
  const files = faceFiles(input.fixturesDir);
  const photos = await Promise.all(files.map((f) => sharp(f).rotate().toBuffer()));
  const next = rng(33);
  let drawn = 0;
  /**
   * One capture: a fixture photo at its own distance (260-440 px) and place in a 640x480 scene with its own light:
   * a new moment (a person never stands at the same distance and place twice; 52 photos make 450+ captures).
   */
  async function capture(person: string, pose: StepPose): Promise<Buffer> {
    const side = 260 + Math.floor(next() * 180);
    const photo = await sharp(photos[(drawn++ * 7 + Math.floor(next() * photos.length)) % photos.length])
      .resize(side, side, { fit: 'contain', background: '#000' })
      .toBuffer();
    const bg = 90 + Math.floor(next() * 80);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: bg, g: bg - 5, b: bg - 12 } } })
      .composite([{ input: photo, left: Math.floor(next() * (640 - side)), top: Math.floor(next() * (480 - side)) }])
      .modulate({ brightness: 0.9 + next() * 0.2 })
      .jpeg({ quality: 80 + Math.floor(next() * 15) })
      .toBuffer();
    return engine.frameOf(jpeg, { person, ...pose });
  }
  /** A continuous burst (decision 0063) of `person` following the steps, each frame a new capture. */
  const burst = (person: string, steps: string[]) => burstOf(steps, (_yaw, _i, pose) => capture(person, pose));

  // Company A: its link, its people (one per mark so check-in rules never refuse), kiosks paired through the API.
  const admin = await input.newAdmin();
  const companyId = admin.companyId!;
  const cookie = { cookie: `presente_session=${admin.sessionToken}` };
  const created = await app.inject({ method: 'POST', url: `${base}/attendance-link`, payload: { name: 'Entrada' }, headers: cookie });
  const token = created.json().data.token as string;
  let people = 0;
  async function person(): Promise<string> {
    const name = `p${++people}`;
    const employee = await input.newEmployee(companyId);
    const descriptor = engine.descriptorOf(name);
    const owner = { companyId, employeeId: employee.id };
    await db.insert(faceTemplates).values([0, 1, 2].map(() => ({ ...owner, sealed: sealDescriptor(owner, descriptor) })));
    await db.insert(faceProfiles).values({ employeeId: employee.id, companyId, confidence: 1, templates: 3 });
    return name;
  }
  async function pairFor(owner: Admin, ip: string): Promise<TestKiosk> {
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
      remoteAddress: ip,
    });
    return { kioskId: res.json().data.kioskId, privateKey };
  }
  const foreignAdmin = await input.newAdmin();

  let ipN = 0;
  const ip = () => `10.${100 + ((ipN >> 16) & 63)}.${(ipN >> 8) & 255}.${ipN++ & 255}`;
  const genuineRefused: Record<string, number> = {};
  let genuine = 0;
  let genuineAccepted = 0;
  /** A genuine mark from a fresh paired kiosk; the accepted ones feed the replay species. */
  async function genuineMark() {
    const addr = ip();
    const kiosk = await pairFor(admin, addr);
    const who = await person();
    const c = (await kioskChallenge(t, token, kiosk, addr)).json().data;
    const frames = await (input.genuineBurst ?? burst)(who, c.steps);
    const res = await signedMark(t, token, kiosk, () => frames, { challenge: c, remoteAddress: addr });
    genuine++;
    if (res.statusCode === 200) genuineAccepted++;
    else genuineRefused[res.json().code] = (genuineRefused[res.json().code] ?? 0) + 1;
    return { res, kiosk, who, addr, challenge: c, frames };
  }

  const accepted = Object.fromEntries(SPECIES.map((s) => [s, 0])) as Record<Species, number>;
  const refusedWith = Object.fromEntries(SPECIES.map((s) => [s, {}])) as Record<Species, Record<string, number>>;
  const tally = (s: Species, res: { statusCode: number; json: () => { code?: string } }) => {
    if (res.statusCode === 200) accepted[s]++;
    else {
      const code = res.json().code ?? String(res.statusCode);
      refusedWith[s][code] = (refusedWith[s][code] ?? 0) + 1;
    }
  };
  const alterations = [
    (b: Buffer) => sharp(b).jpeg({ quality: 55 }).toBuffer(),
    (b: Buffer) => sharp(b).resize(560, 420).jpeg({ quality: 82 }).toBuffer(),
    (b: Buffer) => sharp(b).modulate({ brightness: 1.12 }).jpeg({ quality: 90 }).toBuffer(),
    (b: Buffer) => sharp(b).linear(1.08, -6).webp({ quality: 75 }).toBuffer(),
    (b: Buffer) => sharp(b).resize(704, 528).blur(0.6).png().toBuffer(),
  ];

  for (let i = 0; i < perSpecies; i++) {
    // unsigned: the script asks for a challenge and marks without any kiosk.
    {
      const addr = ip();
      const who = await person();
      const c = await app.inject({ method: 'POST', url: `/api/public/attendance/${token}/challenge`, remoteAddress: addr });
      const data = c.statusCode === 200 ? c.json().data : { challengeId: crypto.randomUUID(), steps: ['straight', 'left', 'right'] };
      tally('unsigned', await postMark(t, token, { challengeId: data.challengeId }, await burst(who, data.steps), { remoteAddress: addr }));
    }
    // burst_twice and nonce_reused: after an accepted genuine mark.
    const first = await genuineMark();
    tally('burst_twice', await signedMark(t, token, first.kiosk, () => first.frames, { challenge: first.challenge, remoteAddress: first.addr }));
    const fresh = await burst(first.who, first.challenge.steps);
    tally('nonce_reused', await signedMark(t, token, first.kiosk, () => fresh, { challenge: first.challenge, remoteAddress: first.addr }));
    // replayed_burst: that accepted burst altered, from another paired kiosk under a new nonce.
    {
      const addr = ip();
      const kiosk = await pairFor(admin, addr);
      const c = (await kioskChallenge(t, token, kiosk, addr)).json().data;
      const alter = alterations[i % alterations.length];
      // Answered as the new challenge's poses: what is measured is the replay guard, not the step order.
      const poses = stepPoses(c.steps, first.frames.length, 17);
      const frames: BurstFrames = await Promise.all(
        first.frames.map(async (f: Buffer, k: number) => engine.frameOf(await alter(f), { person: first.who, ...poses[k] })),
      );
      frames.frameTimes = first.frames.frameTimes;
      tally('replayed_burst', await signedMark(t, token, kiosk, () => frames, { challenge: c, remoteAddress: addr }));
    }
    // revoked_kiosk: challenge first, then the admin revokes, then the mark.
    {
      const addr = ip();
      const kiosk = await pairFor(admin, addr);
      const who = await person();
      const c = (await kioskChallenge(t, token, kiosk, addr)).json().data;
      await app.inject({ method: 'POST', url: `${base}/kiosks/${kiosk.kioskId}/revoke`, payload: {}, headers: cookie });
      const frames = await burst(who, c.steps);
      tally('revoked_kiosk', await signedMark(t, token, kiosk, () => frames, { challenge: c, remoteAddress: addr }));
    }
    // foreign_kiosk: another company's paired kiosk; its challenge is asked on this link (old code: granted).
    {
      const addr = ip();
      const kiosk = await pairFor(foreignAdmin, addr);
      const who = await person();
      const asked = await kioskChallenge(t, token, kiosk, addr);
      const c =
        asked.statusCode === 200 ? asked.json().data : { challengeId: crypto.randomUUID(), steps: ['straight', 'left', 'right'], linkId: crypto.randomUUID() };
      const frames = await burst(who, c.steps);
      tally('foreign_kiosk', await signedMark(t, token, kiosk, () => frames, { challenge: c, remoteAddress: addr }));
    }
  }
  const apcer = Object.fromEntries(SPECIES.map((s) => [s, accepted[s] / perSpecies])) as Record<Species, number>;
  return {
    perSpecies,
    apcer,
    accepted,
    refusedWith,
    bpcer: genuine ? (genuine - genuineAccepted) / genuine : 0,
    genuine,
    genuineRefusedWith: genuineRefused,
    ms: Math.round(performance.now() - started),
  };
}
