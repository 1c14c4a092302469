/**
 * One company's face work never takes the engine from the others (decision 0022): a company past its share
 * of the pool gets 429 with Retry-After while another company's kiosk is served, and enrolments are limited
 * per company. Stand-in workers (face/stand-in-worker.ts) hold the analyses, so this runs on both projects.
 */
import { FACE_NOTICE_VERSION } from '@presente/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFacePool, type FacePool } from '../../face/pool.js';
import { release, standInWorker } from '../../face/stand-in-worker.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { ENROL_PER_COMPANY_PER_MINUTE } from './enrol.service.js';
import { type BurstFrames, pairTestKiosk, postMultipart, signConsent, signedMark } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
/** One mark's frames (a burst of 10, decision 0063) fill a company's share. */
const SHARE = 10;
const channel = `face-share-${process.pid}-${Math.random()}`;
let t: TestApp;
let pool: FacePool;
let frames: BurstFrames;
beforeAll(async () => {
  t = await createTestApp();
  pool = createFacePool({ size: 1, maxQueue: 32, maxPerTenant: SHARE, workerUrl: standInWorker(channel) });
  await pool.start();
  (t.deps as { face?: FacePool }).face = pool;
  frames = await Promise.all(
    Array.from({ length: SHARE }, (_, i) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 25 * i, g: 90, b: 90 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
  frames.frameTimes = frames.map((_, i) => i * 190).join(',');
});
afterAll(() => pool.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}
const inPool = () => pool.status().images;

/** A company with a kiosk link; marks come from its own address (the per-IP limits stay out of the way). */
async function kiosk(ip: string) {
  const admin = await t.factories.companyAdmin();
  const token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token as string;
  const paired = await pairTestKiosk(t, admin, 'Recepción', ip);
  return {
    admin,
    mark: async () => signedMark(t, token, paired, () => frames, { remoteAddress: ip }),
  };
}

describe('face engine shares per company', () => {
  it('a company that fills its share gets 429 with Retry-After; another company is served meanwhile', async () => {
    const a = await kiosk('10.22.0.1');
    const b = await kiosk('10.22.0.2');
    // A's first mark: its ten frames fill its share (the stand-in workers hold them).
    const first = a.mark();
    await until(() => inPool() === SHARE);

    const second = a.mark();
    let secondDone = false;
    second.then(() => (secondDone = true));
    // Before, the second mark's frames went into the pool too (and waited): stop at whichever comes first.
    await until(() => secondDone || inPool() > SHARE);
    expect(inPool()).toBe(SHARE);
    const refused = await second;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Tu empresa tiene demasiados análisis faciales en curso\. Intenta de nuevo en \d+ segundos\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Company B's mark is queued beside A's, not refused.
    const other = b.mark();
    let otherDone = false;
    other.then(() => (otherDone = true));
    await until(() => otherDone || inPool() === 2 * SHARE);
    expect(otherDone).toBe(false);
    release(channel);
    // Served: the stand-in finds no face, so the mark is judged (422), not refused for load (429/503).
    expect((await other).json().code).toBe('no_face');
    expect((await first).json().code).toBe('no_face');
    // With its share free again, A is served too.
    expect((await a.mark()).json().code).toBe('no_face');
  });

  it(`enrolment: past ${ENROL_PER_COMPANY_PER_MINUTE} a minute in a company, 429 with Retry-After; another company enrols`, async () => {
    release(channel); // the stand-in answers at once (no face: each attempt is judged 422, and counted)
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now); // one window for the whole test
    const enrol = (admin: TestUser, employeeId: string) =>
      postMultipart(t, `${base}/register`, admin, { employeeId, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
        { field: 'image', images: frames.slice(0, 3) },
      ]);
    const admin = await t.factories.companyAdmin();
    const employee = await t.factories.employee(admin.companyId!);
    await signConsent(t.db, employee.id);
    for (let i = 0; i < ENROL_PER_COMPANY_PER_MINUTE; i++) expect((await enrol(admin, employee.id)).statusCode).toBe(422);
    const over = await enrol(admin, employee.id);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Demasiados registros faciales en poco tiempo\. Intenta de nuevo en \d+ segundos\.$/),
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another company's admin is not limited by it, and cannot enrol the first company's employee either.
    const otherAdmin = await t.factories.companyAdmin();
    const theirs = await t.factories.employee(otherAdmin.companyId!);
    await signConsent(t.db, theirs.id);
    expect((await enrol(otherAdmin, theirs.id)).statusCode).toBe(422);
    expect((await enrol(otherAdmin, employee.id)).statusCode).toBe(404);
  });
});
