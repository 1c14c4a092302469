/**
 * Settling a turn's frames under the kiosk screen's colour sequence (decision 0086): rendered 3-D heads following the
 * page's prompts (bursts.ts `follow`), lit by the room and by the screen's colours (a fresh challenge's sequence,
 * arriving 0-300 ms late), recorded at the page's times; each motion measure settles the turns' windows (thin.ts
 * `settleDense`) and the page thins to the challenge's frames. Per measure and light: the share of truly moving turn
 * frames kept dense, the share of truly still ones let go, and how often a sent yaw step (as Human reads it: about half
 * the rendered one) is over the server's allowance for its gap (BURST.maxYawStep..maxYawStepLate), and by how much.
 *   npx tsx bench/face/settle-light.ts --fixtures /work/shared/faces [--recordings 24] [--seed 86]
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { BURST } from '../../apps/server/src/face/burst.js';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { colorAt, lightSequence } from '../../apps/server/src/face/screen-light.js';
import { motionOf, settleDense, THUMB, type Thinnable, thinFrames } from '../../apps/web/src/features/face/camera/thin.js';
import { KIOSK_TIMING, moment, recordTimes, stepKeys, thumbOf } from './head3d/bursts.js';
import { GENUINE_HEADS } from './head3d/genuine.js';
import { buildHead } from './head3d/model.js';
import { CHROMIUM, headRenderer, jpegOf } from './head3d/render.js';
import { type Pose, poseAt } from './head3d/script.js';
import { seeded } from './photo-attacks.js';

const { values } = parseArgs({
  options: { fixtures: { type: 'string' }, recordings: { type: 'string', default: '24' }, seed: { type: 'string', default: '86' } },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) {
  console.error('usage: npx tsx bench/face/settle-light.ts --fixtures DIR [--recordings N] [--seed S]');
  process.exit(2);
}
const random = seeded(Number(values.seed));

/** The screen's share of the light on the face (screen-light.ts bench: dim 0.5, office 0.2), none: no sequence. */
const LIGHTS = { none: 0, office: 0.2, dim: 0.5 } as const;
type Frame = Thinnable & { yaw: number; move: number };
type Measure = (frames: readonly Frame[]) => (number | null)[];

const { width: W, height: H } = THUMB;
/** Each pair of neighbouring thumbnails through `pair` (null where one is missing). */
const pairwise =
  (pair: (a: Uint8Array, b: Uint8Array) => number): Measure =>
  (frames) =>
    frames.map((f, i) => {
      const [a, b] = [frames[i - 1]?.thumb, f.thumb];
      return a && b && a.length === b.length ? pair(a, b) : null;
    });

/** 1 - the normalised cross-correlation of each interior cell's 3x3 neighbourhood, weighted by its texture. */
const ncc = pairwise((a, b) => {
  let [sum, weights] = [0, 0];
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      let [sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const k = (y + dy) * W + x + dx;
          sa += a[k];
          sb += b[k];
          saa += a[k] * a[k];
          sbb += b[k] * b[k];
          sab += a[k] * b[k];
        }
      const va = saa - (sa * sa) / 9;
      const vb = sbb - (sb * sb) / 9;
      const cov = sab - (sa * sb) / 9;
      const w = Math.sqrt(Math.max(va, 0) * Math.max(vb, 0));
      if (w < 9) continue;
      sum += w - cov;
      weights += w;
    }
  return weights ? (100 * sum) / weights : 0;
});

/** The log-brightness change, less its 3x3 local mean (a light change is a smooth gain), mean absolute. */
const loghp = pairwise((a, b) => {
  const d = Array.from(a, (x, k) => Math.log(b[k] + 4) - Math.log(x + 4));
  let [sum, n] = [0, 0];
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) m += d[(y + dy) * W + x + dx];
      sum += Math.abs(d[y * W + x] - m / 9);
      n++;
    }
  return (100 * sum) / n;
});

// `unsettled`: the turns sent as recorded (the online page since decision 0085's amendment).
export const MEASURES: Record<string, Measure> = { unsettled: (frames) => frames.map(() => null), mad: motionOf, ncc, loghp };

/** Human reads a rendered head's yaw at about half (script.ts ACTION_POSE: 40° rendered read as 17-24°). */
const READ = 0.5;
const allowance = (gap: number) => Math.min(BURST.maxYawStepLate, Math.max(BURST.maxYawStep, (BURST.maxYawRate * gap) / BURST.unitMs));

