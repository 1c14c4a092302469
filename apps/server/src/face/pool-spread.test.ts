/** One mark's frames over every worker, the full analyses first (decision 0070): stand-in workers, both projects. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Analysis, AnalyzeOptions } from './engine.js';
import { createFacePool } from './pool.js';
import { release, standInWorker } from './stand-in-worker.js';
import { runsOf } from './track.js';

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

describe('a recording in runs (decisions 0081, 0082)', () => {
  it('cuts a burst every 16 frames, whatever frames are described: a 32-frame burst is one run per worker', () => {
    const lite: AnalyzeOptions = { descriptors: 'none' };
    const full: AnalyzeOptions = { descriptors: 'single' };
    const burst = (described: number[], n = 24) => Array.from({ length: n }, (_, i) => (described.includes(i) ? full : lite));
    expect(runsOf(burst([0, 8, 16, 24], 32))).toEqual([Array.from({ length: 16 }, (_, i) => i), Array.from({ length: 16 }, (_, i) => 16 + i)]);
    expect(runsOf(burst([3, 8, 14, 20])).map((r) => r.length)).toEqual([16, 8]);
    expect(runsOf(burst([0], 40)).map((r) => r.length)).toEqual([16, 16, 8]);
    expect(runsOf([])).toEqual([]);
  });

  const channel = `pool-runs-${process.pid}-${Math.random()}`;
  const pool = createFacePool({ size: 2, maxQueue: 48, maxPerTenant: 24, workerUrl: standInWorker(channel) });
  afterAll(() => pool.close());

  it('sends each run to one worker as one task, both workers serving the burst; answers in order; the share counts frames', async () => {
    await pool.start();
    const described = new Set([3, 8, 14, 20]);
    const asked = pool.analyzeBatch(
      Array.from({ length: 24 }, (_, i) => image(i)),
      'company-a',
      (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }),
      { sequence: true },
    );
    await until(() => pool.status().busy === 2);
    // The burst's 24 frames fill the company's share while they run, though they are 2 tasks.
    await expect(pool.analyze(image(99), {}, 'company-a')).rejects.toMatchObject({ code: 'tenant_busy' });
    expect(pool.status()).toMatchObject({ queued: 0, images: 24 });
    release(channel);
    const answers = (await asked).map((r) => (r as PromiseFulfilledResult<Analysis>).value);
    expect(answers.map((a) => a.width)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(answers.map((a) => a.level)).toEqual(answers.map((_, i) => (described.has(i) ? 'full' : 'lite')));
    // One task per run: its frames share the worker and the task's number; the first of each run was detected.
    const firsts = [0, 16];
    expect(answers.map((a) => a.found)).toEqual(answers.map((_, i) => (firsts.includes(i) ? 'detector' : 'tracked')));
    for (const [k, from] of firsts.entries()) {
      const run = answers.slice(from, firsts[k + 1] ?? 24);
      expect(new Set(run.map((a) => `${a.digest}/${a.ms}`)).size).toBe(1);
    }
    expect(new Set(answers.map((a) => a.digest)).size).toBe(2);
    // Done: the share is free again.
    await expect(pool.analyze(image(98), {}, 'company-a')).resolves.toMatchObject({ width: 98 });
  });
});
