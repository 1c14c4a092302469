/**
 * The company's face settings (threshold, enrolment photo opt-in), the kept photo and every path that deletes
 * it, the notice version, and the template index following who can be recognised. The engine is scripted
 * (scripted-engine.ts): these are database and rule tests, run on PGlite and PostgreSQL.
 */

import { FACE_NOTICE_PHOTO_VERSION, FACE_NOTICE_VERSION } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, companies, employees, faceConsents, facePhotos, faceTemplates, subscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { applyEvent } from '../billing/apply.js';
import { type ScriptedFace, scriptedEngine } from './scripted-engine.js';
import { kioskChallenge, pairTestKiosk, postMultipart, scriptedBurst, signConsent, signedMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
const engine = scriptedEngine();

beforeAll(async () => {
  t = await createTestApp();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
});

const photosOf = (employeeId: string) => t.db.select().from(facePhotos).where(eq(facePhotos.employeeId, employeeId));
const templatesOf = (employeeId: string) => t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, employeeId));

/** Three good captures of `person`; the second is the largest face, so it becomes the photo. */
async function captures(person: string) {
  return [await engine.frame({ person, size: 160 }), await engine.frame({ person, size: 240 }), await engine.frame({ person, size: 190, yaw: 4 })];
}
const register = async (admin: TestUser, employeeId: string, images: Buffer[], noticeVersion: string = FACE_NOTICE_VERSION, lang = 'es') =>
  (await signConsent(t.db, employeeId)) ??
  postMultipart(t, `${base}/register`, admin, { employeeId, consentAccepted: 'true', noticeVersion }, [{ field: 'image', images }], {
    'accept-language': lang,
  });
const keepPhotos = (admin: TestUser, on: boolean, matchThreshold = 0.55) => t.as(admin).put(`${base}/settings`, { matchThreshold, keepEnrolmentPhotos: on });

describe('face recognition settings (threshold and photo opt-in)', () => {
  it('needs a company admin session', async () => {
    expect((await t.anon.get(`${base}/settings`)).statusCode).toBe(401);
    expect((await t.anon.put(`${base}/settings`, { matchThreshold: 0.5, keepEnrolmentPhotos: false })).statusCode).toBe(401);
    const employee = await t.factories.employee();
    expect((await t.as(employee.account).get(`${base}/settings`)).statusCode).toBe(403);
    const superAdmin = await t.factories.superAdmin();
    expect((await t.as(superAdmin).put(`${base}/settings`, { matchThreshold: 0.5, keepEnrolmentPhotos: false })).statusCode).toBe(403);
  });

  it('refuses a threshold outside 0.45-0.55 (0.56 and the old 0.60 included: decision 0057) or finer than 0.01, in the request language, and keeps the old one', async () => {
    const admin = await t.factories.companyAdmin();
    for (const matchThreshold of [0.44, 0.56, 0.6, 0.555, 'x']) {
      const res = await t.as(admin).put(`${base}/settings`, { matchThreshold, keepEnrolmentPhotos: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ path: 'matchThreshold', message: 'El umbral debe estar entre 0.45 y 0.55 (en pasos de 0.01)' });
    }
    const en = await t.as(admin).put(`${base}/settings`, { matchThreshold: 0.7, keepEnrolmentPhotos: false }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('The threshold must be between 0.45 and 0.55 (in steps of 0.01)');
    expect((await t.as(admin).get(`${base}/settings`)).json().data).toEqual({ matchThreshold: 0.55, keepEnrolmentPhotos: false, storedPhotos: 0 });
  });

  it("saves the admin's own company only, logs it and tells the company's admin screens", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.companyAdmin();
    const res = await keepPhotos(admin, true, 0.48);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { matchThreshold: 0.48, keepEnrolmentPhotos: true, storedPhotos: 0 },
      message: 'Configuración de reconocimiento facial guardada',
    });
    const [mine] = await t.db.select().from(companies).where(eq(companies.id, admin.companyId!));
    expect(mine).toMatchObject({ faceMatchThreshold: 48, keepEnrolmentPhotos: true });
    // The other company is untouched and sees its own values.
    const [theirs] = await t.db.select().from(companies).where(eq(companies.id, other.companyId!));
    expect(theirs).toMatchObject({ faceMatchThreshold: 55, keepEnrolmentPhotos: false });
    expect((await t.as(other).get(`${base}/settings`)).json().data).toEqual({ matchThreshold: 0.55, keepEnrolmentPhotos: false, storedPhotos: 0 });
    const [log] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, admin.companyId!), eq(activityLog.title, 'Configuración de reconocimiento facial actualizada')));
    expect(log.details).toMatchObject({ matchThreshold: { from: 0.55, to: 0.48 }, keepEnrolmentPhotos: { from: false, to: true } });
    expect(t.events.emitted).toContainEqual({ room: `company_admin_${admin.companyId}`, event: 'company_update', payload: { action: 'face_settings' } });
  });
});

