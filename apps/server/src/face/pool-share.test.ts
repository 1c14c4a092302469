/** The pool's shares per tenant, with stand-in workers (no engine): runs on both projects. */
import { afterAll, describe, expect, it } from 'vitest';
import { createFacePool, FacePoolError } from './pool.js';
import { release, standInWorker } from './stand-in-worker.js';

const image = (label: number) => new Uint8Array([label, 0, 0]);
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('face pool shares (decision 0022)', () => {
  const channel = `pool-share-${process.pid}-${Math.random()}`;
  const pool = createFacePool({ size: 1, maxQueue: 32, maxPerTenant: 6, workerUrl: standInWorker(channel) });
  afterAll(() => pool.close());

  it("a tenant past its share is refused at once (tenant_busy, with a retry time); another tenant is queued and served in turn, not after the first one's backlog", async () => {
    await pool.start();
    const served: number[] = [];
    // One promise per image, so the order they are answered in is seen (the batch form answers all at the end).
    const each = (labels: number[], tenant: string) =>
      Promise.all(labels.map((label) => pool.analyze(image(label), {}, tenant).then((r) => served.push(r.width))));
    // Tenant A: 6 images fill its share (1 running, 5 waiting).
    const a = each([1, 2, 3, 4, 5, 6], 'company-a');
    await until(() => pool.status().busy + pool.status().queued === 6);
    // Its next request is refused whole, before any image is queued (before: queued, and waiting).
    let answered = false;
    const asked = pool.analyzeBatch([7].map(image), 'company-a').then(
      (r) => r,
      (err: unknown) => err,
    );
    asked.then(() => (answered = true));
    await until(() => answered || pool.status().queued > 5);
    expect(pool.status().queued).toBe(5);
    const refused = await asked;
    expect(refused).toBeInstanceOf(FacePoolError);
    expect(refused).toMatchObject({ code: 'tenant_busy' });
    expect((refused as FacePoolError).retryAfter).toBeGreaterThanOrEqual(1);
    await expect(pool.analyze(image(8), {}, 'company-a')).rejects.toMatchObject({ code: 'tenant_busy' });

    // Tenant B still gets in, and takes turns with A instead of waiting behind A's five.
    const b = each([11, 12, 13], 'company-b');
    expect(pool.status().queued).toBe(8);
    release(channel);
    await Promise.all([a, b]);
    expect(served).toHaveLength(9);
    // 1 was already running; then A and B alternate while both have work.
    expect(served.slice(0, 7)).toEqual([1, 2, 11, 3, 12, 4, 13]);
    // With its share free again, A is served.
    const again = await pool.analyzeBatch([9].map(image), 'company-a');
    expect(again[0]).toMatchObject({ status: 'fulfilled', value: { width: 9 } });
    expect(pool.status()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('the whole queue still has its bound: past maxQueue every tenant gets busy', async () => {
    const small = createFacePool({ size: 1, maxQueue: 6, maxPerTenant: 6, workerUrl: standInWorker(`${channel}-small`) });
    try {
      await small.start();
      const first = small.analyzeBatch([1, 2, 3, 4, 5, 6].map(image), 'a');
      const second = small.analyzeBatch([1].map(image), 'b');
      await until(() => small.status().busy === 1);
      await expect(small.analyzeBatch([1, 2].map(image), 'c')).rejects.toMatchObject({ code: 'busy' });
      release(`${channel}-small`);
      expect(await first).toHaveLength(6);
      expect(await second).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});
