/**
 * Calibration of the screen light (apps/server/src/face/screen-light.ts, decision 0073) on the REAL server engine
 * (Human's mesh per frame, the worker's `measureLight`), 16-frame bursts 250-330 ms apart (the kiosk page's pace after
 * thinning), each against a fresh challenge's sequence (`lightSequence` of a random id), the light reaching the camera
 * 60-180 ms after the screen shows it:
 *  - genuine: rendered 3-D heads (decision 0040) swaying and turning, lit by ambient + screen, the screen's share of
 *    the light on the face: dim 0.5, office 0.2, bright 0.05 (sunlight would be ~0.002); the wall gets 15 % of the
 *    head's light change (the renderer's light hook: it is farther from the screen);
 *  - replay: the same heads lit by ANOTHER challenge's sequence (a video recorded at an earlier mark); and every
 *    genuine burst's measured light re-scored against 200 fresh sequences (`replayedToNewChallenges`);
 *  - still: a fixture photo at a kiosk's face size on a wall, held a little unsteadily (an injected picture, a
 *    phone screen: its light is its own);
 *  - cast: the photo with a colour cast over the whole picture that follows THIS challenge's sequence (share 0.2): the
 *    clever attack of an injector who reads the sequence;
 *  - print: a paper print held near the screen (share 0.2 on the print, a sixth of it on the wall): a print reflects
 *    the screen as skin does.
 * Prints one JSON line: per species the bursts, face correlation, face gain, background gain and contrast
 * (min/median/max) and the face's mean brightness.
 *   npx tsx bench/face/screen-light.ts --fixtures /work/shared/faces [--heads 3] [--bursts 2] [--photos 4] [--seed 73] [--only genuine|attacks]
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createEngine, type FaceEngine } from '../../apps/server/src/face/engine.js';
import { frameOf, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { colorAt, type FrameLight, type LightScore, lightSequence, type Rgb, scoreLight } from '../../apps/server/src/face/screen-light.js';
import { GENUINE_HEADS } from './head3d/genuine.js';
import { buildHead } from './head3d/model.js';
import { CHROMIUM, headRenderer, jpegOf } from './head3d/render.js';
import { actionsScript, poseAt } from './head3d/script.js';
import { jpegOfRgb, placePrint, type Random, type Rgb as Raw, rawOf, seeded, wavePath } from './photo-attacks.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    heads: { type: 'string', default: '3' },
    bursts: { type: 'string', default: '2' },
    photos: { type: 'string', default: '4' },
    seed: { type: 'string', default: '73' },
    only: { type: 'string' },
  },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) {
  console.error('usage: npx tsx bench/face/screen-light.ts --fixtures DIR [--heads N] [--bursts N] [--photos N]');
  process.exit(2);
}
const random: Random = seeded(Number(values.seed));
const AMBIENT = { dim: { level: 0.6, share: 0.5 }, office: { level: 1, share: 0.2 }, bright: { level: 1.25, share: 0.05 } } as const;
const started = performance.now();
const loads: number[] = [];
const scores: Record<string, LightScore[]> = {};
let analysed = 0;

/** 16 capture times 250-330 ms apart, and the light's delay from the screen to the camera. */
const burstTimes = () => {
  const times = [0];
  while (times.length < 16) times.push(times[times.length - 1] + 250 + Math.round(random() * 80));
  return times;
};
/** The light on a lit surface: the ambient (white, `level`) plus the screen's colour at `share` of it. */
const lightOf = (color: Rgb, level: number, share: number): [number, number, number] =>
  color.map((c) => level * (1 - share + (share * c) / 255)) as [number, number, number];
const multiply = (img: Raw, f: readonly number[]): Raw => {
  const out = Buffer.alloc(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.round(img.data[i] * f[i % 3]));
  return { ...img, data: out };
};

/** The measured light of every genuine burst: replayed afterwards against fresh challenges' sequences. */
const recorded: { species: string; samples: { t: number; light: FrameLight | null }[] }[] = [];

async function score(engine: FaceEngine, species: string, jpegs: Buffer[], times: number[], challengeId: string) {
  const samples: { t: number; light: FrameLight | null }[] = [];
  for (const [i, jpeg] of jpegs.entries()) {
    const a = await engine.analyze(jpeg, { descriptors: 'none' });
    analysed++;
    samples.push({ t: times[i], light: a.faces.length === 1 ? (a.faces[0].light ?? null) : null });
  }
  const s = scoreLight(samples, lightSequence(challengeId));
  loads.push(loadavg()[0]);
  if (s) scores[species] = [...(scores[species] ?? []), s];
  if (species.startsWith('genuine')) recorded.push({ species, samples });
  console.error(`${species}: face corr ${s?.face.corr} gain ${s?.face.gain}, contrast ${s?.contrast}, ${Math.round((performance.now() - started) / 1000)} s`);
}

