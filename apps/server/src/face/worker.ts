/**
 * Body of a face worker thread: loads the engine once, warms it, then answers pool.ts's messages one at
 * a time. Started through worker.mjs.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { type AnalyzeOptions, createEngine, InvalidImageError } from './engine.js';

export type ToWorker =
  | { type: 'analyze'; id: number; image: ArrayBuffer; opts: AnalyzeOptions }
  /** Consecutive frames of one recording, analysed in order with tracking (engine.analyzeRun, decision 0081). */
  | { type: 'analyzeRun'; id: number; images: ArrayBuffer[]; opts: AnalyzeOptions[] }
  | { type: 'stats'; id: number };
/** One frame's answer within a run. */
export type RunAnswer = { ok: true; analysis: import('./engine.js').Analysis } | { ok: false; message: string; code?: string };
export interface WorkerStats {
  numTensors: number;
  tensorBytes: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  analyses: number;
}
export type FromWorker =
  | { type: 'ready'; loadMs: number }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; analysis: import('./engine.js').Analysis }
  | { type: 'results'; id: number; answers: RunAnswer[] }
  | { type: 'error'; id: number; message: string; code?: string }
  | { type: 'stats'; id: number; stats: WorkerStats };

const port = parentPort;
if (!port) throw new Error('worker.ts runs inside a worker thread');
const send = (m: FromWorker) => port.postMessage(m);

try {
  const started = performance.now();
  const engine = await createEngine();
  await engine.warmup();
  let analyses = 0;
  port.on('message', async (m: ToWorker) => {
    if (m.type === 'stats') {
      const mem = process.memoryUsage();
      const t = engine.memory();
      send({
        type: 'stats',
        id: m.id,
        stats: {
          numTensors: t.numTensors,
          tensorBytes: t.numBytes,
          heapUsed: mem.heapUsed,
          external: mem.external,
          arrayBuffers: mem.arrayBuffers,
          rss: mem.rss,
          analyses,
        },
      });
      return;
    }
    if (m.type === 'analyzeRun') {
      const settled = await engine.analyzeRun(
        m.images.map((b) => new Uint8Array(b)),
        m.opts,
      );
      analyses += settled.length;
      const answers = settled.map((r): RunAnswer => {
        if (r.status === 'fulfilled') return { ok: true, analysis: r.value };
        const err = r.reason;
        return { ok: false, message: err instanceof Error ? err.message : String(err), code: err instanceof InvalidImageError ? err.code : undefined };
      });
      send({ type: 'results', id: m.id, answers });
      return;
    }
    try {
      const analysis = await engine.analyze(new Uint8Array(m.image), m.opts);
      analyses++;
      send({ type: 'result', id: m.id, analysis });
    } catch (err) {
      const code = err instanceof InvalidImageError ? err.code : undefined;
      send({ type: 'error', id: m.id, message: err instanceof Error ? err.message : String(err), code });
    }
  });
  send({ type: 'ready', loadMs: Math.round(performance.now() - started) });
} catch (err) {
  send({ type: 'fatal', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
