/**
 * Enrolment and the kiosk end to end through the API with the real engine (one worker) on the shared
 * face fixtures; skipped with a message when they are absent. The engine's answers do not depend on the
 * database, so this runs in the PGlite project only (the database paths are covered on both by
 * face-data.test.ts and kiosk-guard.test.ts with a scripted engine).
 */
import { FACE_NOTICE_VERSION } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, employees, faceConsents, faceTemplates } from '../../db/schema/index.js';
import { frameOf, listFixtures, testFixturesDir } from '../../face/fixtures.js';
import { DEFAULT_THRESHOLD, euclidean } from '../../face/match.js';
import { createFacePool, type FacePool } from '../../face/pool.js';
import { checkCapture } from '../../face/quality.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { kioskChallenge, movedFrame, pairTestKiosk, postMultipart, signConsent, signedMark, type TestKiosk } from './test-helpers.js';

const dir = testFixturesDir();
const onPostgres = process.env.TEST_DB === 'postgres';
if (!dir) console.warn('face fixtures not found (set FACE_FIXTURES_DIR or provide ../shared/faces): face API tests skipped');
const title = dir ? 'face enrolment and kiosk with the real engine' : 'face enrolment and kiosk — SKIPPED: ../shared/faces not found, set FACE_FIXTURES_DIR';
const SLOW = 240_000;
const base = '/api/company-admin-simple/face-recognition';