function judge(frames: readonly Frame[], measure: Measure) {
  const settled = settleDense(frames, measure);
  // Truly moving: the pose changed into the frame or out of it (yaw by 0.5° or more, a smile or mouth by 5 %).
  const moving = frames.map((f, i) => {
    const [a, b] = [frames[i - 1], frames[i + 1]];
    const step = (x?: Frame) => (x ? Math.abs(x.yaw - f.yaw) >= 0.5 || Math.abs(x.move - f.move) >= 0.05 : false);
    return step(a) || step(b);
  });
  let [movingDense, movingKept, stillDense, stillLet] = [0, 0, 0, 0];
  for (const [i, f] of frames.entries()) {
    if (!f.dense) continue;
    if (moving[i]) [movingDense, movingKept] = [movingDense + 1, movingKept + (settled[i].dense ? 1 : 0)];
    else [stillDense, stillLet] = [stillDense + 1, stillLet + (settled[i].dense ? 0 : 1)];
  }
  const sent = thinFrames(settled, KIOSK_TIMING.maxFrames);
  const over = Math.max(...sent.slice(1).map((f, i) => READ * Math.abs(f.yaw - sent[i].yaw) - allowance(f.t - sent[i].t)));
  return { movingDense, movingKept, stillDense, stillLet, over };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const started = performance.now();
const loads: number[] = [];
const totals: Record<string, { movingDense: number; movingKept: number; stillDense: number; stillLet: number; overs: number[] }> = {};
try {
  const heads = [];
  for (const f of GENUINE_HEADS) heads.push(await headRenderer(await buildHead(join(fixtures, f)), { browser }));
  const n = Number(values.recordings);
  for (let r = 0; r < n; r++) {
    loads.push(loadavg()[0]);
    const head = heads[r % heads.length];
    let steps = randomStepChallenge({ randomInt: (k) => Math.floor(random() * k) });
    // Every recording has a turn (the settling is about turns).
    if (!steps.some((s) => s === 'left' || s === 'right')) steps = [...steps.slice(0, -1), random() < 0.5 ? 'left' : 'right'];
    const { keys, ms, dense } = stepKeys(steps, 40 + random() * 5, moment(random), random);
    const times = recordTimes(ms, random, KIOSK_TIMING, dense);
    const seq = lightSequence(randomUUID());
    const lag = random() * 300;
    for (const [name, share] of Object.entries(LIGHTS)) {
      const frames: Frame[] = [];
      for (const t of times) {
        const pose = poseAt(keys, t);
        const screen = colorAt(seq, t - lag).map((c) => 1 - share + (share * c) / 255);
        const lit: Pose = { ...pose, light: pose.light.map((l, k) => l * screen[k]) as Pose['light'] };
        const jpeg = await jpegOf(await head.render(lit), 85);
        const inside = dense.some(([a, b]) => t >= a && t <= b);
        frames.push({ t, dense: inside, thumb: await thumbOf(jpeg), yaw: pose.yaw, move: pose.smile + pose.mouth });
      }
      for (const [m, measure] of Object.entries(MEASURES)) {
        const j = judge(frames, measure);
        const k = `${m}/${name}`;
        totals[k] ??= { movingDense: 0, movingKept: 0, stillDense: 0, stillLet: 0, overs: [] };
        const tot = totals[k];
        tot.movingDense += j.movingDense;
        tot.movingKept += j.movingKept;
        tot.stillDense += j.stillDense;
        tot.stillLet += j.stillLet;
        tot.overs.push(j.over);
      }
    }
  }
  for (const h of heads) await h.close();
} finally {
  await browser.close();
}
const r1 = (x: number) => Math.round(x * 10) / 10;
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const out: Record<string, unknown> = {};
for (const [k, t] of Object.entries(totals))
  out[k] = {
    movingKept: r1((100 * t.movingKept) / Math.max(1, t.movingDense)),
    stillLet: r1((100 * t.stillLet) / Math.max(1, t.stillDense)),
    overCap: t.overs.filter((o) => o > 0).length,
    overP90: r1(q(t.overs, 0.9)),
    overMax: r1(Math.max(...t.overs)),
  };
console.log(
  JSON.stringify({
    bench: 'settle-light',
    recordings: Number(values.recordings),
    measures: out,
    seconds: Math.round((performance.now() - started) / 1000),
    load: [r1(Math.min(...loads)), r1(Math.max(...loads))],
  }),
);
