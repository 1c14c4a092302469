import { randomBytes } from 'node:crypto';
import { FACE_NOTICE_VERSION } from '@presente/shared';
import { until } from '@presente/shared/testing';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceProfiles } from '../db/schema/index.js';
import { scriptedEngine } from '../modules/face/scripted-engine.js';
import { postMultipart, signConsent } from '../modules/face/test-helpers.js';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestUser } from '../test/factories.js';
import { DEFAULT_TENANT_SHARE, FacePoolError } from './pool.js';
import { PRESENCE_EVERY_MS, sayGone, sayPresent } from './queue.js';
import { serveFaceQueue } from './queue-worker.js';
import { createRemoteFacePool } from './remote-pool.js';

/**
 * The face queue in one process (decision 0065): a web side (remote-pool.ts) and a face side (queue-worker.ts) on the
 * real Redis, the scripted engine behind the face side, so the enrolment's rules and both databases run in seconds.
 * The child processes with the real engine are test/process-roles.test.ts.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the face queue`);

const base = '/api/company-admin-simple/face-recognition';
const log = pino({ level: 'silent' });

describe.skipIf(!redisUp)('the face queue between a web process and face processes', () => {
  const name = `test-face-${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const connect = () => {
    const c = new Redis(redisUrl, { maxRetriesPerRequest: null });
    clients.push(c);
    return c;
  };
  const engine = scriptedEngine();
  let t: TestApp;
  let queue: Queue;
  const closing: (() => Promise<unknown>)[] = [];
  const remote = (timeoutMs = 10_000, orphanGraceMs = 0) => {
    const pool = createRemoteFacePool({ connect, presence: probe, timeoutMs, queue: name, log, capacityTtlMs: 0, orphanGraceMs });
    closing.push(() => pool.close());
    (t.deps as { face?: typeof pool }).face = pool;
    return pool;
  };
  const enrol = async (admin: TestUser, lang = 'es') => {
    const employee = await t.factories.employee(admin.companyId!);
    await signConsent(t.db, employee.id);
    const images = [await engine.frame({ person: employee.id, size: 160 }), await engine.frame({ person: employee.id, size: 200 })];
    images.push(await engine.frame({ person: employee.id, size: 180, yaw: 4 }));
    const fields = { employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION };
    const res = await postMultipart(t, `${base}/register`, admin, fields, [{ field: 'image', images }], { 'accept-language': lang });
    return { res, employeeId: employee.id };
  };

  beforeAll(async () => {
    t = await createTestApp();
    queue = new Queue(name, { connection: connect() });
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await queue.obliterate({ force: true });
  });
  afterAll(async () => {
    await queue.close();
    for (const c of clients) c.disconnect();
    probe.disconnect();
  });

  it('enrols through the queue: the face process answers with the analyses, typed arrays intact', async () => {
    const worker = serveFaceQueue({ pool: engine.pool, connect, presence: probe, concurrency: 2, queue: name, log });
    closing.push(() => worker.close());
    await worker.start();
    const pool = remote();
    const admin = await t.factories.companyAdmin();
    const { res, employeeId } = await enrol(admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ employeeId, templates: 3 });

    const image = await engine.frame({ person: 'round-trip', size: 150 });
    const direct = await engine.pool.analyze(image);
    const queued = await pool.analyze(image, {}, admin.companyId!);
    expect(queued.faces[0].descriptor).toBeInstanceOf(Float32Array);
    expect(queued.faces[0].thumb).toBeInstanceOf(Uint8Array);
    expect(queued).toEqual(direct);
    expect(pool.status()).toMatchObject({ state: 'ready', workers: 1, size: 2 });
  });

  it("keeps each frame's options through the queue: a burst's described frames get a descriptor, the others none (decision 0070)", async () => {
    const worker = serveFaceQueue({ pool: engine.pool, connect, presence: probe, concurrency: 2, queue: name, log });
    closing.push(() => worker.close());
    await worker.start();
    const pool = remote();
    const frames = await Promise.all(Array.from({ length: 6 }, (_, i) => engine.frame({ person: 'burst', size: 150 + i })));
    const described = new Set([1, 4]);
    const settled = await pool.analyzeBatch(frames, 'company-burst', (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }));
    // Before: the function was lost in the job's JSON and every frame was described.
    expect(settled.map((r) => r.status === 'fulfilled' && r.value.faces[0].descriptor !== null)).toEqual([false, true, false, false, true, false]);
  });

  it('sends a recording as one job per run of frames, and answers each frame in order with its own options (decisions 0081, 0082)', async () => {
    const worker = serveFaceQueue({ pool: engine.pool, connect, presence: probe, concurrency: 2, queue: name, log });
    closing.push(() => worker.close());
    await worker.start();
    const pool = remote();
    const frames = await Promise.all(Array.from({ length: 32 }, (_, i) => engine.frame({ person: 'recording', size: 150 + i })));
    const described = new Set([0, 6, 13, 30]);
    const settled = await pool.analyzeBatch(frames, 'company-recording', (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }), { sequence: true });
    expect(settled.map((r) => r.status === 'fulfilled' && r.value.faces[0].size)).toEqual(frames.map((_, i) => 150 + i));
    expect(settled.map((r) => r.status === 'fulfilled' && r.value.faces[0].descriptor !== null)).toEqual(frames.map((_, i) => described.has(i)));
    const jobs = await queue.getJobs(['completed']);
    const runs = jobs.map((j) => (j.data as { run?: { images: string[] } }).run?.images.length).sort((a, b) => (a ?? 0) - (b ?? 0));
    // [0-15], [16-31]: two jobs of a run each (a described frame does not cut one), not 32 of an image.
    expect(runs).toEqual([16, 16]);
  });

  it('sheds with 503 face_busy and a Retry-After when the queue is deeper than it can answer in time, and changes nothing', async () => {
    // One face process, one image at a time, 4 s an image; three images already waiting: 16 s for one more, over 10 s.
    await sayPresent(probe, name, 'slow-face', { concurrency: 1, averageMs: 4_000 });
    closing.push(() => sayGone(probe, name, 'slow-face'));
    for (let i = 0; i < 3; i++) await queue.add('analyze', { image: '', opts: {}, tenant: 'other', deadline: Date.now() + 60_000 });
    const pool = remote(10_000);
    const admin = await t.factories.companyAdmin();
    const es = await enrol(admin, 'es');
    expect(es.res.statusCode).toBe(503);
    expect(es.res.headers['retry-after']).toBe('12');
    expect(es.res.json()).toMatchObject({
      code: 'face_busy',
      message: 'El reconocimiento facial está muy solicitado en este momento. Intenta de nuevo en 12 segundos.',
    });
    const en = await enrol(admin, 'en');
    expect(en.res.json().message).toBe('Face recognition is very busy right now. Try again in 12 seconds.');
    expect(await t.db.select().from(faceProfiles).where(eq(faceProfiles.employeeId, es.employeeId))).toEqual([]);
    expect((await queue.getJobCounts('wait')).wait).toBe(3); // nothing of the refused request was queued
    // Another company is shed the same way: the depth is the platform's, not one company's.
    const other = await t.factories.companyAdmin();
    expect((await enrol(other, 'en')).res.json().code).toBe('face_busy');
    await expect(pool.analyze(Buffer.from('x'), {}, 'any')).rejects.toMatchObject({ code: 'overloaded', retryAfter: 12 });
  });

  it("refuses at once with face_unavailable when no face process is alive, and one company's full share leaves the others served", async () => {
    const pool = remote();
    const admin = await t.factories.companyAdmin();
    const none = await enrol(admin, 'en');
    expect(none.res.statusCode).toBe(503);
    expect(none.res.json()).toMatchObject({ code: 'face_unavailable' });
    await expect(pool.analyze(Buffer.from('x'))).rejects.toBeInstanceOf(FacePoolError);

    // A face process that never answers (present, but nothing takes the jobs): company A fills its share (one kiosk burst).
    await sayPresent(probe, name, 'stuck-face', { concurrency: 64, averageMs: 10 });
    closing.push(() => sayGone(probe, name, 'stuck-face'));
    const frame = await engine.frame({ person: 'share', size: 150 });
    const held = pool.analyzeBatch(
      Array.from({ length: DEFAULT_TENANT_SHARE }, () => frame),
      'company-a',
    );
    held.catch(() => {});
    await until(
      'a share of images of company A queued',
      async () => ((await queue.getJobCounts('prioritized', 'wait')).prioritized ?? 0) >= DEFAULT_TENANT_SHARE,
      {
        withinMs: 2000,
        everyMs: 10,
      },
    );
    await expect(pool.analyze(frame, {}, 'company-a')).rejects.toMatchObject({ code: 'tenant_busy' });
    // Company B is not refused, and its image waits beside A's first, not behind all of A's (priority by what each has in flight).
    const b = pool.analyze(frame, {}, 'company-b');
    b.catch(() => {});
    await until("company B's image queued", async () => ((await queue.getJobCounts('prioritized', 'wait')).prioritized ?? 0) >= DEFAULT_TENANT_SHARE + 1, {
      withinMs: 2000,
      everyMs: 10,
    });
    const order = (await queue.getJobs(['prioritized'], 0, -1, true)).map((j) => j.data.tenant);
    expect(order.slice(0, 2).sort()).toEqual(['company-a', 'company-b']); // not the last, behind all of A's
  });
  it('with a grace, queued images wait for a replacement face process; past the grace with none, unavailable', async () => {
    // The pool looks every PRESENCE_EVERY_MS (2 s): the last look that saw the first one was at most 2 s before its death.
    const GRACE = 5_000;
    const pool = remote(30_000, GRACE);
    await sayPresent(probe, name, 'first-face', { concurrency: 1, averageMs: 10 });
    const frame = await engine.frame({ person: 'grace', size: 150 });
    const waiting = pool.analyze(frame, {}, 'company-a');
    let refusedAt = 0;
    waiting.catch(() => (refusedAt = Date.now()));
    await until('the image is queued', async () => ((await queue.getJobCounts('prioritized', 'wait')).prioritized ?? 0) >= 1, { withinMs: 2000, everyMs: 10 });
    // The first one dies; its replacement says it is there within the grace: the image still waits.
    await sayGone(probe, name, 'first-face');
    const gone = Date.now();
    await until('a presence round after the death', async () => Date.now() - gone > PRESENCE_EVERY_MS * 1.25, { withinMs: 5_000, everyMs: 50 });
    await sayPresent(probe, name, 'replacement', { concurrency: 1, averageMs: 10 });
    await until('two more presence rounds', async () => Date.now() - gone > GRACE + PRESENCE_EVERY_MS * 2, { withinMs: 10_000, everyMs: 50 });
    expect(refusedAt).toBe(0);
    // The replacement goes too and nobody comes: unavailable once the grace has passed, not at the 30 s timeout.
    await sayGone(probe, name, 'replacement');
    const t0 = Date.now();
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(GRACE - PRESENCE_EVERY_MS);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });

  it('ends the wait with unavailable when the last face process vanishes while images wait, not after the whole timeout', async () => {
    const pool = remote(30_000);
    // A face process said it was there, then died without a word (killed): its presence lasts until its key expires.
    await sayPresent(probe, name, 'dying-face', { concurrency: 1, averageMs: 10 });
    const frame = await engine.frame({ person: 'orphan', size: 150 });
    const t0 = Date.now();
    const waiting = pool.analyze(frame, {}, 'company-a');
    waiting.catch(() => {});
    await until('the image is queued', async () => ((await queue.getJobCounts('prioritized', 'wait')).prioritized ?? 0) >= 1, { withinMs: 2000, everyMs: 10 });
    await sayGone(probe, name, 'dying-face'); // what its key's expiry does, at once
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable' });
    // Within a presence round or two of the process going, far from the 30 s timeout; the image leaves the queue.
    expect(Date.now() - t0).toBeLessThan(10_000);
    await until('the orphaned image left the queue', async () => ((await queue.getJobCounts('prioritized', 'wait')).prioritized ?? 0) === 0, {
      withinMs: 2000,
      everyMs: 20,
    });
  });
});
