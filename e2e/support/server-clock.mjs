// A test clock for a server an e2e starts itself (never loaded by the product): preloaded with
// NODE_OPTIONS=--import, it moves the process's Date by the milliseconds written in E2E_CLOCK_FILE,
// re-read whenever the file changes. Timers and performance.now are left alone. Used by qr-punch.e2e.ts
// to make a shown code expire without waiting a minute.
import { readFileSync, watch, writeFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const Real = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  writeFileSync(file, '0');
  watch(file, { persistent: false }, read);
  const now = () => Real.now() + offset;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    get: (target, prop, receiver) => (prop === 'now' ? now : Reflect.get(target, prop, receiver)),
  });
}
