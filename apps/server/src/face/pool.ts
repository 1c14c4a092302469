/**
 * A pool of face worker threads (one engine each; FACE_WORKERS or one per core) with a queue per tenant
 * (company), served in turn: each company may have at most `maxPerTenant` images waiting or running (its
 * share; past it, FacePoolError 'tenant_busy' for that company only) and the next free worker takes the
 * next company's oldest image, so one company's burst never makes the others wait behind it (decision 0022).
 * Created idle; `start()` (or the first `analyze()`) spawns and warms the workers; `ready` settles
 * when all are warm; `status()` feeds the health check and the super admin status block.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { FACE_LIMITS } from '@presente/shared';
import { type Analysis, type AnalyzeOptions, levelOf } from './engine.js';
import { runsOf } from './track.js';
import type { FromWorker, RunAnswer, ToWorker, WorkerStats } from './worker.js';

export type { WorkerStats };

export interface FacePoolOptions {
  /** Worker threads; default FACE_WORKERS, else the number of cores. */
  size?: number;
  /** Requests waiting beyond this are refused at once (FacePoolError 'busy'). */
  maxQueue?: number;
  /**
   * Images one tenant may have waiting or running; past it its requests are refused at once (FacePoolError
   * 'tenant_busy'). Default a quarter of maxQueue, at least one kiosk burst (DEFAULT_TENANT_SHARE); never under one request's worth (6).
   */
  maxPerTenant?: number;
  /** The worker script (tests start a stand-in engine). */
  workerUrl?: URL;
  /** A request running longer than this kills its worker (a new one is started). */
  taskTimeoutMs?: number;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export type FacePoolState = 'not_loaded' | 'loading' | 'ready' | 'error';
export interface FacePoolStatus {
  state: FacePoolState;
  /** Warm workers. */
  workers: number;
  size: number;
  busy: number;
  /** Images waiting (a run of a recording's frames counts its frames). */
  queued: number;
  /** Images waiting or being analysed, of every tenant (decision 0081: a busy worker may hold a run of several). */
  images: number;
  error?: string;
}