describe.skipIf(!dir || onPostgres)(title, () => {
  const set = dir ? listFixtures(dir) : null;
  let t: TestApp;
  let pool: FacePool;
  const frames: Record<'straight' | 'left' | 'right', Buffer> & { enrol: Buffer[]; multi: Buffer; noface: Buffer } = {} as never;
  let admin: TestUser;
  let employeeId: string;
  let employeeUser: TestUser;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    pool = createFacePool({ size: 1 });
    (t.deps as { face?: FacePool }).face = pool;
    await pool.start();
    const stockA = set!.identities.get('stock-a')!;
    // The challenge poses (measured, liveness.ts): the turned photo as is = the person's own left; mirrored = right.
    // (Photos standing in for a turn: this file tests the kiosk's plumbing with the real engine, not liveness itself.)
    frames.straight = await frameOf(stockA[0]);
    frames.left = await frameOf(stockA[1]);
    frames.right = await frameOf(stockA[1], { mirror: true });
    // Three captures that could come from one sitting: each passes the gate and they lie within the match threshold of
    // each other (decision 0057: captures further apart are two people). Different photos of her reach 0.6 apart.
    frames.enrol = [];
    const chosen: Float32Array[] = [];
    for (const path of stockA.slice(2)) {
      const img = await frameOf(path);
      const capture = checkCapture(await pool.analyze(img));
      if (!capture.ok || chosen.some((d) => euclidean(d, capture.face.descriptor) > DEFAULT_THRESHOLD)) continue;
      chosen.push(capture.face.descriptor);
      frames.enrol.push(img);
      if (frames.enrol.length === 3) break;
    }
    frames.multi = await frameOf(set!.multi[0]);
    frames.noface = await frameOf(set!.noface[0]);

    admin = await t.factories.companyAdmin();
    const employee = await t.factories.employee(admin.companyId!, { firstName: 'Ana', lastName: 'Stock' });
    [employeeId, employeeUser] = [employee.id, employee.account];
    token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Entrada' })).json().data.token;
  }, SLOW);
  afterAll(() => pool?.close());

  const register = async (images: Buffer[], id = employeeId) =>
    (await signConsent(t.db, id)) ??
    postMultipart(t, `${base}/register`, admin, { employeeId: id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [{ field: 'image', images }]);
  const templatesOf = (id: string) => t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, id));
  /** Paired kiosks by name (each one a kiosk browser the admin paired). */
  const kiosks = new Map<string, TestKiosk>();
  const kioskNamed = async (name: string, owner: TestUser) => {
    if (!kiosks.has(name)) kiosks.set(name, await pairTestKiosk(t, owner, name));
    return kiosks.get(name)!;
  };
  /**
   * Each mark's frames are the fixture photos moved by a few dozen pixels (a person never stands in exactly the
   * same place twice): frames already accepted once are refused for a day (decision 0033).
   */
  let shot = 0;
  const moved = movedFrame;
  /** A signed mark whose frames follow the challenge (or `pick` chooses them), from one paired kiosk. */
  const mark = async (
    opts: {
      link?: string;
      owner?: TestUser;
      pick?: (steps: ('straight' | 'left' | 'right')[]) => Buffer[];
      fields?: Record<string, string>;
      device?: string;
    } = {},
  ) => {
    const link = opts.link ?? token;
    const kiosk = await kioskNamed(opts.device ?? 'device-a', opts.owner ?? admin);
    const n = shot++;
    const c = (await kioskChallenge(t, link, kiosk)).json().data;
    const chosen = opts.pick ? opts.pick(c.steps) : c.steps.map((s: 'straight' | 'left' | 'right') => frames[s]);
    const images = await Promise.all(chosen.map((f: Buffer) => moved(f, n)));
    return signedMark(t, link, kiosk, () => images, { challenge: c, fields: opts.fields });
  };

  it('has three good frontal enrolment captures in the fixtures', () => {
    expect(frames.enrol).toHaveLength(3);
  });

  it(
    'refuses an enrolment with a group photo or an empty frame, naming the capture, and keeps nothing',
    async () => {
      const multi = await register([frames.enrol[0], frames.multi, frames.enrol[2]]);
      expect(multi.statusCode).toBe(422);
      expect(multi.json()).toMatchObject({
        code: 'multiple_faces',
        message: 'Se detectaron múltiples rostros. Asegúrate de que solo aparezca una persona.',
        errors: [{ path: 'image[1]' }],
      });
      const none = await register([frames.enrol[0], frames.enrol[1], frames.noface]);
      expect(none.json()).toMatchObject({
        code: 'no_face',
        message: 'No se detectó ningún rostro en la imagen. Inténtalo de nuevo.',
        errors: [{ path: 'image[2]' }],
      });
      expect(await templatesOf(employeeId)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'enrols from three captures with consent; the employee list shows the face; enrolling again replaces it',
    async () => {
      const res = await register(frames.enrol);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        message: 'Reconocimiento facial registrado exitosamente',
        data: { employeeId, templates: 3, faceData: { isActive: true } },
      });
      expect(res.json().data.faceData.confidence).toBeGreaterThan(0.3);
      const list = (await t.as(admin).get('/api/company-admin-simple/employees')).json().data;
      expect(list.find((e: { id: string }) => e.id === employeeId).faceData).toMatchObject({ isActive: true });

      expect((await register(frames.enrol)).statusCode).toBe(201);
      expect(await templatesOf(employeeId)).toHaveLength(3);
      const consents = await t.db.select().from(faceConsents).where(eq(faceConsents.employeeId, employeeId));
      // Re-enrolment rests on the worker's one signed consent (decision 0035): the enrolment writes none of its own.
      expect(consents).toHaveLength(1);
      expect(consents[0]).toMatchObject({ noticeVersion: FACE_NOTICE_VERSION, method: 'employee', withdrawnAt: null });
    },
    SLOW,
  );

  it(
    'refuses a static photo or poses in the wrong order (liveness), a position outside the geofence, and a challenge used twice',
    async () => {
      const location = await t.factories.location(admin.companyId!, { allowedRadius: 200 });
      const schedule = await t.factories.schedule(admin.companyId!, {
        locationId: location.id,
        startTime: '00:00',
        endTime: '23:59',
        workDays: '1,2,3,4,5,6,7',
      });
      await t.db.update(employees).set({ scheduleId: schedule.id }).where(eq(employees.id, employeeId));
      const res = await mark({ pick: (steps) => steps.map(() => frames.straight) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'liveness_failed' });
      const wrongOrder = await mark({ pick: (steps) => [...steps].reverse().map((s) => frames[s]) });
      expect(wrongOrder.json().code).toBe('liveness_failed');
      const kiosk = await kioskNamed('device-a', admin);
      const c = (await kioskChallenge(t, token, kiosk)).json().data;
      const images = await Promise.all(c.steps.map((step: 'straight' | 'left' | 'right') => moved(frames[step], shot++)));
      const fields = { latitude: '-13.53', longitude: '-71.97' };
      const send = () => signedMark(t, token, kiosk, () => images, { challenge: c, fields });
      expect((await send()).json().code).toBe('outside_geofence'); // the schedule's location is in Lima; Cusco is far
      const reused = await send();
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ code: 'challenge_invalid', message: 'La verificación expiró o ya se usó. Vuelve a empezar.' });
      expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId))).toHaveLength(0);
      await t.db.update(employees).set({ scheduleId: null }).where(eq(employees.id, employeeId));
    },
    SLOW,
  );

  it(
    'marks the check-in from frames that follow the challenge, with the evidence; then the check-out',
    async () => {
      const res = await mark({ fields: { latitude: '-12.0464', longitude: '-77.0428', accuracy: '20' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ employee: { id: employeeId, name: 'Ana Stock' }, action: 'check_in', repeated: false });
      expect(res.json().data.localTime).toMatch(/^\d\d:\d\d$/);
      const [record] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId));
      expect(record.method).toBe('face_recognition');
      const evidence = (record.evidence as { checkIn: Record<string, unknown> & { liveness: { frames: Record<string, unknown>[]; steps: string[] } } }).checkIn;
      expect(evidence).toMatchObject({
        linkName: 'Entrada',
        liveness: { passed: true },
        location: { latitude: -12.0464, accuracy: 20 },
        ip: '127.0.0.1',
      });
      expect(evidence.distance).toBeLessThan(0.55);
      // Every frame on its own: its pose (the challenge's order), yaw, antispoof and liveness scores.
      const perFrame = evidence.liveness.frames;
      expect(perFrame.map((f) => f.pose)).toEqual(evidence.liveness.steps);
      for (const f of perFrame) {
        expect(f).toEqual({
          pose: expect.any(String),
          yaw: expect.any(Number),
          antispoof: expect.any(Number),
          live: expect.any(Number),
          distance: expect.any(Number),
        });
        expect(f.antispoof).toBeGreaterThan(0);
        expect(f.live).toBeGreaterThan(0);
      }
      expect(new Set(perFrame.map((f) => f.yaw)).size).toBe(3);

      // Marking again at once repeats the check-in (the same person twice in a row), not a check-out.
      expect((await mark()).json().data).toMatchObject({ action: 'check_in', repeated: true });

      await t.db
        .update(attendanceRecords)
        .set({ checkIn: new Date(Date.now() - 3 * 3600_000) })
        .where(eq(attendanceRecords.id, record.id));
      const out = await mark();
      expect(out.json().data).toMatchObject({ action: 'check_out', repeated: false });
      const [closed] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, record.id));
      expect(closed.checkOut).not.toBeNull();
      expect((await mark()).json().code).toBe('already_completed');
    },
    SLOW,
  );

  it(
    'refuses a mark with a group photo among the frames (multiple_faces), recording nothing',
    async () => {
      const before = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId));
      const res = await mark({ pick: (steps) => steps.map((s, i) => (i === 1 ? frames.multi : frames[s])), device: 'device-m' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'multiple_faces', message: 'Se detectaron múltiples rostros. Asegúrate de que solo aparezca una persona.' });
      expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId))).toEqual(before);
    },
    SLOW,
  );

  it(
    'never recognises a face enrolled in another company',
    async () => {
      const other = await t.factories.companyAdmin();
      await t.factories.employee(other.companyId!);
      const otherToken = (await t.as(other).post(`${base}/attendance-link`, { name: 'Otra' })).json().data.token;
      const res = await mark({ link: otherToken, device: 'device-b', owner: other });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'face_not_recognized',
        message: 'Rostro no reconocido. Mira de frente a la pantalla, quítate los lentes de sol o la mascarilla, e inténtalo de nuevo.',
      });
    },
    SLOW,
  );

  it(
    'cools a device down after five failures in a row; other devices go on',
    async () => {
      for (let i = 0; i < 5; i++) expect((await mark({ pick: (s) => s.map(() => frames.straight), device: 'device-c' })).statusCode).toBe(422);
      const blocked = await mark({ device: 'device-c' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limited');
      expect(blocked.json().message).toMatch(/^Demasiados intentos fallidos\. Espera \d+ segundos/);
      expect((await mark({ pick: (s) => s.map(() => frames.straight), device: 'device-d' })).json().code).toBe('liveness_failed');
    },
    SLOW,
  );

  it(
    'withdrawing consent deletes the templates at once; the face is no longer recognised',
    async () => {
      const user = employeeUser;
      expect((await t.as(user).get('/api/employee/face-consent')).json().data).toMatchObject({
        registered: true,
        consent: { noticeVersion: FACE_NOTICE_VERSION },
      });
      const res = await t.as(user).delete('/api/employee/face-consent');
      expect(res.json().message).toBe('Consentimiento retirado. Tus datos faciales fueron eliminados.');
      expect(await templatesOf(employeeId)).toHaveLength(0);
      const [consent] = await t.db
        .select()
        .from(faceConsents)
        .where(and(eq(faceConsents.employeeId, employeeId), eq(faceConsents.withdrawnReason, 'employee')));
      expect(consent.withdrawnAt).not.toBeNull();
      expect((await mark({ device: 'device-e' })).json().code).toBe('face_not_recognized');
    },
    SLOW,
  );

  it(
    'deactivating or deleting an employee deletes their templates',
    async () => {
      expect((await register(frames.enrol)).statusCode).toBe(201);
      const [e] = await t.db.select().from(employees).where(eq(employees.id, employeeId));
      const update = {
        firstName: e.firstName,
        lastName: e.lastName,
        email: e.email,
        employeeCode: e.employeeCode,
        documentType: e.documentType,
        documentNumber: e.documentNumber,
        status: 'INACTIVE',
      };
      expect((await t.as(admin).put(`/api/company-admin-simple/employees/${employeeId}`, update)).statusCode).toBe(200);
      expect(await templatesOf(employeeId)).toHaveLength(0);
      expect((await register(frames.enrol)).json().message).toBe('No se puede registrar el rostro de un empleado inactivo');

      const second = await t.factories.employee(admin.companyId!);
      expect((await register(frames.enrol, second.id)).statusCode).toBe(201);
      expect((await t.as(admin).delete(`/api/company-admin-simple/employees/${second.id}`)).statusCode).toBe(200);
      expect(await templatesOf(second.id)).toHaveLength(0);
    },
    SLOW,
  );
});
