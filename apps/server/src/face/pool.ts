/**
 * A pool of face worker threads (one engine each; FACE_WORKERS or one per core) with a FIFO queue.
 * Created idle; `start()` (or the first `analyze()`) spawns and warms the workers; `ready` settles
 * when all are warm; `status()` feeds the health check and the super admin status block.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Analysis, AnalyzeOptions } from './engine.js';
import type { FromWorker, ToWorker, WorkerStats } from './worker.js';

export type { WorkerStats };

export interface FacePoolOptions {
  /** Worker threads; default FACE_WORKERS, else the number of cores. */
  size?: number;
  /** Requests waiting beyond this are refused at once (FacePoolError 'busy'). */
  maxQueue?: number;
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
  queued: number;
  error?: string;
}

export class FacePoolError extends Error {
  constructor(
    readonly code: 'busy' | 'invalid_image' | 'unavailable' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export interface FacePool {
  start(): Promise<void>;
  /** Settles when every worker is warm (rejects if the engine cannot load). Does not start the pool. */
  readonly ready: Promise<void>;
  analyze(image: Uint8Array, opts?: AnalyzeOptions): Promise<Analysis>;
  status(): FacePoolStatus;
  /** Tensor count and memory of each warm worker. */
  stats(): Promise<WorkerStats[]>;
  close(): Promise<void>;
}

interface Task {
  id: number;
  message: ToWorker;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer?: NodeJS.Timeout;
}

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

export function defaultPoolSize(env = process.env): number {
  const n = Number(env.FACE_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : availableParallelism();
}

export function createFacePool(opts: FacePoolOptions = {}): FacePool {
  const size = opts.size ?? defaultPoolSize();
  const maxQueue = opts.maxQueue ?? 64;
  const taskTimeoutMs = opts.taskTimeoutMs ?? 20_000;
  const slots = new Set<Slot>();
  const queue: Task[] = [];
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
    for (const t of queue.splice(0)) t.reject(new FacePoolError('unavailable', message));
  }

  function spawn(): void {
    const worker = new Worker(WORKER_URL, { execArgv: [], name: 'face' });
    const slot: Slot = { worker, ready: false, task: null };
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
      if (m.type === 'error') task.reject(new FacePoolError(m.code === 'invalid_image' ? 'invalid_image' : 'failed', m.message));
      else task.resolve(m.type === 'result' ? m.analysis : m.stats);
      pump();
    });
    worker.on('error', (err) => opts.log?.error({ err }, 'face worker error'));
    worker.on('exit', (code) => {
      slots.delete(slot);
      clearTimeout(slot.timer);
      if (slot.ready) warm--;
      slot.task?.reject(new FacePoolError('failed', `face worker exited (${code})`));
      if (closed) return;
      if (!slot.ready) return fail(`face worker exited while loading (${code})`);
      opts.log?.error({ code }, 'face worker exited; starting another');
      spawn();
    });
  }

  function pump(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.task || queue.length === 0) continue;
      const task = queue.shift()!;
      slot.task = task;
      if (task.message.type === 'analyze')
        slot.timer = setTimeout(() => {
          task.reject(new FacePoolError('timeout', `face analysis took more than ${taskTimeoutMs} ms`));
          slot.task = null;
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

  function enqueue<T>(make: (id: number) => ToWorker, transfer: ArrayBuffer[] = []): Promise<T> {
    if (closed) return Promise.reject(new FacePoolError('unavailable', 'the face pool is closed'));
    if (state === 'error') return Promise.reject(new FacePoolError('unavailable', error ?? 'face engine failed'));
    if (queue.length >= maxQueue) return Promise.reject(new FacePoolError('busy', 'too many face requests waiting'));
    void start();
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      queue.push({ id, message: make(id), transfer, resolve: resolve as (v: unknown) => void, reject });
      pump();
    });
  }

  return {
    start,
    ready,
    analyze(image, analyzeOpts = {}) {
      const copy = new Uint8Array(image).buffer; // the caller's Buffer may be a slice of a shared pool
      return enqueue<Analysis>((id) => ({ type: 'analyze', id, image: copy, opts: analyzeOpts }), [copy]);
    },
    status: () => ({
      state,
      workers: warm,
      size,
      busy: [...slots].filter((s) => s.task).length,
      queued: queue.length,
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
      for (const t of queue.splice(0)) t.reject(new FacePoolError('unavailable', 'the face pool is closed'));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      if (state === 'loading') settle.reject(new FacePoolError('unavailable', 'the face pool is closed'));
      if (state !== 'error') state = 'not_loaded';
    },
  };
}
