/**
 * One continuity or step limit of `checkBurst` swept over values, on the bursts of `npm run bench:attacks`
 * (bench/face/attack-source.ts: rendered 3-D heads, their photos held up or on a screen, their recordings cut and
 * reordered, two heads in one burst), each analysed on the REAL engine in-process as kiosk.service does (tracked runs,
 * four described frames: pickDescribed) and judged under each value. Identity across requests, kiosk signatures and
 * the screen light are not in it: the figure is what continuity, identity within the burst and the steps let through.
 * Also prints each genuine burst's largest shape rate, yaw step and move rate under today's limits (to compare with
 * the server's own figures, `npm run bench:attacks -- --verbose`).
 *   npx tsx bench/face/limit-sweep.ts --fixtures /work/shared/faces [--limit maxShapeRate] [--values 0.05,0.055,0.06]
 *     [--genuine 150] [--per-species 40] [--species photo_pair,screen_photo,reordered,two_people,static_photo,waved_photo]
 * Prints ONE JSON line: per value, per species, accepted of attempts and the refusals' failures.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BURST, type BurstLimits, checkBurst, pickDescribed } from '../../apps/server/src/face/burst.js';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { type Analysis, type AnalyzeOptions, createEngine } from '../../apps/server/src/face/engine.js';
import { runsOf } from '../../apps/server/src/face/track.js';
import type { BurstFrames } from '../../apps/server/src/modules/face/test-helpers.js';
import { renderedSource } from './attack-source.js';
import { seeded } from './photo-attacks.js';

const ATTACKS = ['photo_pair', 'screen_photo', 'reordered', 'two_people', 'static_photo', 'waved_photo'] as const;
type Species = 'genuine' | (typeof ATTACKS)[number];

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    genuine: { type: 'string', default: '150' },
    'per-species': { type: 'string', default: '40' },
    species: { type: 'string', default: ATTACKS.join(',') },
    limit: { type: 'string', default: 'maxShapeRate' },
    values: { type: 'string', default: '0.05,0.055,0.06' },
    seed: { type: 'string', default: '92' },
  },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) throw new Error('--fixtures DIR');
const limit = values.limit as keyof BurstLimits;
if (!(limit in BURST)) throw new Error(`--limit: one of ${Object.keys(BURST).join(', ')}`);
const grid = values.values.split(',').map(Number);
const attacks = values.species.split(',').filter(Boolean) as Species[];
const today = BURST[limit];
const started = performance.now();
const random = seeded(Number(values.seed));

const engine = await createEngine();
await engine.warmup();
const source = await renderedSource(fixtures, random);

/** The burst analysed as kiosk.service does: four described frames, the rest tracked with the mesh only. */
async function analyse(frames: Buffer[]): Promise<Analysis[] | null> {
  const described = new Set(pickDescribed(frames.length));
  const opts: AnalyzeOptions[] = frames.map((_, i) => ({ descriptors: described.has(i) ? 'single' : 'none' }));
  const out: Analysis[] = [];
  for (const run of runsOf(opts)) {
    const settled = await engine.analyzeRun(
      run.map((i) => frames[i]),
      run.map((i) => opts[i]),
    );
    for (const r of settled) {
      if (r.status !== 'fulfilled') return null;
      out.push(r.value);
    }
  }
  return out;
}

function make(species: Species, steps: string[], i: number): Promise<BurstFrames> {
  const people = source.people;
  const who = people[i % people.length];
  switch (species) {
    case 'genuine':
      return source.genuine(who, steps, i);
    case 'photo_pair':
      return source.photoPair(who, steps, i);
    case 'screen_photo':
      return source.screenPhoto(who, steps, i);
    case 'reordered':
      return source.reordered(who, steps, i);
    case 'two_people':
      return source.twoPeople(who, people[(i + 1) % people.length], steps, i);
    case 'static_photo':
      return source.staticPhoto(who, steps, i);
    case 'waved_photo':
      return source.wavedPhoto(who, steps, i);
  }
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;
type Tally = { attempts: number; accepted: number; failures: Record<string, number> };
const tallies = new Map<number, Map<Species, Tally>>(grid.map((c) => [c, new Map()]));
const genuineFigures: { shapeRate: number | null; yawStep: number | null; moveRate: number | null }[] = [];

for (const species of ['genuine', ...attacks] as Species[]) {
  const n = Number(species === 'genuine' ? values.genuine : values['per-species']);
  for (let i = 0; i < n; i++) {
    const steps = randomStepChallenge();
    const frames = await make(species, steps, i);
    const times = frames.frameTimes!.split(',').map(Number);
    const analyses = await analyse(frames);
    for (const c of grid) {
      const tally = tallies.get(c)!;
      const t = tally.get(species) ?? { attempts: 0, accepted: 0, failures: {} };
      tally.set(species, t);
      t.attempts++;
      if (!analyses) {
        t.failures.analysis = (t.failures.analysis ?? 0) + 1;
        continue;
      }
      const limits: BurstLimits = { ...BURST, [limit]: c };
      const result = checkBurst({ steps, frames: analyses, times, lifetimeMs: 60_000, limits });
      if (result.passed) t.accepted++;
      else {
        const why = result.details.failure ?? result.reason ?? 'refused';
        t.failures[why] = (t.failures[why] ?? 0) + 1;
      }
    }
    if (species === 'genuine' && analyses) {
      const d = checkBurst({ steps, frames: analyses, times, lifetimeMs: 60_000 }).details;
      genuineFigures.push({ shapeRate: d.shapeRate, yawStep: d.yawStep, moveRate: d.moveRate });
    }
    if (process.env.VERBOSE) console.error(`${species} ${i + 1}/${n}`);
  }
}
await source.close();
engine.dispose();

const q = (xs: (number | null)[], p: number) => {
  const sorted = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null;
};
const spread = (key: 'shapeRate' | 'yawStep' | 'moveRate') => {
  const xs = genuineFigures.map((g) => g[key]);
  return { p50: q(xs, 0.5), p90: q(xs, 0.9), p95: q(xs, 0.95), max: q(xs, 1) };
};
console.log(
  JSON.stringify({
    bench: 'limit-sweep',
    limit,
    today,
    values: Object.fromEntries(
      [...tallies].map(([c, tally]) => [
        String(c),
        Object.fromEntries(
          [...tally].map(([species, t]) => [species, { accepted: t.accepted, attempts: t.attempts, rate: r3(t.accepted / t.attempts), failures: t.failures }]),
        ),
      ]),
    ),
    genuineToday: { shapeRate: spread('shapeRate'), yawStep: spread('yawStep'), moveRate: spread('moveRate') },
    seconds: Math.round((performance.now() - started) / 1000),
    load: loadavg().map((l) => Math.round(l * 100) / 100),
  }),
);
