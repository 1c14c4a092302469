/**
 * Which mesh points the continuity check's shape residual should read (issue 17's BPCER margin, decision 0090): the
 * burst's STABLE_POINTS (burst.ts) against the same without the face's outline (the contour points slide over a turning
 * head's silhouette, which a photo does not do). On the REAL engine, each burst analysed as the server does (runs of
 * 16, tracked), from the npm run bench:attacks sources:
 *   - genuine: rendered 3-D heads following random kiosk challenges at the page's pace (the largest shape rate over
 *     the burst's neighbouring frames, per time unit as burst.ts judges it);
 *   - two_people: two heads following the same keys at the same place, the second from a random frame (the rate at
 *     the swap);
 *   - photo_pair: stock-a's frontal photo, her turned photo and its mirror (the largest rate over the burst: its swaps).
 *   npx tsx bench/face/shape-points.ts --fixtures /work/shared/faces [--genuine 24] [--swaps 24]
 * Prints ONE JSON line: per point set and species, the quantiles of those rates; and, per point set, the largest
 * genuine rate against the smallest attack rate (the margin a limit can sit in).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { BURST, STABLE_POINTS } from '../../apps/server/src/face/burst.js';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { type Analysis, type AnalyzeOptions, createEngine } from '../../apps/server/src/face/engine.js';
import { type P2, similarityResidual } from '../../apps/server/src/face/geometry.js';
import { runsOf } from '../../apps/server/src/face/track.js';
import { type Burst, moment, photoPairBurst, renderBurst, stepKeys } from './head3d/bursts.js';
import { GENUINE_HEADS } from './head3d/genuine.js';
import { buildHead } from './head3d/model.js';
import { CHROMIUM, headRenderer } from './head3d/render.js';
import { seeded } from './photo-attacks.js';

const { values } = parseArgs({
  options: { fixtures: { type: 'string' }, genuine: { type: 'string', default: '24' }, swaps: { type: 'string', default: '24' } },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) throw new Error('--fixtures DIR');
const started = performance.now();
const random = seeded(90);

/** The face's outline among STABLE_POINTS: the silhouette's sides, temples, cheeks, jaw and chin. */
const OUTLINE = new Set([234, 454, 127, 356, 93, 323, 132, 361, 58, 288, 152, 175, 199]);
const SETS = { stable: [...STABLE_POINTS], inner: STABLE_POINTS.filter((k) => !OUTLINE.has(k)) } as const;
type SetName = keyof typeof SETS;

const engine = await createEngine();
await engine.warmup();
async function analyse(burst: Burst): Promise<(Analysis | null)[]> {
  const opts: AnalyzeOptions[] = burst.frames.map(() => ({ descriptors: 'none' }));
  const out: (Analysis | null)[] = [];
  for (const run of runsOf(opts)) {
    const settled = await engine.analyzeRun(
      run.map((i) => burst.frames[i]),
      run.map((i) => opts[i]),
    );
    for (const r of settled) out.push(r.status === 'fulfilled' ? r.value : null);
  }
  return out;
}

/** The shape rate of each neighbouring pair (face widths per time unit, as burst.ts), per point set; null without one face. */
function rates(analyses: (Analysis | null)[], times: number[], set: SetName): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 1; i < analyses.length; i++) {
    const [a, b] = [analyses[i - 1], analyses[i]];
    if (a?.faces.length !== 1 || b?.faces.length !== 1) {
      out.push(null);
      continue;
    }
    const pts = (x: Analysis) => SETS[set].map((k): P2 => [x.faces[0].mesh[k][0], x.faces[0].mesh[k][1]]);
    const units = Math.max(1, Math.min(times[i] - times[i - 1], BURST.allowanceCapMs) / BURST.unitMs);
    const w = (a.faces[0].box[2] + b.faces[0].box[2]) / 2;
    out.push(similarityResidual(pts(a), pts(b)) / w / units);
  }
  return out;
}
const max = (xs: (number | null)[]) => Math.max(...xs.filter((x): x is number => x !== null));

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const models = await Promise.all(GENUINE_HEADS.map((f) => buildHead(join(fixtures, f))));
const heads = await Promise.all(models.map((m) => headRenderer(m, { browser })));
/** Each head's turn on the server engine (decision 0040's calibration). */
const TURNS = [45, 45, 40, 40];
const found: Record<SetName, Record<string, number[]>> = { stable: {}, inner: {} };
const add = (set: SetName, species: string, x: number) => {
  found[set][species] ??= [];
  found[set][species].push(x);
};

