/**
 * Why the photo pair passes continuity (decision 0074), and what would refuse it: genuine rendered heads against the
 * photo pair of bench:attacks (stills of the head in each step's pose held up in turn), same challenges, same capture
 * timing, real engine in-process. For each burst: today's `checkBurst`, and per neighbouring pair the raw shape change
 * (stable points after the best similarity, face widths) with its gap, to compare two candidate rules:
 *  - `capped`: the allowance stops growing with the gap (largest raw change per pair, whatever the gap);
 *  - `isolated`: a swap is one change with still frames on both sides, a head turns over several pairs: the largest
 *    ratio of a pair's change to the larger of its neighbours' (floor 0.01).
 *   npx tsx bench/face/pair-swap.ts --fixtures /work/shared/faces [--bursts 8]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { checkBurst, pickDescribed, STABLE_POINTS } from '../../apps/server/src/face/burst.js';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { type Analysis, createEngine } from '../../apps/server/src/face/engine.js';
import { type P2, similarityResidual } from '../../apps/server/src/face/geometry.js';
import { renderedSource } from './attack-source.js';
import { seeded } from './photo-attacks.js';

const { values } = parseArgs({ options: { fixtures: { type: 'string' }, bursts: { type: 'string', default: '8' } } });
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) throw new Error('--fixtures DIR');
const random = seeded(17);
const started = performance.now();
const engine = await createEngine();
await engine.warmup();
const source = await renderedSource(fixtures, random);
const r3 = (n: number) => Math.round(n * 1000) / 1000;

async function measure(
  kind: string,
  frames: Buffer[] & { frameTimes?: string },
  steps: string[],
): Promise<{
  kind: string;
  steps: string;
  today: string;
  shapeRate: number | null;
  capped: number | null;
  gapAtWorst: number | null;
  isolated: number | null;
  yawStep?: number;
  yawRate?: number;
  /** Each yaw step over 12° with its gap and its neighbours' steps in the same direction (a head turning keeps going). */
  bigSteps?: { gap: number; step: number; before: number; after: number }[];
}> {
  const times = frames.frameTimes!.split(',').map(Number);
  const described = new Set(pickDescribed(frames.length));
  const analyses: Analysis[] = [];
  for (const [i, f] of frames.entries()) analyses.push(await engine.analyze(f, { descriptors: described.has(i) ? 'single' : 'none' }));
  const today = checkBurst({ steps, frames: analyses, times, lifetimeMs: 60_000 });
  if (analyses.some((a) => a.faces.length !== 1))
    return {
      kind,
      steps: steps.join(','),
      today: String(today.details.failure ?? today.reason),
      shapeRate: null,
      capped: null,
      gapAtWorst: null,
      isolated: null,
    };
  const pts = analyses.map((a) => STABLE_POINTS.map((k): P2 => [a.faces[0].mesh[k][0], a.faces[0].mesh[k][1]]));
  const raw = pts.slice(1).map((p, i) => similarityResidual(pts[i], p) / ((analyses[i].faces[0].box[2] + analyses[i + 1].faces[0].box[2]) / 2));
  const isolated = raw.map((c, i) => c / Math.max(0.01, raw[i - 1] ?? 0, raw[i + 1] ?? 0));
  const worst = raw.indexOf(Math.max(...raw));
  // Human's yaw between neighbours: a head passes through the poses in between, a swapped photo does not.
  const yaws = analyses.map((a) => a.faces[0].yaw);
  const yawStep = r3(Math.max(...yaws.slice(1).map((y, i) => Math.abs(y - yaws[i]))));
  const yawRate = r3(Math.max(...yaws.slice(1).map((y, i) => Math.abs(y - yaws[i]) / Math.max(1, (times[i + 1] - times[i]) / 160))));
  const d = yaws.slice(1).map((y, i) => y - yaws[i]);
  const along = (k: number, sign: number) => (k >= 0 && k < d.length ? r3(d[k] * sign) : 0);
  const bigSteps = d.flatMap((s, k) =>
    Math.abs(s) > 12 ? [{ gap: times[k + 1] - times[k], step: r3(Math.abs(s)), before: along(k - 1, Math.sign(s)), after: along(k + 1, Math.sign(s)) }] : [],
  );
  return {
    kind,
    steps: steps.join(','),
    today: String(today.passed ? 'accepted' : (today.details.failure ?? today.reason)),
    shapeRate: today.details.shapeRate,
    capped: r3(Math.max(...raw)),
    gapAtWorst: times[worst + 1] - times[worst],
    isolated: r3(Math.max(...isolated)),
    yawStep,
    yawRate,
    bigSteps,
  };
}

const rows: Awaited<ReturnType<typeof measure>>[] = [];
for (let i = 0; i < Number(values.bursts); i++) {
  const person = source.people[i % source.people.length];
  const steps = randomStepChallenge();
  rows.push(await measure('genuine', await source.genuine(person, steps, i), steps));
  rows.push(await measure('photo_pair', await source.photoPair(person, steps, i), steps));
  console.error(JSON.stringify(rows.slice(-2)));
}
await source.close();
engine.dispose();
const of = (kind: string, key: 'capped' | 'isolated' | 'yawStep' | 'yawRate') =>
  rows
    .filter((r) => r.kind === kind && r[key] !== null)
    .map((r) => r[key] as number)
    .sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bench: 'pair-swap',
    genuine: {
      capped: of('genuine', 'capped'),
      isolated: of('genuine', 'isolated'),
      yawStep: of('genuine', 'yawStep'),
      yawRate: of('genuine', 'yawRate'),
      today: rows.filter((r) => r.kind === 'genuine').map((r) => r.today),
    },
    photoPair: {
      capped: of('photo_pair', 'capped'),
      isolated: of('photo_pair', 'isolated'),
      yawStep: of('photo_pair', 'yawStep'),
      yawRate: of('photo_pair', 'yawRate'),
      today: rows.filter((r) => r.kind === 'photo_pair').map((r) => r.today),
    },
    seconds: Math.round((performance.now() - started) / 1000),
    load: loadavg().map((l) => Math.round(l * 100) / 100),
  }),
);
