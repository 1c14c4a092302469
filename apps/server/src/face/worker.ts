/**
 * Body of a face worker thread: loads the engine once, warms it, then answers pool.ts's messages one at
 * a time. Started through worker.mjs.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { type AnalyzeOptions, createEngine, InvalidImageError } from './engine.js';

export type ToWorker = { type: 'analyze'; id: number; image: ArrayBuffer; opts: AnalyzeOptions } | { type: 'stats'; id: number };
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
