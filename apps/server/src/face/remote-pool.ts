/**
 * The face pool of a web process without the face role (decision 0065): the same interface as pool.ts, served by the
 * face processes through the BullMQ queue `presente-face` (queue.ts). One job per image, or, for one recording's frames
 * (a kiosk burst, `sequence`), one job per run of frames (pool.ts `runsOf`, decision 0081), so the frames of one mark
 * spread over every face process; the answer comes back as the job's return value (waitUntilFinished on one
 * QueueEvents per process), within `timeoutMs`.
 *
 * The contract of pool.ts, as far as it carries across processes:
 * - a company's share: at most `maxPerTenant` images of one company waiting or running from this process (past it
 *   'tenant_busy' with a Retry-After, for that company only); its jobs get a lower priority the more it already has
 *   in flight (its n-th image waiting has priority n), so a company's burst does not push the others' first image
 *   behind all of its own;
 * - a request is refused whole before any image is queued: 'unavailable' when no face process is alive or Redis does
 *   not answer, 'overloaded' (503 + Retry-After) when the queue is deeper than the face processes can answer within
 *   `timeoutMs`: ceil((depth + images) / slots) x measured time per image, from the presence the face processes keep.
 */
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Analysis, AnalyzeOptions } from './engine.js';
import { type BatchOptions, DEFAULT_TENANT_SHARE, type FacePool, FacePoolError, type FacePoolState, heaviestFirst, MIN_TENANT_SHARE } from './pool.js';
import {
  type Capacity,
  decodeAnalysis,
  EXPIRED,
  FACE_QUEUE,
  type FaceJobData,
  type FaceJobResult,
  INVALID_IMAGE,
  PRESENCE_EVERY_MS,
  readCapacity,
  type WireRunAnswer,
} from './queue.js';
import { runsOf } from './track.js';

export interface RemoteFacePoolOptions {
  /** A connection factory (QueueEvents blocks: `maxRetriesPerRequest: null`). */
  connect(): Redis;
  /** The command client (with its short timeout) that reads the face processes' presence. */
  presence: Redis;
  /** How long a request waits for its images' answers. */
  timeoutMs: number;
  /** The queue's name (FACE_QUEUE_NAME). */
  queue?: string;
  maxPerTenant?: number;
  /** How long the queue's depth and the face processes' presence are reused before asking Redis again. */
  capacityTtlMs?: number;
  /**
   * How long images already queued keep waiting once no face process is alive (FACE_ORPHAN_GRACE_MS), for a
   * replacement to take them (a supervisor or an orchestrator restarting the face process). 0: 'unavailable' at the
   * next look. A request that finds no face process alive is refused at once either way.
   */
  orphanGraceMs?: number;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => number;
}

/** A finished job stays this long for a waiter that subscribed late (it reads the result from the job). */
const KEEP_S = 60;
/** BullMQ's lowest priority. */
const MAX_PRIORITY = 2_097_152;

