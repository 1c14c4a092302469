/** The punch admission gate (decision 0056) on a fake clock: turns, refusals with Retry-After, and what it learns. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors.js';
import { createPunchAdmission, MAX_RETRY_AFTER_S } from './punch-admission.js';

let clock = 0;
const now = () => clock;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
});
afterEach(() => vi.useRealTimers());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect(e.code).toBe('service_unavailable');
  expect(e.messageKey).toBe('attendance.busy');
  return e.params.retryAfter as number;
};

describe('punch admission', () => {
  it('runs `concurrency` punches at once and the next in arrival order when one ends', async () => {
    const gate = createPunchAdmission({ concurrency: 2, initialMs: 100, now, jitterSeconds: 0 });
    const a = await gate.admit(clock + 4500);
    const b = await gate.admit(clock + 4500);
    const order: string[] = [];
    const c = gate.admit(clock + 4500).then((end) => (order.push('c'), end));
    const d = gate.admit(clock + 4500).then((end) => (order.push('d'), end));
    await Promise.resolve();
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2 });
    expect(order).toEqual([]);
    clock += 100;
    a();
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses at once, with the seconds the queue needs, a punch that could not finish before its deadline', async () => {
    const gate = createPunchAdmission({ concurrency: 1, initialMs: 1000, now, jitterSeconds: 0 });
    await gate.admit(clock + 4500); // running: done in about 1 s
    const waiting = [gate.admit(clock + 4500), gate.admit(clock + 4500), gate.admit(clock + 4500)]; // finish at 2, 3, 4 s
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 3 });
    // A fifth would finish at 5 s, after its 4.5 s: refused without waiting, told to come back when the four are done.
    expect(await refusal(gate.admit(clock + 4500))).toBe(4);
    expect(gate.stats().waiting).toBe(3);
    for (const w of waiting) w.catch(() => {});
  });

  it('refuses a waiting punch as soon as it can no longer be done in time, not when its client has given up', async () => {
    const gate = createPunchAdmission({ concurrency: 1, initialMs: 500, now, jitterSeconds: 0 });
    const running = await gate.admit(clock + 4500);
    const waiter = gate.admit(clock + 2000);
    const outcome = refusal(waiter);
    // The running punch takes far longer than planned: at 1.5 s the waiter could still finish (500 ms) by 2 s ...
    clock += 1400;
    await vi.advanceTimersByTimeAsync(1400);
    expect(gate.stats().waiting).toBe(1);
    // ... at 1.5 s it no longer can: refused then, with half a second to spare for the answer.
    clock += 100;
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBeGreaterThanOrEqual(1);
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 0 });
    running();
  });

  it('gives a punch its try when nothing runs, however slow the last ones were', async () => {
    const gate = createPunchAdmission({ concurrency: 2, initialMs: 50, now, jitterSeconds: 0 });
    const end = await gate.admit(clock + 4500);
    clock += 60_000; // one punch took a minute
    end();
    expect(gate.stats().averageMs).toBeGreaterThan(4500);
    const next = await gate.admit(clock + 4500); // refused for ever otherwise: no punch would run to lower the average
    expect(gate.stats().running).toBe(1);
    // With one running and an average past the deadline, the next is refused, and Retry-After stays within bounds.
    expect(await refusal(gate.admit(clock + 4500))).toBeLessThanOrEqual(MAX_RETRY_AFTER_S);
    next();
  });

  it('learns the time of a punch from the punches it ran', async () => {
    const gate = createPunchAdmission({ concurrency: 1, initialMs: 100, now, jitterSeconds: 0 });
    for (let i = 0; i < 20; i++) {
      const end = await gate.admit(clock + 4500);
      clock += 20;
      end();
    }
    expect(gate.stats().averageMs).toBeLessThan(25);
  });
});