describe('the notice version of an enrolment', () => {
  it('accepts only the version of the company setting; an unknown or long value is a 400 and nothing is stored', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await t.factories.employee(admin.companyId!);
    const images = await captures('nora');
    const long = await register(admin, employee.id, images, 'x'.repeat(500));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toEqual({
      path: 'noticeVersion',
      message: 'El aviso de datos biométricos cambió. Recarga la página y vuelve a mostrarlo al empleado.',
    });
    expect((await register(admin, employee.id, images, '2020-01-v0', 'en')).json().message).toBe(
      'The biometric data notice has changed. Reload the page and show it to the employee again.',
    );
    // The photo notice while the company keeps no photos, and the plain one once it does: both out of date.
    expect((await register(admin, employee.id, images, FACE_NOTICE_PHOTO_VERSION)).json().errors[0].path).toBe('noticeVersion');
    await keepPhotos(admin, true);
    expect((await register(admin, employee.id, images, FACE_NOTICE_VERSION)).statusCode).toBe(400);
    expect(await templatesOf(employee.id)).toHaveLength(0);

    const ok = await register(admin, employee.id, images, FACE_NOTICE_PHOTO_VERSION);
    expect(ok.statusCode).toBe(201);
    const [consent] = await t.db
      .select()
      .from(faceConsents)
      .where(and(eq(faceConsents.employeeId, employee.id), isNull(faceConsents.withdrawnAt)));
    expect(consent.noticeVersion).toBe(FACE_NOTICE_PHOTO_VERSION);
  });
});

