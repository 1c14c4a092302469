/**
 * Threshold and enrolment-gate calibration on the face fixtures (decision 0057), with the real engine:
 *
 *   npx tsx bench/face/calibrate.ts --fixtures ../shared/faces
 *
 * Prints ONE JSON line:
 * - `fmr`: the false-match rate of every impostor pair (two photos of different identities, the `_single`
 *   distractors included) at each threshold 0.40-0.65, and the genuine pairs' false non-match rate;
 * - `genuine`: within-person distances (median, p95, max) — what the liveness "same person" limit must allow;
 * - `dark`: each photo darkened (×0.5 … ×0.1): the face thumbnail's mean grey and how far the descriptor moved;
 * - `occluded`: eyes or mouth covered by a black band: score, antispoof and descriptor drift against the clean
 *   photo, to see whether Human's outputs can tell an occluded face from a clean one.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createEngine, type FaceAnalysis } from '../../apps/server/src/face/engine.js';
import { fixturesDir, frameOf, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { letterbox } from '../../apps/server/src/face/image.js';
import { DEFAULT_MARGIN, euclidean, TemplateIndex } from '../../apps/server/src/face/match.js';
import { pairScores, quantile, type Sample } from './metrics.js';

const { values } = parseArgs({ options: { fixtures: { type: 'string' } } });
const dir = fixturesDir(values.fixtures);
if (!dir) {
  console.error('fixtures not found');
  process.exit(2);
}
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const r3 = (n: number) => Math.round(n * 1000) / 1000;
const mean = (a: Uint8Array) => a.reduce((s, v) => s + v, 0) / a.length;

const engine = await createEngine();
const set = listFixtures(dir);
const labelled = [
  ...[...set.identities].flatMap(([identity, paths]) => paths.map((path) => ({ identity, path }))),
  ...set.single.map((path) => ({ identity: `_single/${basename(path)}`, path })),
];
const samples: (Sample & { face: FaceAnalysis; frame: Buffer })[] = [];
for (const { identity, path } of labelled) {
  const frame = await frameOf(path);
  const a = await engine.analyze(frame);
  if (a.faces.length === 1 && a.faces[0].descriptor)
    samples.push({ identity, file: basename(path), descriptor: a.faces[0].descriptor, face: a.faces[0], frame });
}
log(`${samples.length} faces analysed`);

const scores = pairScores(samples);
const fmr: Record<string, { fmr: number; matches: number; fnmr: number }> = {};
for (let t = 40; t <= 65; t++) {
  const th = t / 100;
  const matches = scores.impostor.filter((d) => d <= th).length;
  fmr[th.toFixed(2)] = {
    fmr: r3(matches / scores.impostor.length),
    matches,
    fnmr: r3(scores.genuine.filter((d) => d > th).length / scores.genuine.length),
  };
}
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const g = sorted(scores.genuine);

// 1:N as the kiosk asks it: every face, and its mirror image and a half-bright copy, as an impostor probe against
// a gallery of every OTHER identity (the product's rule: best <= t and the runner-up DEFAULT_MARGIN further).
const probes: { identity: string; descriptor: Float32Array }[] = samples.map((s) => ({ identity: s.identity, descriptor: s.descriptor }));
for (const s of samples) {
  for (const img of [await letterbox(await sharp(s.frame).flop().toBuffer()), await sharp(s.frame).linear(0.5, 0).jpeg({ quality: 90 }).toBuffer()]) {
    const a = await engine.analyze(img);
    if (a.faces.length === 1 && a.faces[0].descriptor) probes.push({ identity: s.identity, descriptor: a.faces[0].descriptor });
  }
}
const oneToN: Record<string, { probes: number; matched: number; rate: number }> = {};
for (let t = 50; t <= 65; t++) {
  const th = t / 100;
  let matched = 0;
  for (const p of probes) {
    const index = new TemplateIndex(64);
    const byId = new Map<string, Float32Array[]>();
    for (const s of samples) if (s.identity !== p.identity) byId.set(s.identity, [...(byId.get(s.identity) ?? []), s.descriptor]);
    for (const [id, ds] of byId) index.add(id, ds);
    if (index.identify(p.descriptor, th, DEFAULT_MARGIN).accepted) matched++;
  }
  oneToN[th.toFixed(2)] = { probes: probes.length, matched, rate: r3(matched / probes.length) };
}
const imp = sorted(scores.impostor);

// Darkened copies: how dark a face can be before the descriptor drifts.
const dark: { factor: number; faceGreyMedian: number; faceGreyMax: number; driftMedian: number; driftMax: number; lost: number }[] = [];
for (const factor of [0.5, 0.35, 0.25, 0.18, 0.12]) {
  const greys: number[] = [];
  const drift: number[] = [];
  let lost = 0;
  for (const s of samples) {
    const img = await sharp(s.frame).linear(factor, 0).jpeg({ quality: 90 }).toBuffer();
    const a = await engine.analyze(img);
    if (a.faces.length !== 1 || !a.faces[0].descriptor) {
      lost++;
      continue;
    }
    greys.push(mean(a.faces[0].thumb));
    drift.push(euclidean(s.descriptor, a.faces[0].descriptor));
  }
  const gs = sorted(greys);
  const ds = sorted(drift);
  dark.push({
    factor,
    faceGreyMedian: r3(quantile(gs, 0.5)),
    faceGreyMax: r3(gs[gs.length - 1] ?? 0),
    driftMedian: r3(quantile(ds, 0.5)),
    driftMax: r3(ds[ds.length - 1] ?? 0),
    lost,
  });
}
const cleanGrey = sorted(samples.map((s) => mean(s.face.thumb)));

// Occlusion: a black band over the eyes (sunglasses-like) or over the mouth and nose (mask-like).
const occluded: Record<string, { n: number; lost: number; scoreDrop: number[]; antispoofDrop: number[]; drift: number[] }> = {};
for (const kind of ['eyes', 'mouth'] as const) {
  const o = { n: 0, lost: 0, scoreDrop: [] as number[], antispoofDrop: [] as number[], drift: [] as number[] };
  for (const s of samples) {
    const [x, y, w, h] = s.face.box;
    const top = kind === 'eyes' ? y + h * 0.28 : y + h * 0.55;
    const band = kind === 'eyes' ? h * 0.2 : h * 0.42;
    const rect = { left: Math.round(x + w * 0.08), top: Math.round(top), width: Math.round(w * 0.84), height: Math.round(band) };
    const svg = Buffer.from(
      `<svg width="640" height="480"><rect x="${rect.left}" y="${rect.top}" width="${rect.width}" height="${rect.height}" rx="${rect.height / 3}" fill="#111"/></svg>`,
    );
    const img = await sharp(s.frame)
      .composite([{ input: svg }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const a = await engine.analyze(img);
    o.n++;
    if (a.faces.length !== 1 || !a.faces[0].descriptor) {
      o.lost++;
      continue;
    }
    o.scoreDrop.push(s.face.score - a.faces[0].score);
    o.antispoofDrop.push((s.face.antispoof ?? 0) - (a.faces[0].antispoof ?? 0));
    o.drift.push(euclidean(s.descriptor, a.faces[0].descriptor));
  }
  occluded[kind] = o;
}
const summary = (a: number[]) => {
  const s = sorted(a);
  return s.length ? { min: r3(s[0]), median: r3(quantile(s, 0.5)), max: r3(s[s.length - 1]) } : null;
};

console.log(
  JSON.stringify({
    faces: samples.length,
    impostorPairs: scores.impostor.length,
    genuinePairs: scores.genuine.length,
    fmr,
    oneToN,
    impostor: { min: r3(imp[0]), p01: r3(quantile(imp, 0.01)), median: r3(quantile(imp, 0.5)) },
    genuine: { median: r3(quantile(g, 0.5)), p95: r3(quantile(g, 0.95)), max: r3(g[g.length - 1]) },
    cleanFaceGrey: { min: r3(cleanGrey[0]), median: r3(quantile(cleanGrey, 0.5)) },
    cleanScore: summary(samples.map((s) => s.face.score)),
    cleanAntispoof: summary(samples.map((s) => s.face.antispoof ?? 0)),
    dark,
    occluded: Object.fromEntries(
      Object.entries(occluded).map(([k, o]) => [
        k,
        { n: o.n, lost: o.lost, scoreDrop: summary(o.scoreDrop), antispoofDrop: summary(o.antispoofDrop), drift: summary(o.drift) },
      ]),
    ),
    perFile: samples
      .filter((s) => s.file.includes('vlado'))
      .map((s) => ({ file: s.file, score: s.face.score, antispoof: s.face.antispoof, grey: r3(mean(s.face.thumb)) })),
  }),
);
engine.dispose();
