/**
 * Calibration of the non-rigid and nod events (apps/server/src/face/events.ts, decision 0060) on the REAL server
 * engine (Human + face-api on tfjs wasm):
 *  - genuine: rendered 3-D heads (decision 0040) of several fixture identities doing a random challenge
 *    (randomStepChallenge: 3-4 steps of left/right/up/down/blink/smile/mouth) at 5-8 fps with a random frame phase,
 *    random timing (moves 250-450 ms, holds 250-500 ms, blinks 250-450 ms), light 0.6-1.25 with a tint, place;
 *  - attacks that cannot blink or smile: one still photo (sensor noise), the photo waved/tilted/scaled (affine and
 *    perspective warps of a flat print), a photo pair with the mirror image.
 * Prints one JSON line: per event kind the detection rate on the genuine steps that asked for it (N), the events
 * found where the genuine burst did not ask for them, and the false events on each attack species (N bursts).
 *   npx tsx bench/face/events-calibrate.ts --fixtures /work/shared/faces [--bursts 25] [--attacks 3] [--cache FILE] [--iris]
 * `--iris`: the engine with Human's iris model on (EngineOptions.iris); `--only genuine|attacks`: one side.
 * `--cache FILE` (JSON lines, one burst each; several files with `,`): the meshes are appended there, and read back when it exists, so thresholds can be tried
 * again without rendering or analysing.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ChallengeStep } from '@presente/shared';
import { chromium } from 'playwright-core';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { createEngine, type FaceEngine } from '../../apps/server/src/face/engine.js';
import { type BurstFrame, detectEvents, EVENT_KINDS, type EventKind, stepEvent } from '../../apps/server/src/face/events.js';
import { frameOf, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { GENUINE_HEADS } from './head3d/genuine.js';
import { buildHead } from './head3d/model.js';
import { CHROMIUM, headRenderer, jpegOf } from './head3d/render.js';
import { type Action, actionsScript, poseAt } from './head3d/script.js';
import { jpegOfRgb, mirrored, noisy, placePrint, type Random, rawOf, seeded, wavePath } from './photo-attacks.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    bursts: { type: 'string', default: '25' },
    attacks: { type: 'string', default: '3' },
    cache: { type: 'string' },
    seed: { type: 'string', default: '17' },
    only: { type: 'string' },
    iris: { type: 'boolean', default: false },
  },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) {
  console.error('usage: npx tsx bench/face/events-calibrate.ts --fixtures DIR [--bursts N] [--attacks N] [--cache FILE]');
  process.exit(2);
}

type Species = 'genuine' | 'still' | 'waved_affine' | 'waved_perspective' | 'mirror_pair';
interface Burst {
  species: Species;
  who: string;
  /** Genuine: each step and when it was asked (ms) until the next one was. */
  steps: { step: ChallengeStep; from: number; to: number }[];
  frames: BurstFrame[];
}

const started = performance.now();
/** Each burst as soon as it is analysed: one JSON line in the cache, a line of progress on stderr. */
function keep(list: Burst[], burst: Burst) {
  list.push(burst);
  if (values.cache) appendFileSync(values.cache, `${JSON.stringify(burst)}\n`);
  console.error(`${burst.species} ${burst.who} ${burst.frames.length} frames, ${Math.round((performance.now() - started) / 1000)} s`);
}
const timing = { render: 0, analyse: 0, frames: 0 };

async function analyseAll(engine: FaceEngine, jpegs: Buffer[], times: number[]): Promise<BurstFrame[]> {
  const out: BurstFrame[] = [];
  for (const [i, jpeg] of jpegs.entries()) {
    const t0 = performance.now();
    const a = await engine.analyze(jpeg, { descriptors: 'none' });
    timing.analyse += performance.now() - t0;
    timing.frames++;
    const f = a.faces.sort((x, y) => y.box[2] * y.box[3] - x.box[2] * x.box[3])[0];
    out.push({ t: times[i], face: f ? { mesh: f.mesh, box: f.box, yaw: f.yaw, pitch: f.pitch, roll: f.roll } : null });
  }
  return out;
}

