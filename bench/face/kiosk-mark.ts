/**
 * A kiosk mark's server time (issue 17, issue 23 item 3; decision 0070) — run from the repository root:
 *
 *   npm run bench:kiosk-mark -- [--fixtures ../shared/faces] [--workers 2] [--marks 10] [--kiosks 10] [--rounds 1]
 *                               [--frames 16] [--described 4] [--per-frame 24] [--sides 480,320]
 *
 * 1. Per frame, one engine in this thread: a described ('full') and a lite analysis of the same kiosk-like frames
 *    (fixture photos letterboxed to 640x480 and, as at a kiosk, with the face ~240 px wide), interleaved; medians of the
 *    whole and of each stage. Then the mesh of a lite analysis decoded at each of `--sides` against the full-size one:
 *    mean landmark displacement in face widths (burst.ts's thresholds: continuity 0.05 per 160 ms, flatness floor 0.035).
 * 2. A pool of `--workers` threads: `--marks` marks of `--frames` frames (`--described` of them with a descriptor, as
 *    the kiosk service asks) one after the other: p50/p95 of a mark's server time, and marks per CPU-second (what one
 *    busy core does: marks/s per core). Then `--rounds` of `--kiosks` marks at once, each kiosk its own company.
 * Progress to stderr; stdout gets ONE JSON line with the machine's load (figures are noisy on a shared machine).
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { type Analysis, type AnalyzeOptions, createEngine } from '../../apps/server/src/face/engine.js';
import { fixturesDir, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { letterbox } from '../../apps/server/src/face/image.js';
import { createFacePool } from '../../apps/server/src/face/pool.js';
import { quantile } from './metrics.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    workers: { type: 'string', default: '2' },
    marks: { type: 'string', default: '10' },
    kiosks: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    frames: { type: 'string', default: '16' },
    described: { type: 'string', default: '4' },
    'per-frame': { type: 'string', default: '24' },
    sides: { type: 'string', default: '480,320' },
    /** 'on' (default): marks as the kiosk sends them, one recording in runs with tracking (decision 0081); 'off': each frame alone. */
    track: { type: 'string', default: 'on' },
  },
});
const dir = fixturesDir(values.fixtures);
if (!dir) {
  console.error(`fixtures not found: ${values.fixtures ?? '../shared/faces (or FACE_FIXTURES_DIR)'}`);
  process.exit(2);
}
const [workers, marks, kiosks, rounds, perMark, describedPerMark, perFrame] = [
  values.workers,
  values.marks,
  values.kiosks,
  values.rounds,
  values.frames,
  values.described,
  values['per-frame'],
].map(Number);
const sides = values.sides ? values.sides.split(',').filter(Boolean).map(Number) : [];
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs: number[]) => (xs.length ? round(quantile(xs, 0.5)) : null);
const cpuMs = () => {
  const u = process.cpuUsage(); // the whole process: this thread and the workers
  return (u.user + u.system) / 1000;
};

const loadBefore = loadavg().map((n) => round(n, 2));
const set = listFixtures(dir);
const photos = [...set.identities.values()].flat();
/**
 * The photo as a kiosk sees a person: 640x480, the face about 240 px wide (the photo fitted in 320x240, centred), moved
 * by (dx, dy) pixels.
 */
const kioskFrame = async (path: string, dx = 0, dy = 0) =>
  sharp(await letterbox(await sharp(path).rotate().toBuffer(), { width: 320, height: 240 }))
    .extend({ top: 120 + dy, bottom: 120 - dy, left: 160 + dx, right: 160 - dx, background: { r: 40, g: 40, b: 40 } })
    .jpeg({ quality: 90 })
    .toBuffer();
const frames = await Promise.all(photos.map(async (p) => [await letterbox(await sharp(p).rotate().toBuffer()), await kioskFrame(p)]));
const all = frames.flat();
/** A mark's recording: the kiosk frame of one photo drifting smoothly (up to 12 px across, 6 px down) over the burst. */
const recordings = await Promise.all(
  photos.map((p) =>
    Promise.all(
      Array.from({ length: perMark }, (_, i) =>
        kioskFrame(p, Math.round(12 * Math.sin((2 * Math.PI * i) / perMark)), Math.round(6 * Math.cos((2 * Math.PI * i) / perMark))),
      ),
    ),
  ),
);
const sequence = values.track !== 'off';
log(`${all.length} frames from ${photos.length} fixture photos`);

// 1. Per frame, in this thread.
const engine = await createEngine();
await engine.warmup();
const FULL: AnalyzeOptions = { descriptors: 'single' };
const LITE: AnalyzeOptions = { descriptors: 'none' };
const per: Record<'full' | 'lite', { ms: number[]; decode: number[]; detect: number[]; faces: number[] }> = {
  full: { ms: [], decode: [], detect: [], faces: [] },
  lite: { ms: [], decode: [], detect: [], faces: [] },
};
for (let i = 0; i < perFrame; i++) {
  const jpeg = all[i % all.length];
  for (const [k, o] of [['full', FULL] as const, ['lite', LITE] as const]) {
    const a = await engine.analyze(jpeg, o);
    per[k].ms.push(a.ms);
    if (a.stages) for (const s of ['decode', 'detect', 'faces'] as const) per[k][s].push(a.stages[s]);
  }
}
const perFrameMs = Object.fromEntries(
  Object.entries(per).map(([k, v]) => [k, { ms: median(v.ms), decode: median(v.decode), detect: median(v.detect), faces: median(v.faces) }]),
);
log(`per frame: ${JSON.stringify(perFrameMs)}`);

