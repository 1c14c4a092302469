/**
 * The face role's side of the face queue (decision 0065): a BullMQ worker that takes one image (or one run of a
 * recording's frames, decision 0081) per job into this
 * process's pool, as many at once as the pool has workers, and says every 2 s that it is alive with its concurrency
 * and its measured time per image. A job whose process dies mid-analysis keeps its lock only `LOCK_MS`: the next face
 * process to look for stalled jobs puts it back in the queue once (BullMQ's stalled-job check), so a killed worker
 * does not lose the mark; a second stall fails it and the waiting web process answers an error.
 */
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type FacePool, FacePoolError } from './pool.js';
import {
  EXPIRED,
  encodeAnalysis,
  FACE_QUEUE,
  type FaceJobData,
  type FaceJobResult,
  INVALID_IMAGE,
  PRESENCE_EVERY_MS,
  sayGone,
  sayPresent,
  type WireRunAnswer,
} from './queue.js';

/** A face process that stops renewing holds a job this long before it counts as stalled. */
export const LOCK_MS = 4_000;
/** How often a face process looks for stalled jobs (two looks move one back to the queue). */
export const STALLED_EVERY_MS = 2_000;

export interface FaceQueueWorkerOptions {
  pool: FacePool;
  /** A connection factory: BullMQ's blocking connections need `maxRetriesPerRequest: null`. */
  connect(): Redis;
  /** The command client that keeps this process's presence. */
  presence: Redis;
  concurrency: number;
  /** The queue's name (FACE_QUEUE_NAME). */
  queue?: string;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => number;
}

export function serveFaceQueue(opts: FaceQueueWorkerOptions) {
  const now = opts.now ?? Date.now;
  const name = opts.queue ?? FACE_QUEUE;
  const id = `${hostname()}-${process.pid}`;
  const presenceClient = opts.presence;
  let averageMs = 500;
  let measured = false;
  const took = (started: number) => {
    const ms = performance.now() - started;
    averageMs = measured ? averageMs * 0.8 + ms * 0.2 : ms;
    measured = true;
  };
  const worker = new Worker<FaceJobData, FaceJobResult>(
    name,
    async (job) => {
      if (job.data.deadline < now()) throw new UnrecoverableError(EXPIRED);
      const started = performance.now();
      const { run } = job.data;
      if (run) {
        // A run of one recording: in order, with tracking, in one worker of the local pool (decision 0081).
        const images = run.images.map((image) => Buffer.from(image, 'base64'));
        const settled = await opts.pool.analyzeBatch(images, job.data.tenant, (i) => run.opts[i] ?? {}, { sequence: true });
        took(started);
        return settled.map((r): WireRunAnswer => {
          if (r.status === 'fulfilled') return { ok: true, analysis: encodeAnalysis(r.value) };
          const err = r.reason;
          return { ok: false, message: err instanceof FacePoolError && err.code === 'invalid_image' ? INVALID_IMAGE : String(err?.message ?? err) };
        });
      }
      try {
        const analysis = await opts.pool.analyze(Buffer.from(job.data.image ?? '', 'base64'), job.data.opts, job.data.tenant);
        took(started);
        return encodeAnalysis(analysis);
      } catch (err) {
        if (err instanceof FacePoolError && err.code === 'invalid_image') throw new UnrecoverableError(INVALID_IMAGE);
        throw err;
      }
    },
    {
      connection: opts.connect(),
      concurrency: opts.concurrency,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_EVERY_MS,
      maxStalledCount: 1,
      autorun: false,
    },
  );
  worker.on('error', (err) => opts.log.error({ err }, 'face queue worker error'));
  const present = () =>
    sayPresent(presenceClient, name, id, { concurrency: opts.concurrency, averageMs: Math.round(averageMs) }).catch((err) =>
      opts.log.error({ err }, 'face queue presence failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  return {
    id,
    /** Starts taking jobs once the pool is warm (a cold process would hold jobs while its models load). */
    async start() {
      await opts.pool.start();
      void worker.run();
      await worker.waitUntilReady();
      await present();
      timer = setInterval(present, PRESENCE_EVERY_MS);
      opts.log.info({ id, concurrency: opts.concurrency }, 'serving the face queue');
    },
    async close() {
      clearInterval(timer);
      await sayGone(presenceClient, name, id).catch(() => {});
      await worker.close();
    },
  };
}
