/** One mark's frames over every worker, the full analyses first (decision 0070): stand-in workers, both projects. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Analysis } from './engine.js';
import { createFacePool } from './pool.js';
import { release, standInWorker } from './stand-in-worker.js';

const image = (label: number) => new Uint8Array([label, 0, 0]);
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a burst spread over the face workers (decision 0070)', () => {
  const channel = `pool-spread-${process.pid}-${Math.random()}`;
  const pool = createFacePool({ size: 2, maxQueue: 32, maxPerTenant: 16, workerUrl: standInWorker(channel) });
  afterAll(() => pool.close());

  it("gives each worker one of the request's full analyses first, then the lite ones to whichever is free; answers in the request's order", async () => {
    await pool.start();
    const described = new Set([5, 11]);
    const asked = pool.analyzeBatch(
      Array.from({ length: 12 }, (_, i) => image(i)),
      'company-a',
      (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }),
    );
    await until(() => pool.status().busy === 2);
    release(channel);
    const answers = (await asked).map((r) => (r as PromiseFulfilledResult<Analysis>).value);
    expect(answers.map((a) => a.width)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(answers.map((a) => a.level)).toEqual(answers.map((_, i) => (described.has(i) ? 'full' : 'lite')));
    // The two full analyses were each worker's first (before: frames 0 and 1 were, and frame 11 came last).
    expect([answers[5].ms, answers[11].ms]).toEqual([1, 1]);
    expect(answers[5].digest).not.toBe(answers[11].digest);
    // Both workers served the burst.
    expect(new Set(answers.map((a) => a.digest)).size).toBe(2);
  });
});
