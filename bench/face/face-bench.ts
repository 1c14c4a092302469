/**
 * Face engine benchmark — run from the repository root:
 *
 *   npm run bench:face -- --fixtures ../shared/faces [--workers 2] [--frames 300] [--threshold 0.55]
 *
 * The fixtures folder has `<identity>/` folders (one person each), `_single` (one photo per other
 * person), `_multi` and `_noface`. Every image is letterboxed into a 640x480 JPEG, analysed once through
 * the worker pool one at a time (latency of a single worker), then `--frames` frames are sent all at
 * once (throughput of the pool). Progress goes to stderr; stdout gets ONE JSON line.
 * The figures depend on what else runs on the machine: `loadavg` is printed with them.
 */
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Analysis } from '../../apps/server/src/face/engine.js';
import { fixturesDir, frameOf, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { DEFAULT_MARGIN } from '../../apps/server/src/face/match.js';
import { createFacePool, type WorkerStats } from '../../apps/server/src/face/pool.js';
import { equalErrorRate, openSet, pairScores, quantile, rank1, ratesAt, type Sample } from './metrics.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    workers: { type: 'string', default: '2' },
    frames: { type: 'string', default: '300' },
    threshold: { type: 'string', default: '0.55' },
  },
});
const dir = fixturesDir(values.fixtures);
if (!dir) {
  console.error(`fixtures not found: ${values.fixtures ?? '../shared/faces (or FACE_FIXTURES_DIR)'}`);
  process.exit(2);
}
const workers = Number(values.workers);
const frames = Number(values.frames);
const threshold = Number(values.threshold);
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const cpuMs = () => {
  const u = process.cpuUsage(); // the whole process: main thread and workers
  return (u.user + u.system) / 1000;
};

const loadBefore = loadavg().map((n) => round(n, 2));
const set = listFixtures(dir);
const labelled: { identity: string; path: string }[] = [
  ...[...set.identities].flatMap(([identity, paths]) => paths.map((path) => ({ identity, path }))),
  ...set.single.map((path) => ({ identity: `_single/${basename(path)}`, path })),
];
log(`letterboxing ${labelled.length + set.multi.length + set.noface.length} images from ${dir}`);
const jpeg = new Map<string, Buffer>();
for (const path of [...labelled.map((l) => l.path), ...set.multi, ...set.noface]) jpeg.set(path, await frameOf(path));

const pool = createFacePool({ size: workers, maxQueue: frames + 10, maxPerTenant: frames, taskTimeoutMs: 120_000 }); // one tenant sends them all
let t = performance.now();
await pool.start();
const startupMs = Math.round(performance.now() - t);
log(`pool of ${workers} ready in ${startupMs} ms`);

// 1. One frame at a time: the latency a single request sees (round trip through the pool).
const latency: number[] = [];
const inWorker: number[] = [];
const analyse = async (path: string) => {
  const start = performance.now();
  const a = await pool.analyze(jpeg.get(path)!);
  latency.push(performance.now() - start);
  inWorker.push(a.ms);
  return a;
};
const samples: Sample[] = [];
const notOneFace: string[] = [];
for (const { identity, path } of labelled) {
  const a = await analyse(path);
  const d = a.faces.length === 1 ? a.faces[0].descriptor : null;
  if (d) samples.push({ identity, file: basename(path), descriptor: d });
  else notOneFace.push(`${basename(path)}:${a.faces.length}`);
}
const refused = async (paths: string[], ok: (a: Analysis) => boolean) => {
  let n = 0;
  for (const p of paths) if (ok(await analyse(p))) n++;
  return n;
};
const multiRefused = await refused(set.multi, (a) => a.faces.length > 1);
const nofaceRefused = await refused(set.noface, (a) => a.faces.length === 0);
log(`sequential pass: ${latency.length} frames, median ${round(quantile(latency, 0.5))} ms`);

// 2. Verification (every pair) and identification (leave-one-out).
const scores = pairScores(samples);
const eer = equalErrorRate(scores);
const at = ratesAt(scores, threshold);
const r1 = rank1(samples);
const open = openSet(samples, threshold, DEFAULT_MARGIN);

// 3. Throughput: `frames` check-in frames at once through the pool.
const sumStats = (s: WorkerStats[]) => s.reduce((n, w) => n + w.numTensors, 0);
const tensorsBefore = sumStats(await pool.stats());
const checkins = labelled.map((l) => jpeg.get(l.path)!);
const cpu0 = cpuMs();
t = performance.now();
await Promise.all(Array.from({ length: frames }, (_, i) => pool.analyze(checkins[i % checkins.length])));
const elapsed = performance.now() - t;
const cpuPerFrame = (cpuMs() - cpu0) / frames;
const after = await pool.stats();
const rss = process.memoryUsage().rss; // threads share the process: this includes the workers
log(`throughput pass: ${frames} frames in ${Math.round(elapsed)} ms`);
await pool.close();

console.log(
  JSON.stringify({
    images: jpeg.size,
    identities: set.identities.size + set.single.length,
    withOneFace: samples.length,
    notOneFace,
    genuinePairs: scores.genuine.length,
    impostorPairs: scores.impostor.length,
    eer: round(eer.eer * 100, 2),
    eerThreshold: round(eer.threshold, 3),
    threshold,
    far: round(at.far * 100, 2),
    frr: round(at.frr * 100, 2),
    rank1: round((r1.correct / Math.max(1, r1.probes)) * 100, 1),
    rank1Probes: r1.probes,
    rank1Misses: r1.misses,
    openSet: { margin: DEFAULT_MARGIN, ...open },
    multiRefused: `${multiRefused}/${set.multi.length}`,
    nofaceRefused: `${nofaceRefused}/${set.noface.length}`,
    msPerFrameP50: round(quantile(latency, 0.5)),
    msPerFrameP95: round(quantile(latency, 0.95)),
    msInWorkerP50: round(quantile(inWorker, 0.5)),
    workers,
    framesPerSecond: round((frames / elapsed) * 1000),
    cpuMsPerFrame: round(cpuPerFrame),
    startupMs,
    rssMB: mb(rss),
    workerHeapMB: after.map((w) => mb(w.heapUsed)),
    workerExternalMB: after.map((w) => mb(w.external)),
    tensorsBefore,
    tensorsAfter: sumStats(after),
    framesForTensorCheck: frames,
    loadavgBefore: loadBefore,
    loadavgAfter: loadavg().map((n) => round(n, 2)),
  }),
);
