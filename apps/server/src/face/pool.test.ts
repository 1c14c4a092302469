/** The worker pool end to end with one worker (no database: PGlite project only). */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { frameOf, listFixtures, testFixturesDir } from './fixtures.js';
import { createFacePool, defaultPoolSize, FacePoolError } from './pool.js';

const SLOW = 240_000;

describe.skipIf(process.env.TEST_DB === 'postgres')('face worker pool', () => {
  const pool = createFacePool({ size: 1 });
  afterAll(() => pool.close());

  it('sizes itself from FACE_WORKERS or the cores', () => {
    expect(defaultPoolSize({ FACE_WORKERS: '3' })).toBe(3);
    expect(defaultPoolSize({ FACE_WORKERS: 'x' })).toBeGreaterThanOrEqual(1);
  });

  it(
    'starts only when asked, then reports ready',
    async () => {
      expect(pool.status()).toMatchObject({ state: 'not_loaded', workers: 0, size: 1 });
      const started = pool.start();
      expect(pool.status().state).toBe('loading');
      await started;
      await pool.ready;
      expect(pool.status()).toMatchObject({ state: 'ready', workers: 1, busy: 0, queued: 0 });
    },
    SLOW,
  );

  it(
    'analyses queued frames and answers invalid images with invalid_image',
    async () => {
      const grey = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 90, b: 90 } } })
        .jpeg()
        .toBuffer();
      const results = await Promise.all([pool.analyze(grey), pool.analyze(grey), pool.analyze(grey)]);
      for (const r of results) expect(r).toMatchObject({ faces: [], width: 640, height: 480 });
      await expect(pool.analyze(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'invalid_image' });
      await expect(pool.analyze(Buffer.from('not an image'))).rejects.toBeInstanceOf(FacePoolError);
      const [stats] = await pool.stats();
      expect(stats.analyses).toBe(3);
      expect(stats.numTensors).toBeGreaterThan(0);
    },
    SLOW,
  );

  const dir = testFixturesDir();
  it.skipIf(!dir)(
    'returns descriptors as Float32Array across the thread boundary',
    async () => {
      const path = listFixtures(dir!).identities.get('stock-a')![0];
      const a = await pool.analyze(await frameOf(path));
      expect(a.faces).toHaveLength(1);
      expect(a.faces[0].descriptor).toBeInstanceOf(Float32Array);
      expect(a.faces[0].thumb).toBeInstanceOf(Uint8Array);
    },
    SLOW,
  );

  it('closes', async () => {
    await pool.close();
    expect(pool.status().state).toBe('not_loaded');
    await expect(pool.analyze(Buffer.alloc(1))).rejects.toMatchObject({ code: 'unavailable' });
  });
});