const ACTION_OF: Record<ChallengeStep, Action> = {
  straight: 'straight',
  left: 'left',
  right: 'right',
  up: 'up',
  down: 'down',
  blink: 'blink',
  smile: 'smile',
  mouth: 'open',
};

async function genuineBursts(engine: FaceEngine, random: Random, perHead: number): Promise<Burst[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const bursts: Burst[] = [];
  try {
    for (const file of GENUINE_HEADS) {
      const head = await headRenderer(await buildHead(join(fixtures!, file)), { browser });
      for (let b = 0; b < perHead; b++) {
        const steps = randomStepChallenge({ randomInt: (n) => Math.floor(random() * n) });
        const tm = { moveMs: 250 + random() * 200, holdMs: 250 + random() * 250, blinkMs: 250 + random() * 200 };
        // The burst starts facing the screen (actionsScript's 'straight': move + hold), then each step when asked.
        const { keys, ms } = actionsScript(['straight', ...steps.map((s) => ACTION_OF[s])], tm, 40);
        const windows: Burst['steps'] = [];
        let at = tm.moveMs + tm.holdMs;
        for (const step of steps) {
          const len = step === 'blink' ? tm.holdMs + tm.blinkMs : 2 * tm.moveMs + tm.holdMs;
          windows.push({ step, from: at, to: at + len });
          at += len;
        }
        const fps = 5 + random() * 3;
        const phase = random() * (1000 / fps);
        const times: number[] = [];
        for (let t = phase; t <= ms; t += 1000 / fps) times.push(Math.round(t));
        const grey = 0.6 + random() * 0.65;
        const light: [number, number, number] = [grey * (0.9 + random() * 0.2), grey * (0.9 + random() * 0.2), grey * (0.9 + random() * 0.2)];
        const moment = { x: (random() - 0.5) * 0.6, y: (random() - 0.5) * 0.3, back: random() * 0.5, roll: (random() - 0.5) * 10 };
        const jpegs: Buffer[] = [];
        for (const t of times) {
          const t0 = performance.now();
          const pose = poseAt(keys, t);
          jpegs.push(await jpegOf(await head.render({ ...pose, ...moment, roll: pose.roll + moment.roll, light }), 85));
          timing.render += performance.now() - t0;
        }
        keep(bursts, { species: 'genuine', who: file, steps: windows, frames: await analyseAll(engine, jpegs, times) });
      }
      await head.close();
    }
  } finally {
    await browser.close();
  }
  return bursts;
}

async function attackBursts(engine: FaceEngine, random: Random, perPhoto: number): Promise<Burst[]> {
  const set = listFixtures(fixtures!);
  const photos: { who: string; a: string; b: string | null }[] = [];
  for (const [who, files] of set.identities) if (files.length) photos.push({ who, a: files[0], b: files[1] ?? null });
  for (const f of set.single.slice(0, 4)) photos.push({ who: f, a: f, b: null });
  const bursts: Burst[] = [];
  const wall: [number, number, number] = [150, 146, 140];
  for (const p of photos) {
    const a = await rawOf(await frameOf(p.a));
    const b = p.b ? await rawOf(await frameOf(p.b)) : mirrored(a);
    for (let v = 0; v < perPhoto; v++) {
      const n = 12 + Math.floor(random() * 5);
      const dt = 1000 / (5 + random() * 3);
      const times = Array.from({ length: n }, (_, i) => Math.round(i * dt));
      const still = await Promise.all(times.map(() => jpegOfRgb(noisy(a, 3, random))));
      keep(bursts, { species: 'still', who: p.who, steps: [], frames: await analyseAll(engine, still, times) });
      for (const [species, perspective] of [
        ['waved_affine', false],
        ['waved_perspective', true],
      ] as const) {
        const path = wavePath(random, perspective);
        const jpegs = await Promise.all(times.map((_, k) => jpegOfRgb(placePrint(a, path(k), wall, 3, random))));
        keep(bursts, { species, who: p.who, steps: [], frames: await analyseAll(engine, jpegs, times) });
      }
      // The pair: the photo, another photo (or the mirror), then that one's mirror, held a little unsteadily.
      const shown = [a, b, mirrored(b)];
      const path = wavePath(random, true);
      const small = (k: number) => {
        const q = path(k);
        return { ...q, tilt: q.tilt / 5, turn: q.turn / 5, roll: q.roll / 4, dx: q.dx / 3, dy: q.dy / 3, scale: 1 + (q.scale - 1) / 3 };
      };
      const pair = await Promise.all(times.map((_, k) => jpegOfRgb(placePrint(shown[Math.min(2, Math.floor((k * 3) / n))], small(k), wall, 3, random))));
      keep(bursts, { species: 'mirror_pair', who: p.who, steps: [], frames: await analyseAll(engine, pair, times) });
    }
  }
  return bursts;
}