async function genuine(engine: FaceEngine) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const file of GENUINE_HEADS.slice(0, Number(values.heads))) {
      const head = await headRenderer(await buildHead(join(fixtures!, file)), { browser });
      const runs: [string, keyof typeof AMBIENT, boolean][] = [];
      for (let b = 0; b < Number(values.bursts); b++) for (const a of Object.keys(AMBIENT) as (keyof typeof AMBIENT)[]) runs.push([`genuine_${a}`, a, false]);
      runs.push(['replay', 'office', true]);
      for (const [species, ambient, replay] of runs) {
        const id = randomUUID();
        const seq = lightSequence(replay ? randomUUID() : id);
        const times = burstTimes();
        const lag = 60 + random() * 120;
        const { keys } = actionsScript(random() < 0.5 ? ['straight', 'left', 'straight', 'smile'] : ['straight', 'open', 'right', 'straight']);
        const { level, share } = AMBIENT[ambient];
        const jpegs: Buffer[] = [];
        for (const t of times) {
          const pose = poseAt(keys, t);
          jpegs.push(await jpegOf(await head.render({ ...pose, light: lightOf(colorAt(seq, t - lag), level, share) }), 85));
        }
        await score(engine, species, jpegs, times, id);
      }
      await head.close();
    }
  } finally {
    await browser.close();
  }
}

/** A kiosk sees a face ~220 px wide at 640x480, with the wall around it. */
const FACE_PX = 220;

async function attacks(engine: FaceEngine) {
  const set = listFixtures(fixtures!);
  const files = [...set.identities.values()].map((f) => f[0]).filter(Boolean);
  const wall: [number, number, number] = [150, 146, 140];
  for (const file of files.slice(0, Number(values.photos))) {
    const frame = await frameOf(file);
    const photo = await rawOf(frame);
    // The fixtures are close-ups (faces 250-450 px wide at 640x480): shrunk so the face is ~220 px, as a kiosk sees it.
    const width = (await engine.analyze(frame, { descriptors: 'none' })).faces[0]?.box[2] ?? 220;
    const fit = Math.min(1, FACE_PX / width);
    for (const species of ['still', 'cast', 'print'] as const) {
      const id = randomUUID();
      const seq = lightSequence(id);
      const times = burstTimes();
      const lag = 60 + random() * 120;
      const path = wavePath(random, true);
      const jpegs = await Promise.all(
        times.map((t, k) => {
          const color = colorAt(seq, t - lag);
          // The picture at a kiosk's face size in front of a wall, as the camera would frame it.
          const q = path(k);
          const small = { ...q, tilt: q.tilt / 5, turn: q.turn / 5, roll: q.roll / 4, dx: q.dx / 3, dy: q.dy / 3, scale: fit * (1 + (q.scale - 1) / 3) };
          if (species === 'still') return jpegOfRgb(placePrint(photo, small, wall, 3, random));
          // An injected picture with a colour cast over all of it (wall included) that follows the sequence.
          if (species === 'cast') return jpegOfRgb(multiply(placePrint(photo, small, wall, 3, random), lightOf(color, 1, 0.2)));
          // A print held up, a little unsteadily, lit by the screen; the wall behind gets a sixth of it.
          const lit = lightOf(color, 1, 0.2 / 6);
          return jpegOfRgb(placePrint(multiply(photo, lightOf(color, 1, 0.2)), small, wall.map((w, c) => w * lit[c]) as [number, number, number], 3, random));
        }),
      );
      await score(engine, species, jpegs, times, id);
    }
  }
}

const engine = await createEngine();
await engine.warmup();
if (values.only !== 'attacks') await genuine(engine);
if (values.only !== 'genuine') await attacks(engine);
engine.dispose();

/**
 * Replays: every genuine burst's measured light (a recording of a genuine mark) scored against `REPLAYS` fresh
 * challenges' sequences: how often a recording follows a sequence it was not made for, per correlation floor.
 */
const REPLAYS = 200;
const replays: Record<string, { trials: number; corr: number[] }> = {};
for (const { species, samples } of recorded) {
  const r = replays[species] ?? { trials: 0, corr: [] };
  replays[species] = r;
  for (let i = 0; i < REPLAYS; i++) {
    const s = scoreLight(samples, lightSequence(randomUUID()));
    r.trials++;
    r.corr.push(s ? s.face.corr : 0);
  }
}
const FLOORS = [0.8, 0.9, 0.95];
const replayed = Object.fromEntries(
  Object.entries(replays).map(([species, r]) => [
    species,
    { trials: r.trials, atOrAbove: Object.fromEntries(FLOORS.map((f) => [f, r.corr.filter((c) => c >= f).length])) },
  ]),
);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return s.length ? { min: r(s[0]), median: r(s[Math.floor(s.length / 2)]), max: r(s[s.length - 1]) } : null;
};
const out = Object.fromEntries(
  Object.entries(scores).map(([species, list]) => [
    species,
    {
      bursts: list.length,
      faceCorr: stats(list.map((s) => s.face.corr)),
      faceGain: stats(list.map((s) => s.face.gain)),
      backgroundGain: stats(list.flatMap((s) => (s.background ? [s.background.gain] : []))),
      contrast: stats(list.flatMap((s) => (s.contrast === null ? [] : [s.contrast]))),
      lagMs: stats(list.map((s) => s.lagMs)),
      ambient: stats(list.map((s) => s.ambient)),
    },
  ]),
);
console.log(
  JSON.stringify({
    bench: 'screen-light',
    frames: analysed,
    seconds: Math.round((performance.now() - started) / 1000),
    load: stats(loads),
    species: out,
    replayedToNewChallenges: replayed,
  }),
);