export function createRemoteFacePool(opts: RemoteFacePoolOptions): FacePool {
  const now = opts.now ?? Date.now;
  const name = opts.queue ?? FACE_QUEUE;
  const maxPerTenant = Math.max(MIN_TENANT_SHARE, opts.maxPerTenant ?? DEFAULT_TENANT_SHARE);
  const ttl = opts.capacityTtlMs ?? 250;
  let queue: Queue<FaceJobData, FaceJobResult> | undefined;
  let events: QueueEvents | undefined;
  let state: FacePoolState = 'not_loaded';
  let closed = false;
  const load = new Map<string, number>();
  let seen: { at: number; capacity: Capacity; waiting: number; active: number } | undefined;
  let starting: Promise<void> | undefined;
  let refresh: NodeJS.Timeout | undefined;

  let settle!: { resolve(): void; reject(e: Error): void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  ready.catch(() => {});

  function start(): Promise<void> {
    starting ??= (async () => {
      state = 'loading';
      queue = new Queue<FaceJobData, FaceJobResult>(name, { connection: opts.connect() });
      events = new QueueEvents(name, { connection: opts.connect() });
      // Every waiting image listens for the queue closing: as many listeners as images in flight.
      queue.setMaxListeners(0);
      queue.on('error', (err) => opts.log?.error({ err }, 'face queue error'));
      events.on('error', (err) => opts.log?.error({ err }, 'face queue events error'));
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
      state = 'ready';
      settle.resolve();
      // /api/health and the super admin's status read status(): kept fresh between requests too.
      refresh = setInterval(() => void look().catch(() => {}), PRESENCE_EVERY_MS);
      refresh.unref();
      opts.log?.info({}, 'face analyses go to the face queue');
    })();
    return starting.then(() => ready);
  }

  /** The face processes alive and the queue's depth, asked of Redis at most every `ttl` ms. */
  async function look() {
    if (seen && now() - seen.at < ttl) return seen;
    const [capacity, counts] = await Promise.all([readCapacity(opts.presence, name), queue!.getJobCounts('wait', 'prioritized', 'active')]);
    seen = { at: now(), capacity, waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0 };
    return seen;
  }

  /** `count` images in `jobs` jobs (a run of frames is one job). */
  async function refusal(tenant: string, count: number, jobs = count): Promise<FacePoolError | null> {
    if (closed) return new FacePoolError('unavailable', 'the face pool is closed');
    const used = load.get(tenant) ?? 0;
    const view = await look().catch((err: unknown) => {
      opts.log?.error({ err }, 'face queue did not answer');
      return null;
    });
    if (!view) return new FacePoolError('unavailable', 'the face queue does not answer');
    const { capacity, waiting, active } = view;
    if (!capacity.slots) return new FacePoolError('unavailable', 'no face process is serving the queue');
    if (used + count > maxPerTenant) {
      const seconds = Math.max(1, Math.ceil((used * capacity.averageMs) / capacity.slots / 1000));
      return new FacePoolError('tenant_busy', `this tenant has ${used} face requests in the queue (share ${maxPerTenant})`, seconds);
    }
    // Rounds of the face processes' slots before this request's last job is done, at the measured time per job.
    const expectedMs = Math.ceil((waiting + active + jobs) / capacity.slots) * capacity.averageMs;
    if (expectedMs > opts.timeoutMs) {
      const seconds = Math.max(1, Math.ceil(((waiting + active) * capacity.averageMs) / capacity.slots / 1000));
      return new FacePoolError('overloaded', `the face queue holds ${waiting} images: about ${Math.round(expectedMs)} ms to answer`, seconds);
    }
    return null;
  }

  function failure(err: unknown): FacePoolError {
    const message = err instanceof Error ? err.message : String(err);
    if (message === INVALID_IMAGE) return new FacePoolError('invalid_image', 'the image cannot be read');
    if (message === EXPIRED || message.includes('timed out before finishing')) return new FacePoolError('timeout', `no answer within ${opts.timeoutMs} ms`);
    return new FacePoolError('failed', message);
  }

  async function analyzeBatch(
    images: Uint8Array[],
    tenant = '',
    analyzeOpts: AnalyzeOptions | ((index: number) => AnalyzeOptions) = {},
    batch: BatchOptions = {},
  ): Promise<PromiseSettledResult<Analysis>[]> {
    await start();
    // Per image (a burst's described frames and the lite rest; a function does not survive JSON).
    const options = images.map((_, i) => (typeof analyzeOpts === 'function' ? analyzeOpts(i) : analyzeOpts));
    // One job per image, full ones first; a recording's frames one job per run (decision 0081).
    const units = batch.sequence ? runsOf(options) : heaviestFirst(options).map((i) => [i]);
    const refused = await refusal(tenant, images.length, units.length);
    if (refused) throw refused;
    const used = load.get(tenant) ?? 0;
    load.set(tenant, used + images.length);
    if (seen) seen.waiting += units.length; // the next request of this process counts these before Redis is asked again
    const deadline = now() + opts.timeoutMs;
    const b64 = (i: number) => Buffer.from(images[i].buffer, images[i].byteOffset, images[i].byteLength).toString('base64');
    try {
      let before = 0;
      const jobs = await queue!.addBulk(
        units.map((unit) => {
          const priority = Math.min(MAX_PRIORITY, 1 + used + before);
          before += unit.length;
          const data: FaceJobData = batch.sequence
            ? { run: { images: unit.map(b64), opts: unit.map((i) => options[i]) }, tenant, deadline }
            : { image: b64(unit[0]), opts: options[unit[0]], tenant, deadline };
          return { name: 'analyze', data, opts: { priority, removeOnComplete: { age: KEEP_S }, removeOnFail: { age: KEEP_S } } };
        }),
      );
      // While the images wait, the face processes are looked at every PRESENCE_EVERY_MS: when none is left alive (the
      // last one killed: its presence outlived it by up to PRESENCE_TTL_MS), the wait ends with 'unavailable' (503 at
      // once) instead of the whole timeout (stop 31's CI: a 60 s wait after the last face process was killed).
      // With a grace (orphanGraceMs), the wait goes on that long after the last one was seen, for a replacement.
      let watching: NodeJS.Timeout | undefined;
      let lastAlive = now();
      const orphaned = new Promise<never>((_, reject) => {
        watching = setInterval(() => {
          void look()
            .then((view) => {
              if (view.capacity.slots) lastAlive = now();
              else if (now() - lastAlive >= (opts.orphanGraceMs ?? 0)) reject(new FacePoolError('unavailable', 'no face process is serving the queue'));
            })
            .catch(() => {});
        }, PRESENCE_EVERY_MS);
      });
      orphaned.catch(() => {});
      try {
        const settled = new Array<PromiseSettledResult<Analysis>>(images.length);
        await Promise.all(
          jobs.map(async (job, n) => {
            const unit = units[n];
            let answer: FaceJobResult;
            try {
              answer = (await Promise.race([job.waitUntilFinished(events!, opts.timeoutMs), orphaned])) as FaceJobResult;
            } catch (err) {
              const failed = err instanceof FacePoolError ? err : failure(err);
              // Nobody will wait for it: a job still waiting leaves the queue (an active one finishes and is skipped).
              if (failed.code === 'timeout' || failed.code === 'unavailable') await job.remove().catch(() => {});
              for (const i of unit) settled[i] = { status: 'rejected', reason: failed };
              return;
            }
            const answers: WireRunAnswer[] = Array.isArray(answer) ? answer : [{ ok: true, analysis: answer }];
            for (const [k, i] of unit.entries()) {
              const a = answers[k];
              settled[i] = a?.ok
                ? { status: 'fulfilled', value: decodeAnalysis(a.analysis) }
                : { status: 'rejected', reason: failure(new Error(a?.message ?? 'no answer for this frame')) };
            }
          }),
        );
        return settled;
      } finally {
        clearInterval(watching);
      }
    } catch (err) {
      throw err instanceof FacePoolError ? err : new FacePoolError('unavailable', `the face queue refused the request: ${(err as Error).message}`);
    } finally {
      const n = (load.get(tenant) ?? images.length) - images.length;
      if (n > 0) load.set(tenant, n);
      else load.delete(tenant);
    }
  }

  return {
    start,
    ready,
    analyzeBatch,
    async analyze(image, analyzeOpts = {}, tenant = '') {
      const [r] = await analyzeBatch([image], tenant, analyzeOpts);
      if (r!.status === 'rejected') throw r!.reason;
      return r!.value;
    },
    status: () => ({
      state: state === 'ready' && seen && !seen.capacity.slots ? 'loading' : state,
      workers: seen?.capacity.processes ?? 0,
      size: seen?.capacity.slots ?? 0,
      busy: seen?.active ?? 0,
      queued: seen?.waiting ?? 0,
      images: [...load.values()].reduce((sum, n) => sum + n, 0),
    }),
    stats: async () => [],
    async close() {
      closed = true;
      clearInterval(refresh);
      if (state === 'loading') settle.reject(new FacePoolError('unavailable', 'the face pool is closed'));
      await Promise.all([queue?.close(), events?.close()]);
      state = 'not_loaded';
    },
  };
}