/** Mean distance between two meshes' points (468), in face widths (the first analysis's box width). */
const displacement = (a: Analysis, b: Analysis) => {
  const [fa, fb] = [a.faces[0], b.faces[0]];
  if (!fa || !fb || fa.mesh.length < 468 || fb.mesh.length < 468) return null;
  let d = 0;
  for (let k = 0; k < 468; k++) d += Math.hypot(fa.mesh[k][0] - fb.mesh[k][0], fa.mesh[k][1] - fb.mesh[k][1]);
  return d / 468 / fa.box[2];
};
const reduced: Record<string, { meanFaceWidths: number; maxFaceWidths: number; yawDiff: number; ms: number | null; fullMs: number | null; frames: number }> =
  {};
// Full vs lite at the same size: the mesh must not depend on the level (the extra models read it, never change it).
const levels: number[] = [];
for (const side of sides) {
  const d: number[] = [];
  const yaw: number[] = [];
  const [ms, fullMs]: number[][] = [[], []];
  for (const jpeg of all) {
    const ref = await engine.analyze(jpeg, { ...LITE, maxSide: 1280 });
    const small = await engine.analyze(jpeg, { ...LITE, maxSide: side });
    if (side === sides[0]) {
      const full = await engine.analyze(jpeg, FULL);
      const x = displacement(full, ref);
      if (x !== null) levels.push(x);
    }
    const x = displacement(ref, small);
    if (x === null) continue;
    d.push(x);
    yaw.push(Math.abs(ref.faces[0].yaw - small.faces[0].yaw));
    ms.push(small.ms);
    fullMs.push(ref.ms);
  }
  reduced[side] = {
    meanFaceWidths: round(d.reduce((s, x) => s + x, 0) / Math.max(1, d.length), 4),
    maxFaceWidths: round(Math.max(0, ...d), 4),
    yawDiff: round(yaw.reduce((s, x) => s + x, 0) / Math.max(1, yaw.length), 2),
    ms: median(ms),
    fullMs: median(fullMs),
    frames: d.length,
  };
  log(`decoded at ${side}: ${JSON.stringify(reduced[side])}`);
}
engine.dispose();

// 2. Marks through a pool.
const pool = createFacePool({ size: workers, maxQueue: Math.max(1, kiosks) * perMark + 10, maxPerTenant: perMark, taskTimeoutMs: 300_000 });
await pool.start();
log(`pool of ${workers} ready`);
let next = 0;
let [tracked, analysed] = [0, 0];
/** One mark: `perMark` frames of one person, `describedPerMark` of them described (one in each part of the burst). */
async function mark(tenant: string): Promise<number> {
  const images = recordings[next++ % recordings.length];
  const part = perMark / describedPerMark;
  const described = new Set(Array.from({ length: describedPerMark }, (_, q) => Math.floor(q * part)));
  const started = performance.now();
  const settled = await pool.analyzeBatch(images, tenant, (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }), { sequence });
  tracked += settled.filter((r) => r.status === 'fulfilled' && r.value.found === 'tracked').length;
  analysed += settled.length;
  const failed = settled.filter((r) => r.status === 'rejected');
  if (failed.length) throw (failed[0] as PromiseRejectedResult).reason;
  return performance.now() - started;
}
await mark('warm');
const serial: number[] = [];
const cpu0 = cpuMs();
const t0 = performance.now();
for (let m = 0; m < marks; m++) serial.push(await mark('serial'));
const cpuSeconds = (cpuMs() - cpu0) / 1000;
const wallSeconds = (performance.now() - t0) / 1000;
log(`one mark at a time: ${serial.map((x) => Math.round(x)).join(' ')} ms`);
const together: number[] = [];
for (let r = 0; r < rounds; r++) together.push(...(await Promise.all(Array.from({ length: kiosks }, (_, k) => mark(`kiosk-${k}`)))));
log(`${kiosks} kiosks at once: ${together.map((x) => Math.round(x)).join(' ')} ms`);
await pool.close();

console.log(
  JSON.stringify({
    bench: 'kiosk-mark',
    cores: availableParallelism(),
    workers,
    framesPerMark: perMark,
    track: sequence,
    trackedFrames: analysed ? round(tracked / analysed, 3) : 0,
    describedPerMark,
    perFrameMs,
    levelMeshDiffFaceWidths: levels.length ? round(Math.max(...levels), 5) : null,
    reduced,
    mark: {
      p50Ms: Math.round(quantile(serial, 0.5)),
      p95Ms: Math.round(quantile(serial, 0.95)),
      marks: serial.length,
      marksPerS: round(marks / wallSeconds, 3),
      marksPerCpuS: round(marks / cpuSeconds, 3),
    },
    kiosks: { p50Ms: Math.round(quantile(together, 0.5)), p95Ms: Math.round(quantile(together, 0.95)), marks: together.length },
    loadavgBefore: loadBefore,
    loadavgAfter: loadavg().map((n) => round(n, 2)),
  }),
);
process.exit(0);