for (let i = 0; i < Number(values.genuine); i++) {
  const h = i % heads.length;
  const steps = randomStepChallenge();
  const { keys, ms, dense } = stepKeys(steps, TURNS[h] + random() * 5, moment(random), random);
  const burst = await renderBurst(heads[h], keys, ms, dense, random);
  const analyses = await analyse(burst);
  for (const set of Object.keys(SETS) as SetName[]) add(set, 'genuine', max(rates(analyses, burst.times, set)));
  if (process.env.VERBOSE) console.error(`genuine ${i} ${steps.join('+')}`);
}
for (let i = 0; i < Number(values.swaps); i++) {
  const [a, b] = [i % heads.length, (i + 1) % heads.length];
  const steps = randomStepChallenge();
  const { keys, ms, dense } = stepKeys(steps, TURNS[a], moment(random), random);
  // The same capture times for both heads (one seed each), the second from a frame between the 5th and the 5th last.
  const seed = Math.floor(random() * 1e9);
  const first = await renderBurst(heads[a], keys, ms, dense, seeded(seed));
  const second = await renderBurst(heads[b], keys, ms, dense, seeded(seed));
  const at = 4 + Math.floor(random() * (first.frames.length - 8));
  const mixed: Burst = { frames: [...first.frames.slice(0, at), ...second.frames.slice(at)], times: first.times };
  const analyses = await analyse(mixed);
  for (const set of Object.keys(SETS) as SetName[]) {
    const r = rates(analyses, mixed.times, set)[at - 1];
    if (r !== null) add(set, 'two_people_at_swap', r);
  }
  const photos = join(fixtures, 'stock-a');
  const pair = {
    straight: { file: join(photos, 'stock-emotions-a-1.jpg') },
    left: { file: join(photos, 'stock-emotions-a-2.jpg') },
    right: { file: join(photos, 'stock-emotions-a-2.jpg'), flip: true },
  };
  const photoPair = await photoPairBurst(pair, steps, random);
  const pairAnalyses = await analyse(photoPair);
  for (const set of Object.keys(SETS) as SetName[]) add(set, 'photo_pair_max', max(rates(pairAnalyses, photoPair.times, set)));
  if (process.env.VERBOSE) console.error(`swap ${i} at ${at} of ${first.frames.length}`);
}
for (const r of heads) await r.close();
await browser.close();
engine.dispose();

const q = (xs: number[], p: number) => Math.round([...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 1000) / 1000;
const summary = Object.fromEntries(
  (Object.keys(SETS) as SetName[]).map((set) => [
    set,
    {
      points: SETS[set].length,
      ...Object.fromEntries(
        Object.entries(found[set]).map(([species, xs]) => [
          species,
          { n: xs.length, min: q(xs, 0), p10: q(xs, 0.1), p50: q(xs, 0.5), p90: q(xs, 0.9), max: q(xs, 1) },
        ]),
      ),
      // The room a limit has: above every genuine burst's largest rate, below every swap's.
      genuineMax: q(found[set].genuine ?? [], 1),
      attackMin: Math.min(q(found[set].two_people_at_swap ?? [], 0), q(found[set].photo_pair_max ?? [], 0)),
    },
  ]),
);
console.log(
  JSON.stringify({
    bench: 'shape-points',
    limit: BURST.maxShapeRate,
    sets: summary,
    seconds: Math.round((performance.now() - started) / 1000),
    load: loadavg().map((l) => Math.round(l * 100) / 100),
  }),
);