export class FacePoolError extends Error {
  constructor(
    /** 'overloaded': the face queue is deeper than it can answer in time (remote-pool.ts, decision 0065). */
    readonly code: 'busy' | 'tenant_busy' | 'overloaded' | 'invalid_image' | 'unavailable' | 'timeout' | 'failed',
    message: string,
    /** 'tenant_busy', 'overloaded': about when there is room again (seconds). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The images a request sends together (a kiosk mark's frames, an enrolment's captures) are one request's worth. */
export const MIN_TENANT_SHARE = 6;
/**
 * A company's default share: one whole kiosk burst (24 frames since decision 0076; it was 16, and the first 24-frame
 * mark of the e2e kiosk was refused "Tu empresa tiene demasiados análisis faciales en curso").
 */
export const DEFAULT_TENANT_SHARE: number = FACE_LIMITS.maxFrames;

export interface FacePool {
  start(): Promise<void>;
  /** Settles when every worker is warm (rejects if the engine cannot load). Does not start the pool. */
  readonly ready: Promise<void>;
  analyze(image: Uint8Array, opts?: AnalyzeOptions, tenant?: string): Promise<Analysis>;
  /**
   * The images of one request, queued together or refused together (FacePoolError 'busy', 'tenant_busy',
   * 'unavailable' before any is queued); then one settled result per image.
   */
  analyzeBatch(
    images: Uint8Array[],
    tenant?: string,
    opts?: AnalyzeOptions | ((index: number) => AnalyzeOptions),
    batch?: BatchOptions,
  ): Promise<PromiseSettledResult<Analysis>[]>;
  status(): FacePoolStatus;
  /** Tensor count and memory of each warm worker. */
  stats(): Promise<WorkerStats[]>;
  close(): Promise<void>;
}

/** How a batch's images relate. */
export interface BatchOptions {
  /**
   * The images are consecutive frames of one recording (a kiosk burst): they go to the workers in runs (`runsOf`),
   * each analysed in order with tracking (engine.analyzeRun, decision 0081). Default: each image on its own.
   */
  sequence?: boolean;
}

interface Task {
  id: number;
  tenant: string;
  /** Images in the task (a run has several): what it counts against the queue and the tenant's share. */
  weight: number;
  message: ToWorker;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  startedAt: number;
  timer?: NodeJS.Timeout;
}

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/** A worker's failure of one image as the pool's error: an unreadable image, or any other failure. */
const workerError = (code: string | undefined, message: string) => new FacePoolError(code === 'invalid_image' ? 'invalid_image' : 'failed', message);

/** The indices of a request's images, its full analyses first, each group in its order. */
export function heaviestFirst(options: AnalyzeOptions[]): number[] {
  const order = options.map((_, i) => i);
  return [...order.filter((i) => levelOf(options[i]) === 'full'), ...order.filter((i) => levelOf(options[i]) !== 'full')];
}

export function defaultPoolSize(env = process.env): number {
  const n = Number(env.FACE_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : availableParallelism();
}

export function createFacePool(opts: FacePoolOptions = {}): FacePool {
  const size = opts.size ?? defaultPoolSize();
  const maxQueue = opts.maxQueue ?? 64;
  const maxPerTenant = Math.max(MIN_TENANT_SHARE, opts.maxPerTenant ?? Math.max(DEFAULT_TENANT_SHARE, Math.floor(maxQueue / 4)));
  const taskTimeoutMs = opts.taskTimeoutMs ?? 20_000;
  const slots = new Set<Slot>();
  /** Waiting tasks per tenant, in the order the tenants are served (a served tenant goes to the back). */
  const lanes = new Map<string, Task[]>();
  /** Waiting + running tasks per tenant (its use of its share). */
  const load = new Map<string, number>();
  let queued = 0;
  /** A running average of how long an analysis takes, for the Retry-After of a full share. */
  let averageMs = 500;
  let state: FacePoolState = 'not_loaded';
  let error: string | undefined;
  let nextId = 1;
  let closed = false;
  let warm = 0;

  let settle!: { resolve(): void; reject(e: Error): void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  ready.catch(() => {}); // observed through status() when nobody awaits it

  function fail(message: string) {
    if (state === 'error') return;
    state = 'error';
    error = message;
    opts.log?.error({ err: message }, 'face engine failed to load');
    settle.reject(new FacePoolError('unavailable', message));
    for (const t of drain()) t.reject(new FacePoolError('unavailable', message));
  }

  function drain(): Task[] {
    const all = [...lanes.values()].flat();
    lanes.clear();
    queued = 0;
    for (const t of all) done(t);
    return all;
  }

  /** A task left the pool (answered, failed or dropped): its tenant's share has room again. */
  function done(task: Task): void {
    const n = (load.get(task.tenant) ?? task.weight) - task.weight;
    if (n > 0) load.set(task.tenant, n);
    else load.delete(task.tenant);
  }

  /** The oldest task of the tenant whose turn it is; that tenant goes to the back of the line. */
  function nextTask(): Task | undefined {
    for (const [tenant, lane] of lanes) {
      lanes.delete(tenant);
      const task = lane.shift()!;
      if (lane.length) lanes.set(tenant, lane);
      queued -= task.weight;
      return task;
    }
    return undefined;
  }

  function spawn(): void {
    const worker = new Worker(opts.workerUrl ?? WORKER_URL, { execArgv: [], name: 'face' });
    const slot: Slot = { worker, ready: false, task: null, startedAt: 0 };
    slots.add(slot);
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') {
        slot.ready = true;
        opts.log?.info({ loadMs: m.loadMs }, 'face worker ready');
        if (++warm >= size && state === 'loading') {
          state = 'ready';
          settle.resolve();
        }
        return pump();
      }
      if (m.type === 'fatal') return fail(m.message);
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      clearTimeout(slot.timer);
      slot.task = null;
      done(task);
      averageMs = averageMs * 0.8 + ((performance.now() - slot.startedAt) / task.weight) * 0.2;
      if (m.type === 'error') task.reject(workerError(m.code, m.message));
      else task.resolve(m.type === 'result' ? m.analysis : m.type === 'results' ? m.answers : m.stats);
      pump();
    });
    worker.on('error', (err) => opts.log?.error({ err }, 'face worker error'));
    worker.on('exit', (code) => {
      slots.delete(slot);
      clearTimeout(slot.timer);
      if (slot.ready) warm--;
      if (slot.task) done(slot.task);
      slot.task?.reject(new FacePoolError('failed', `face worker exited (${code})`));
      if (closed) return;
      if (!slot.ready) return fail(`face worker exited while loading (${code})`);
      opts.log?.error({ code }, 'face worker exited; starting another');
      spawn();
    });
  }

  function pump(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.task || queued === 0) continue;
      const task = nextTask()!;
      slot.task = task;
      slot.startedAt = performance.now();
      if (task.message.type !== 'stats')
        slot.timer = setTimeout(() => {
          task.reject(new FacePoolError('timeout', `face analysis took more than ${taskTimeoutMs} ms`));
          slot.task = null;
          done(task);
          void slot.worker.terminate();
        }, taskTimeoutMs);
      slot.worker.postMessage(task.message, task.transfer);
    }
  }

  function start(): Promise<void> {
    if (state === 'not_loaded' && !closed) {
      state = 'loading';
      for (let i = 0; i < size; i++) spawn();
    }
    return ready;
  }

  /** Why `count` more tasks of `tenant` cannot be queued now, if they cannot (checked before any is queued). */
  function refusal(tenant: string, count: number): FacePoolError | null {
    if (closed) return new FacePoolError('unavailable', 'the face pool is closed');
    if (state === 'error') return new FacePoolError('unavailable', error ?? 'face engine failed');
    const used = load.get(tenant) ?? 0;
    if (used + count > maxPerTenant) {
      // About when its own backlog (spread over the workers) is done.
      const seconds = Math.max(1, Math.ceil((used * averageMs) / Math.max(1, size) / 1000));
      return new FacePoolError('tenant_busy', `this tenant has ${used} face requests in the pool (share ${maxPerTenant})`, seconds);
    }
    if (queued + count > maxQueue) return new FacePoolError('busy', 'too many face requests waiting');
    return null;
  }

  function enqueue<T>(tenant: string, make: (id: number) => ToWorker, transfer: ArrayBuffer[] = [], weight = 1): Promise<T> {
    void start();
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const lane = lanes.get(tenant);
      const task: Task = { id, tenant, weight, message: make(id), transfer, resolve: resolve as (v: unknown) => void, reject };
      if (lane) lane.push(task);
      else lanes.set(tenant, [task]);
      queued += weight;
      load.set(tenant, (load.get(tenant) ?? 0) + weight);
      pump();
    });
  }

  function analyzeOne(image: Uint8Array, analyzeOpts: AnalyzeOptions, tenant: string): Promise<Analysis> {
    const copy = new Uint8Array(image).buffer; // the caller's Buffer may be a slice of a shared pool
    return enqueue<Analysis>(tenant, (id) => ({ type: 'analyze', id, image: copy, opts: analyzeOpts }), [copy]);
  }

  /** A run of consecutive frames as one task; one settled answer per frame. */
  async function analyzeRun(images: Uint8Array[], options: AnalyzeOptions[], tenant: string): Promise<PromiseSettledResult<Analysis>[]> {
    const copies = images.map((image) => new Uint8Array(image).buffer);
    try {
      const answers = await enqueue<RunAnswer[]>(tenant, (id) => ({ type: 'analyzeRun', id, images: copies, opts: options }), copies, images.length);
      return answers.map((a) => (a.ok ? { status: 'fulfilled', value: a.analysis } : { status: 'rejected', reason: workerError(a.code, a.message) }));
    } catch (reason) {
      return images.map(() => ({ status: 'rejected', reason }));
    }
  }

  return {
    start,
    ready,
    analyze(image, analyzeOpts = {}, tenant = '') {
      const refused = refusal(tenant, 1);
      return refused ? Promise.reject(refused) : analyzeOne(image, analyzeOpts, tenant);
    },
    async analyzeBatch(images, tenant = '', analyzeOpts = {}, batch = {}) {
      const refused = refusal(tenant, images.length);
      if (refused) throw refused;
      const options = images.map((_, i) => (typeof analyzeOpts === 'function' ? analyzeOpts(i) : analyzeOpts));
      if (batch.sequence) {
        const settled = new Array<PromiseSettledResult<Analysis>>(images.length);
        await Promise.all(
          runsOf(options).map(async (run) => {
            const answers = await analyzeRun(
              run.map((i) => images[i]),
              run.map((i) => options[i]),
              tenant,
            );
            for (const [k, i] of run.entries()) settled[i] = answers[k];
          }),
        );
        return settled;
      }
      const answers: Promise<Analysis>[] = new Array(images.length);
      // Every free worker takes the request's next image; the full analyses go first (longest first), so the lite ones
      // fill in behind them and no worker is left with a full one at the end (decision 0070).
      for (const i of heaviestFirst(options)) answers[i] = analyzeOne(images[i], options[i], tenant);
      const settled = await Promise.allSettled(answers);
      return settled;
    },
    status: () => ({
      state,
      workers: warm,
      size,
      busy: [...slots].filter((s) => s.task).length,
      queued,
      images: [...load.values()].reduce((sum, n) => sum + n, 0),
      ...(error ? { error } : {}),
    }),
    async stats() {
      const warmSlots = [...slots].filter((s) => s.ready);
      // One stats request per warm worker, sent directly so each worker answers for itself.
      return Promise.all(
        warmSlots.map(
          (slot) =>
            new Promise<WorkerStats>((resolve, reject) => {
              const id = nextId++;
              const onExit = () => reject(new FacePoolError('failed', 'face worker exited'));
              const onMessage = (m: FromWorker) => {
                if (m.type !== 'stats' || m.id !== id) return;
                slot.worker.off('message', onMessage).off('exit', onExit);
                resolve(m.stats);
              };
              slot.worker.on('message', onMessage).once('exit', onExit);
              slot.worker.postMessage({ type: 'stats', id } satisfies ToWorker);
            }),
        ),
      );
    },
    async close() {
      closed = true;
      for (const t of drain()) t.reject(new FacePoolError('unavailable', 'the face pool is closed'));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      if (state === 'loading') settle.reject(new FacePoolError('unavailable', 'the face pool is closed'));
      if (state !== 'error') state = 'not_loaded';
    },
  };
}
