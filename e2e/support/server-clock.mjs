// A test clock for a server an e2e starts itself (never loaded by the product): preloaded with
// NODE_OPTIONS=--import, it moves the process's Date by the milliseconds written in E2E_CLOCK_FILE,
// re-read whenever the file changes. Timers and performance.now are left alone. Used by qr-punch.e2e.ts
// to make a shown code expire without waiting a minute.
//
// Node runs this preload again in every worker thread (the face pool's workers too). Only the main thread
// starts the file at 0: a worker started after the test moved the clock used to write 0 over the move, and
// the server's clock jumped forward by the move (face.e2e.ts's registration was refused `captcha_expired`).
// A read that lands between writeFileSync's truncation and its write sees an empty file: it keeps the offset.
import { readFileSync, watch, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const Real = Date;
  let offset = 0;
  const read = () => {
    try {
      const text = readFileSync(file, 'utf8').trim();
      if (text !== '') offset = Number(text) || 0;
    } catch {
      offset = 0;
    }
  };
  if (isMainThread) writeFileSync(file, '0');
  else read();
  watch(file, { persistent: false }, read);
  const now = () => Real.now() + offset;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    get: (target, prop, receiver) => (prop === 'now' ? now : Reflect.get(target, prop, receiver)),
  });
}
