/**
 * Face analyses through the face queue (decision 0065) against the same pool in-process — run from the repository root
 * with Redis up:
 *
 *   npm run bench:face-queue -- [--fixtures ../shared/faces] [--workers 2] [--frames 60] [--kiosks 10] [--rounds 2]
 *
 * In-process: a pool of `--workers` threads in this process. Queue: a real face process (`ROLES=face`, the same
 * number of workers) started as a child, fed by a remote pool in this process through BullMQ on Redis. For each:
 * `--frames` kiosk frames sent at once (analyses/s, and per CPU-second of the processes doing the work: the face
 * process's own CPU plus, for the queue, this web side's), then `--rounds` of `--kiosks` marks of 4 frames at once
 * (p50/p95 of a mark's wait). Also the transport of one mark's 4 frames: base64 in the job data against one Redis key
 * per frame with a TTL. Progress to stderr; stdout gets ONE JSON line with the machine's load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { fixturesDir, frameOf, listFixtures } from '../../apps/server/src/face/fixtures.js';
import { createFacePool, type FacePool } from '../../apps/server/src/face/pool.js';
import { readCapacity } from '../../apps/server/src/face/queue.js';
import { createRemoteFacePool } from '../../apps/server/src/face/remote-pool.js';
import { quantile } from './metrics.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    workers: { type: 'string', default: '2' },
    frames: { type: 'string', default: '60' },
    kiosks: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const dir = fixturesDir(values.fixtures);
if (!dir) {
  console.error(`fixtures not found: ${values.fixtures ?? '../shared/faces (or FACE_FIXTURES_DIR)'}`);
  process.exit(2);
}
const [workers, frames, kiosks, rounds] = [values.workers, values.frames, values.kiosks, values.rounds].map(Number);
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** A child's CPU time (user + system) from /proc, in ms. */
const childCpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
};

const loadBefore = loadavg().map((n) => round(n, 2));
const set = listFixtures(dir);
const paths = [...set.identities.values()].flat().slice(0, 24);
const jpegs = await Promise.all(paths.map((p) => frameOf(p)));
const frame = (i: number) => jpegs[i % jpegs.length];

async function measure(pool: FacePool, cpu: () => number) {
  let cpu0 = cpu();
  let t0 = performance.now();
  const all = await pool.analyzeBatch(
    Array.from({ length: frames }, (_, i) => frame(i)),
    'bench',
  );
  const seconds = (performance.now() - t0) / 1000;
  const failed = all.filter((r) => r.status === 'rejected').length;
  const cpuSeconds = (cpu() - cpu0) / 1000;
  const waits: number[] = [];
  cpu0 = cpu();
  t0 = performance.now();
  for (let r = 0; r < rounds; r++)
    await Promise.all(
      Array.from({ length: kiosks }, async (_, k) => {
        const started = performance.now();
        // Each kiosk is its own company: one mark of 4 frames.
        await pool.analyzeBatch(
          Array.from({ length: 4 }, (_, i) => frame(k * 4 + i + r)),
          `kiosk-${k}`,
        );
        waits.push(performance.now() - started);
      }),
    );
  return {
    analysesPerS: round(frames / seconds, 2),
    analysesPerCpuS: round(frames / cpuSeconds, 2),
    failed,
    mark: { p50Ms: Math.round(quantile(waits, 0.5)), p95Ms: Math.round(quantile(waits, 0.95)), marks: waits.length },
  };
}

// In-process.
const local = createFacePool({ size: workers, maxQueue: frames + kiosks * 4 + 10, maxPerTenant: frames, taskTimeoutMs: 120_000 });
await local.start();
log(`in-process pool of ${workers} ready`);
const inProcess = await measure(local, ownCpuMs);
await local.close();
log(`in-process: ${JSON.stringify(inProcess)}`);

// Through the queue: a face process as `ROLES=face` runs it.
const queueName = `bench-face-${process.pid}`;
const root = resolve(import.meta.dirname, '../..');
const face: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: join(root, 'apps/server'),
  env: { ...process.env, ROLES: 'face', REDIS_URL: values.redis, FACE_QUEUE_NAME: queueName, FACE_WORKERS: String(workers), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const connect = () => new Redis(values.redis, { maxRetriesPerRequest: null });
const presence = connect();
for (let i = 0; i < 1200 && !(await readCapacity(presence, queueName)).slots; i++) await new Promise((r) => setTimeout(r, 100));
log('face process serving the queue');
const remote = createRemoteFacePool({ connect, presence, timeoutMs: 120_000, queue: queueName, maxPerTenant: frames });
await remote.start();
const viaQueue = await measure(remote, () => ownCpuMs() + childCpuMs(face.pid!));
log(`queue: ${JSON.stringify(viaQueue)}`);
const capacity = await readCapacity(presence, queueName);

// Transport of one mark's 4 frames: base64 in the job against a Redis key per frame (SET PX) named in the job.
const transport = new Queue(`${queueName}-transport`, { connection: connect() });
const mark = [0, 1, 2, 3].map(frame);
const time = async (fn: () => Promise<unknown>, n = 50) => {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  return round((performance.now() - t0) / n, 2);
};
const base64Ms = await time(() => transport.addBulk(mark.map((m) => ({ name: 'a', data: { image: m.toString('base64') } }))));
const keyMs = await time(async () => {
  const keys = mark.map((_, i) => `${queueName}:img:${Math.random()}:${i}`);
  const multi = presence.multi();
  for (const [i, m] of mark.entries()) multi.set(keys[i], m, 'PX', 60_000);
  await multi.exec();
  await transport.addBulk(keys.map((key) => ({ name: 'a', data: { key } })));
});
await transport.obliterate({ force: true });
await transport.close();

await remote.close();
face.kill('SIGTERM');
await new Promise((r) => face.once('exit', r));
presence.disconnect();

console.log(
  JSON.stringify({
    bench: 'face-queue',
    cores: availableParallelism(),
    workers,
    frames,
    kiosks,
    rounds,
    frameBytes: Math.round(mark.reduce((n, m) => n + m.length, 0) / mark.length),
    inProcess: { ...inProcess, perCore: round(inProcess.analysesPerS / workers, 2) },
    queue: { ...viaQueue, perCore: round(viaQueue.analysesPerS / workers, 2), measuredMsPerImage: Math.round(capacity.averageMs) },
    transport: { base64Ms, keyMs },
    loadavgBefore: loadBefore,
    loadavgAfter: loadavg().map((n) => round(n, 2)),
  }),
);
process.exit(0);
