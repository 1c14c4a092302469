/**
 * Tests only: a stand-in for the face worker (no engine, no models) that the pool starts like the real one.
 * It holds every analysis until the test opens its gate (`release(name)`), then answers each at once with no
 * face; the answer's `width` is the image's first byte, so a test can tell which image was served when; its `digest`
 * names the worker thread that served it, its `ms` is how many analyses that thread had started by then (1 for its
 * first) and its `level` is the one the options ask for. A run (`analyzeRun`) is one analysis: each frame's `ms` is the
 * run's, and `found` says 'detector' for its first frame, 'tracked' for the others.
 */
const CODE = (channel: string) => `
import { parentPort, threadId } from 'node:worker_threads';
const held = [];
let open = false;
let started = 0;
const answer = (m) => {
  if (m.type === 'stats') return parentPort.postMessage({ type: 'stats', id: m.id, stats: { numTensors: 0, tensorBytes: 0, heapUsed: 0, external: 0, arrayBuffers: 0, rss: 0, analyses: 0 } });
  const one = (image, opts, found) => ({
    faces: [],
    level: opts.level ?? (opts.descriptors === 'none' ? 'lite' : 'full'),
    width: new Uint8Array(image)[0] ?? 0,
    height: 1,
    ms: m.seq,
    digest: 'thread-' + threadId,
    found,
  });
  if (m.type === 'analyzeRun')
    return parentPort.postMessage({ type: 'results', id: m.id, answers: m.images.map((image, i) => ({ ok: true, analysis: one(image, m.opts[i], i ? 'tracked' : 'detector') })) });
  parentPort.postMessage({ type: 'result', id: m.id, analysis: one(m.image, m.opts) });
};
const gate = new BroadcastChannel(${JSON.stringify(channel)});
gate.onmessage = () => {
  open = true;
  for (const m of held.splice(0)) answer(m);
};
gate.unref();
parentPort.on('message', (m) => {
  if (m.type !== 'stats') m.seq = ++started;
  return open || m.type === 'stats' ? answer(m) : held.push(m);
});
parentPort.postMessage({ type: 'ready', loadMs: 0 });
`;

/** The worker script for `createFacePool({ workerUrl })`; `channel` names its gate. */
export const standInWorker = (channel: string) => new URL(`data:text/javascript,${encodeURIComponent(CODE(channel))}`);

/** Opens the gate of the stand-in workers on `channel`: what they hold is answered, and from then on at once. */
export function release(channel: string): void {
  const gate = new BroadcastChannel(channel);
  gate.postMessage('open');
  gate.close();
}