describe('the enrolment photo (company opt-in)', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await t.factories.companyAdmin();
  });

  it('keeps no photo unless the company opts in', async () => {
    const employee = await t.factories.employee(admin.companyId!);
    expect((await register(admin, employee.id, await captures('omar'))).statusCode).toBe(201);
    expect(await photosOf(employee.id)).toHaveLength(0);
    expect((await t.as(admin).get(`${base}/photo/${employee.id}`)).statusCode).toBe(404);
  });

  it('keeps the best capture as a small JPEG without metadata, for the admin of the company only, never in a shared cache', async () => {
    await keepPhotos(admin, true);
    const employee = await t.factories.employee(admin.companyId!);
    const images = await captures('pia');
    expect((await register(admin, employee.id, images, FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);

    const res = await t.as(admin).get(`${base}/photo/${employee.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(/^private, no-store/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    // The largest face of the three captures (the second one), by its colour.
    const [stored, second] = [await engine.colourOf(res.rawPayload), await engine.colourOf(images[1])];
    for (const [i, c] of stored.entries()) expect(Math.abs(c - second[i])).toBeLessThanOrEqual(3);
    expect((await t.as(admin).get(`${base}/settings`)).json().data.storedPhotos).toBe(1);

    // Another company's admin, the employee, and nobody at all: no photo.
    const stranger = await t.factories.companyAdmin();
    expect((await t.as(stranger).get(`${base}/photo/${employee.id}`)).statusCode).toBe(404);
    expect((await t.as(employee.account).get(`${base}/photo/${employee.id}`)).statusCode).toBe(403);
    expect((await t.anon.get(`${base}/photo/${employee.id}`)).statusCode).toBe(401);
    expect((await t.as(admin).get(`${base}/photo/not-a-uuid`)).statusCode).toBe(400);

    // Registering again replaces it (one photo per employee).
    const again = [
      await engine.frame({ person: 'pia', size: 250 }),
      await engine.frame({ person: 'pia', size: 150 }),
      await engine.frame({ person: 'pia', size: 150 }),
    ];
    expect((await register(admin, employee.id, again, FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);
    const photos = await photosOf(employee.id);
    expect(photos).toHaveLength(1);
    const kept = (await t.as(admin).get(`${base}/photo/${employee.id}`)).rawPayload;
    const [now, first] = [await engine.colourOf(kept), await engine.colourOf(again[0])];
    for (const [i, c] of now.entries()) expect(Math.abs(c - first[i])).toBeLessThanOrEqual(3);
  });

  it('goes with the templates: admin removal, consent withdrawal, deactivation, deletion', async () => {
    await keepPhotos(admin, true);
    const enrolled = async () => {
      const e = await t.factories.employee(admin.companyId!);
      expect((await register(admin, e.id, await captures(`p-${e.id}`), FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);
      expect(await photosOf(e.id)).toHaveLength(1);
      return e;
    };
    const removed = await enrolled();
    expect((await t.as(admin).delete(`${base}/register/${removed.id}`)).statusCode).toBe(200);
    const withdrawn = await enrolled();
    expect((await t.as(withdrawn.account).delete('/api/employee/face-consent')).statusCode).toBe(200);
    const deactivated = await enrolled();
    const e = deactivated;
    const update = {
      firstName: e.firstName,
      lastName: e.lastName,
      email: e.email,
      employeeCode: e.employeeCode,
      documentType: e.documentType,
      documentNumber: e.documentNumber,
      status: 'INACTIVE',
    };
    expect((await t.as(admin).put(`/api/company-admin-simple/employees/${e.id}`, update)).statusCode).toBe(200);
    const deleted = await enrolled();
    expect((await t.as(admin).delete(`/api/company-admin-simple/employees/${deleted.id}`)).statusCode).toBe(200);
    for (const x of [removed, withdrawn, deactivated, deleted]) {
      expect(await photosOf(x.id)).toHaveLength(0);
      expect(await templatesOf(x.id)).toHaveLength(0);
    }
  });

  it("turning the option off deletes every photo of the company (and no other company's)", async () => {
    const other = await t.factories.companyAdmin();
    await keepPhotos(other, true);
    const theirs = await t.factories.employee(other.companyId!);
    expect((await register(other, theirs.id, await captures('quique'), FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);

    await keepPhotos(admin, true);
    const mine = await t.factories.employee(admin.companyId!);
    expect((await register(admin, mine.id, await captures('rosa'), FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);
    const stored = (await t.as(admin).get(`${base}/settings`)).json().data.storedPhotos;
    expect(stored).toBeGreaterThanOrEqual(1);
    const off = await keepPhotos(admin, false);
    expect(off.json()).toMatchObject({
      data: { keepEnrolmentPhotos: false, storedPhotos: 0 },
      message: `Configuración guardada. Fotos de registro eliminadas: ${stored}.`,
    });
    expect(await t.db.select().from(facePhotos).where(eq(facePhotos.companyId, admin.companyId!))).toHaveLength(0);
    expect(await templatesOf(mine.id)).toHaveLength(3); // the templates stay: only the photos go
    expect(await photosOf(theirs.id)).toHaveLength(1);
  });
});

describe('the template index follows who can be recognised', () => {
  let admin: TestUser;
  let token: string;
  beforeAll(async () => {
    admin = await t.factories.companyAdmin();
    token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Puerta' })).json().data.token;
  });

  /** A mark of `person` following the challenge (yaw +25 = left, -25 = right), from a device of its own. */
  let kiosk: TestKiosk | null = null;
  async function markAs(person: string, extra: Partial<ScriptedFace> = {}) {
    kiosk ??= await pairTestKiosk(t, admin, 'Puerta');
    const c = (await kioskChallenge(t, token, kiosk)).json().data;
    const frames = await scriptedBurst(engine, c.steps, { person, ...extra });
    return signedMark(t, token, kiosk, () => frames, { challenge: c });
  }

  it("uses the company's threshold: a face 0.50 away is refused at 0.45 and accepted at 0.55", async () => {
    const employee = await t.factories.employee(admin.companyId!);
    expect((await register(admin, employee.id, await captures('sara'))).statusCode).toBe(201);
    await keepPhotos(admin, false, 0.45);
    expect((await markAs('sara', { offset: 0.5 })).json().code).toBe('face_not_recognized');
    await keepPhotos(admin, false, 0.55);
    const ok = await markAs('sara', { offset: 0.5 });
    expect(ok.json().data).toMatchObject({ employee: { id: employee.id }, action: 'check_in' });
  });

  it('a deactivated employee is not recognised, a reactivated one is again, without a restart (any path that changes the status)', async () => {
    const employee = await t.factories.employee(admin.companyId!);
    expect((await register(admin, employee.id, await captures('teo'))).statusCode).toBe(201);
    expect((await markAs('teo')).json().data.employee.id).toBe(employee.id);
    // Straight in the table, as another process or a future code path might: the index must follow anyway.
    await t.db.update(employees).set({ status: 'INACTIVE' }).where(eq(employees.id, employee.id));
    expect((await markAs('teo')).json().code).toBe('face_not_recognized');
    await t.db.update(employees).set({ status: 'ACTIVE' }).where(eq(employees.id, employee.id));
    expect((await markAs('teo')).json().data).toMatchObject({ employee: { id: employee.id }, repeated: true });
    await t.db.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, employee.id));
    expect((await markAs('teo')).json().code).toBe('face_not_recognized');
  });

  it('the billing downgrade removes the face data of the employees it deactivates; they are no longer recognised', async () => {
    const owner = await t.factories.companyAdmin();
    const companyId = owner.companyId!;
    await t.db.update(companies).set({ plan: 'PREMIUM', status: 'SUSPENDED', maxEmployees: 6 }).where(eq(companies.id, companyId));
    await keepPhotos(owner, true);
    const staff = [];
    for (let i = 0; i < 6; i++) staff.push(await t.factories.employee(companyId));
    const newest = staff[5];
    expect((await register(owner, newest.id, await captures('ugo'), FACE_NOTICE_PHOTO_VERSION)).statusCode).toBe(201);
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Planta' })).json().data.token;
    const previous = [token, kiosk] as const;
    token = link;
    kiosk = await pairTestKiosk(t, owner, 'Planta');
    try {
      expect((await markAs('ugo')).json().data.employee.id).toBe(newest.id);
      const [sub] = await t.db
        .insert(subscriptions)
        .values({
          companyId,
          provider: 'simulator',
          providerPlanId: 'P-1',
          providerSubscriptionId: `S-${companyId}`,
          status: 'SUSPENDED',
          isCurrent: true,
          employeeCount: 6,
          pricePerEmployee: '2.50',
          failedPaymentsCount: 1,
          suspendedAt: new Date(Date.now() - 8 * 86_400_000),
        })
        .returning();
      await applyEvent(t.deps, sub.id, { type: 'tick' }, new Date());
      const [after] = await t.db.select().from(employees).where(eq(employees.id, newest.id));
      expect(after.status).toBe('INACTIVE');
      expect(await templatesOf(newest.id)).toHaveLength(0);
      expect(await photosOf(newest.id)).toHaveLength(0);
      const [consent] = await t.db.select().from(faceConsents).where(eq(faceConsents.employeeId, newest.id));
      expect(consent).toMatchObject({ withdrawnReason: 'employee_deactivated' });
      expect((await markAs('ugo')).json().code).toBe('face_not_recognized');
    } finally {
      [token, kiosk] = previous;
    }
  });
});
