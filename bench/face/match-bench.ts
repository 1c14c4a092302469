/**
 * 1:N matching speed: `npx tsx bench/face/match-bench.ts [--templates 100000] [--per 5] [--runs 200]`
 * Fills one TemplateIndex with random 128-d descriptors shaped like face-api's (a shared mean vector plus
 * per-person noise, so two different people are ~0.8 apart as on the fixtures) and prints one JSON line:
 * median and p95 wall milliseconds per identify(), and the CPU milliseconds per identify (the figure that
 * does not move when other processes share the cores).
 * `--sealed`: the descriptors are first sealed as the database keeps them (decision 0029), and the timed build
 * opens each one (AES-256-GCM, the company's key) before adding it, as templates.cache.ts does.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DESCRIPTOR_LENGTH, TemplateIndex } from '../../apps/server/src/face/match.js';
import { newMasterKey, openDescriptor, sealDescriptor } from '../../apps/server/src/face/seal.js';

const { values } = parseArgs({
  options: {
    templates: { type: 'string', default: '100000' },
    per: { type: 'string', default: '5' },
    runs: { type: 'string', default: '200' },
    sealed: { type: 'boolean', default: false },
  },
});
const templates = Number(values.templates);
const per = Number(values.per);
const runs = Number(values.runs);

let seed = 42;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
const mean = Float32Array.from({ length: DESCRIPTOR_LENGTH }, () => gauss() * 0.12);
const randomDescriptor = () => Float32Array.from(mean, (m) => m + gauss() * 0.05);

const ring = { current: newMasterKey(), keys: [] as ReturnType<typeof newMasterKey>[], source: 'file' as const };
ring.keys.push(ring.current);
const companyId = '00000000-0000-4000-8000-000000000001';
const stored = Array.from({ length: templates / per }, (_, e) => {
  const descriptors = Array.from({ length: per }, () => randomDescriptor());
  const owner = { companyId, employeeId: `emp-${e}` };
  return values.sealed ? { owner, sealed: descriptors.map((d) => sealDescriptor(owner, d, ring)) } : { owner, plain: descriptors };
});
const index = new TemplateIndex(templates);
const built = performance.now();
for (const s of stored) index.add(s.owner.employeeId, s.sealed ? s.sealed.map((b) => openDescriptor(s.owner, b, ring)) : s.plain!);
const buildMs = performance.now() - built;

const probes = Array.from({ length: runs }, () => randomDescriptor());
// A probe that is a noisy copy of a stored employee, as a real check-in would be.
for (let i = 0; i < runs; i += 2) {
  const p = probes[i];
  const src = randomDescriptor();
  index.add(`probe-${i}`, [src]);
  for (let k = 0; k < DESCRIPTOR_LENGTH; k++) p[k] = src[k] + gauss() * 0.02;
}
for (let i = 0; i < 20; i++) index.identify(probes[i % runs]);

const ms: number[] = [];
let accepted = 0;
const cpu0 = process.cpuUsage();
for (const p of probes) {
  const t = performance.now();
  const r = index.identify(p);
  ms.push(performance.now() - t);
  if (r.accepted) accepted++;
}
const cpu = process.cpuUsage(cpu0);
ms.sort((a, b) => a - b);
const at = (q: number) => Number(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(3));
console.log(
  JSON.stringify({
    sealed: values.sealed,
    templates: index.size,
    employees: index.employees,
    runs,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    cpuMsPerIdentify: Number(((cpu.user + cpu.system) / 1000 / runs).toFixed(3)),
    buildMs: Math.round(buildMs),
    accepted,
    heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
  }),
);