let bursts: Burst[];
const cached = values.cache?.split(',') ?? [];
if (cached.length && cached.every((f) => existsSync(f)))
  bursts = cached.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Burst),
  );
else {
  const engine = await createEngine({ iris: values.iris });
  await engine.warmup();
  const random = seeded(Number(values.seed));
  bursts = [
    ...(values.only === 'attacks' ? [] : await genuineBursts(engine, random, Number(values.bursts))),
    ...(values.only === 'genuine' ? [] : await attackBursts(engine, random, Number(values.attacks))),
  ];
  engine.dispose();
}

// Genuine: every asked step of kind k must show an event of k inside its window (the caller's rule, `stepEvent`).
const detected = Object.fromEntries(EVENT_KINDS.map((k) => [k, { asked: 0, found: 0, missed: [] as string[] }]));
const unasked = Object.fromEntries(EVENT_KINDS.map((k) => [k, { bursts: 0, withEvent: 0 }]));
const attacks: Record<string, { bursts: number; withEvent: number; events: Record<EventKind, number> }> = {};
const frameCounts: number[] = [];
for (const burst of bursts) {
  const report = detectEvents(burst.frames);
  if (burst.species === 'genuine') {
    frameCounts.push(burst.frames.length);
    for (const w of burst.steps) {
      if (!(EVENT_KINDS as readonly string[]).includes(w.step)) continue;
      const d = detected[w.step];
      d.asked++;
      if (stepEvent(report, w.step as EventKind, w.from, w.to)) d.found++;
      else d.missed.push(`${burst.who}:${burst.steps.map((s) => s.step).join(',')}`);
    }
    for (const k of EVENT_KINDS) {
      if (burst.steps.some((s) => s.step === k)) continue;
      unasked[k].bursts++;
      if (report.events[k].length) unasked[k].withEvent++;
    }
    continue;
  }
  attacks[burst.species] ??= { bursts: 0, withEvent: 0, events: Object.fromEntries(EVENT_KINDS.map((k) => [k, 0])) as Record<EventKind, number> };
  const a = attacks[burst.species];
  a.bursts++;
  const kinds = EVENT_KINDS.filter((k) => report.events[k].length);
  if (kinds.length) a.withEvent++;
  for (const k of kinds) a.events[k]++;
}

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : null);
console.log(
  JSON.stringify({
    genuine: Object.fromEntries(
      EVENT_KINDS.map((k) => [
        k,
        { detected: detected[k].found, of: detected[k].asked, rate: pct(detected[k].found, detected[k].asked), missed: detected[k].missed.slice(0, 5) },
      ]),
    ),
    genuineUnasked: Object.fromEntries(EVENT_KINDS.map((k) => [k, { withEvent: unasked[k].withEvent, of: unasked[k].bursts }])),
    attacks,
    bursts: bursts.length,
    genuineFrames: {
      min: Math.min(...frameCounts),
      max: Math.max(...frameCounts),
      mean: pct(
        frameCounts.reduce((s, x) => s + x, 0),
        frameCounts.length * 100,
      ),
    },
    msPerFrame: timing.frames ? { render: Math.round(timing.render / timing.frames), analyse: Math.round(timing.analyse / timing.frames) } : 'cached',
    seconds: Math.round((performance.now() - started) / 1000),
    load: loadavg()[0].toFixed(1),
  }),
);
