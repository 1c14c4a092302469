/**
 * The worker's own consent to the biometric notice (decision 0035; Ley 29733 art. 13.6): the admin's enrolment is
 * refused without it, the worker signs in their account or on the enrolment screen with the code mailed to them,
 * the admin cannot sign for them, another company sees nothing, withdrawal deletes the templates. Scripted engine.
 */
import { FACE_NOTICE_PHOTO_VERSION, FACE_NOTICE_VERSION } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employees, faceConsentCodes, faceConsents, facePhotos, faceProfiles, faceTemplates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { CONSENT_CODES_PER_EMPLOYEE, expireUnconfirmedConsents } from './consent.service.js';
import { scriptedEngine } from './scripted-engine.js';
import { postMultipart } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
const own = '/api/employee/face-consent';
let t: TestApp;
const engine = scriptedEngine();

beforeAll(async () => {
  t = await createTestApp();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
});

const templatesOf = (employeeId: string) => t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, employeeId));
const consentsOf = (employeeId: string) => t.db.select().from(faceConsents).where(eq(faceConsents.employeeId, employeeId));
const openConsentOf = async (employeeId: string) =>
  (
    await t.db
      .select()
      .from(faceConsents)
      .where(and(eq(faceConsents.employeeId, employeeId), isNull(faceConsents.withdrawnAt)))
  )[0];
async function captures(person: string) {
  return [await engine.frame({ person, size: 160 }), await engine.frame({ person, size: 240 }), await engine.frame({ person, size: 190, yaw: 4 })];
}
/** The admin's enrolment exactly as before decision 0035: the box ticked, the notice version sent. */
const enrol = async (admin: TestUser, employeeId: string, person: string, extra: Record<string, string> = {}, lang = 'es') =>
  postMultipart(
    t,
    `${base}/register`,
    admin,
    { employeeId, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION, ...extra },
    [{ field: 'image', images: await captures(person) }],
    { 'accept-language': lang },
  );
/** A spec §7 client: {image, employeeId, descriptors}, nothing else. */
const specEnrol = async (admin: TestUser, employeeId: string, person: string) =>
  postMultipart(t, `${base}/register`, admin, { employeeId, descriptors: '[0.1,0.2]' }, [{ field: 'image', images: await captures(person) }]);

async function worker(companyId: string, documentNumber: string | null = '45678912') {
  return t.factories.employee(companyId, { firstName: 'María José', lastName: 'Núñez Pérez', documentNumber });
}
const sign = { fullName: 'maria jose NUNEZ perez', documentNumber: '4567 8912', noticeVersion: FACE_NOTICE_VERSION };
/** The code the worker receives in the mail (the admin's answer never carries it). */
const mailedCode = (to: string) => {
  const mail = [...t.deps.mailer.outbox].reverse().find((m) => m.to === to);
  return /(\d{6})/.exec(mail?.subject ?? '')?.[1];
};

describe("the admin's enrolment needs the worker's own consent", () => {
  it('refuses an enrolment with the box ticked by the admin, naming what is missing, in the request language; nothing stored', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    const res = await enrol(admin, employee.id, 'abel');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'consent_required' });
    expect(res.json().message).toContain(`versión ${FACE_NOTICE_VERSION}`);
    expect(res.json().message).toContain('en su propia cuenta');
    expect(res.json().message).toContain('El administrador no puede aceptarlo por él');
    const en = await enrol(admin, employee.id, 'abel', {}, 'en');
    expect(en.json().message).toMatch(/^The worker's consent is missing/);
    expect(await templatesOf(employee.id)).toHaveLength(0);
    expect(await consentsOf(employee.id)).toHaveLength(0);
    // A spec client (no consent field at all) is refused the same way.
    expect((await specEnrol(admin, employee.id, 'abel')).json().code).toBe('consent_required');
  });

  it('works once the worker accepted in their own account (case and accents ignored), for a spec client too', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    const res = await t.as(employee.account).post(own, sign, { 'user-agent': 'Mozilla/5.0 (Android) Chrome/131' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Consentimiento registrado', data: { method: 'employee', noticeVersion: FACE_NOTICE_VERSION, valid: true } });
    expect(await openConsentOf(employee.id)).toMatchObject({
      method: 'employee',
      signedName: 'maria jose NUNEZ perez',
      signedDocument: '4567 8912',
      userAgent: 'Mozilla/5.0 (Android) Chrome/131',
      recordedByUserId: employee.account.id,
    });
    expect((await specEnrol(admin, employee.id, 'berta')).statusCode).toBe(201);
    expect(await templatesOf(employee.id)).toHaveLength(3);
    // Re-enrolment on the same signed consent: still one open consent, the worker's.
    expect((await enrol(admin, employee.id, 'berta')).statusCode).toBe(201);
    expect((await consentsOf(employee.id)).filter((c) => !c.withdrawnAt)).toHaveLength(1);
  });

  it("refuses the worker's own acceptance with a name or document that is not theirs, or an old notice", async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    const wrongName = await t.as(employee.account).post(own, { ...sign, fullName: 'María Núñez' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().errors[0]).toMatchObject({ path: 'fullName', message: expect.stringMatching(/^El nombre no coincide/) });
    const wrongDoc = await t.as(employee.account).post(own, { ...sign, documentNumber: '45678913' });
    expect(wrongDoc.json().errors[0]).toMatchObject({ path: 'documentNumber' });
    const empty = await t.as(employee.account).post(own, { ...sign, fullName: ' ', documentNumber: '' });
    expect(
      empty
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['documentNumber', 'fullName']);
    const old = await t.as(employee.account).post(own, { ...sign, noticeVersion: FACE_NOTICE_PHOTO_VERSION });
    expect(old.json().errors[0].path).toBe('noticeVersion');
    expect(await consentsOf(employee.id)).toHaveLength(0);
  });

  it('a consent to the template-only notice does not cover an enrolment once the company keeps photos', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    expect((await t.as(employee.account).post(own, sign)).statusCode).toBe(201);
    await t.as(admin).put(`${base}/settings`, { matchThreshold: 0.55, keepEnrolmentPhotos: true });
    const res = await enrol(admin, employee.id, 'carla', { noticeVersion: FACE_NOTICE_PHOTO_VERSION });
    expect(res.json()).toMatchObject({ code: 'consent_required', message: expect.stringContaining(FACE_NOTICE_PHOTO_VERSION) });
    expect((await t.as(employee.account).get(own)).json().data).toMatchObject({ noticeVersion: FACE_NOTICE_PHOTO_VERSION, consent: { valid: false } });
    expect((await t.as(employee.account).post(own, { ...sign, noticeVersion: FACE_NOTICE_PHOTO_VERSION })).statusCode).toBe(201);
    expect((await enrol(admin, employee.id, 'carla', { noticeVersion: FACE_NOTICE_PHOTO_VERSION })).statusCode).toBe(201);
  });
});

describe('at the office: the worker signs on the enrolment screen with the code mailed to them', () => {
  it('records name, document, time, notice, device and IP; then the enrolment works; the code is single use', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    const sent = await t.as(admin).post(`${base}/consent-code`, { employeeId: employee.id });
    expect(sent.statusCode).toBe(200);
    const code = mailedCode(employee.email)!;
    expect(code).toMatch(/^\d{6}$/);
    // The admin's screen gets the masked address, never the code.
    expect(sent.body).not.toContain(code);
    expect(sent.json().data.maskedEmail).toMatch(/^e\*\*\*@example\.com$/);
    const body = { ...sign, employeeId: employee.id, code };
    const res = await t.as(admin).post(`${base}/consent`, body, { 'user-agent': 'Tablet recepción' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ method: 'office', valid: true });
    expect(await openConsentOf(employee.id)).toMatchObject({ method: 'office', signedDocument: '4567 8912', userAgent: 'Tablet recepción', ip: '127.0.0.1' });
    expect((await enrol(admin, employee.id, 'dario')).statusCode).toBe(201);
    const again = await t.as(admin).post(`${base}/consent`, body);
    expect(again.json().errors[0]).toMatchObject({ path: 'code', message: 'El código no es válido o expiró. Pide uno nuevo.' });
  });

  it('the admin cannot sign for the worker: name and document (which the admin knows) without the code, or a guessed code, are refused', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    // No code asked: name + document alone.
    const noCode = await t.as(admin).post(`${base}/consent`, { ...sign, employeeId: employee.id, code: '000000' });
    expect(noCode.statusCode).toBe(400);
    expect((await t.as(admin).post(`${base}/consent`, { ...sign, employeeId: employee.id })).json().errors[0].path).toBe('code');
    // A script guessing codes: 5 tries, then the code is void, the real one included. Figure: 6 tries, 0 accepted.
    await t.as(admin).post(`${base}/consent-code`, { employeeId: employee.id });
    const real = mailedCode(employee.email)!;
    let accepted = 0;
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(real) + 1 + i) % 1_000_000).padStart(6, '0');
      if ((await t.as(admin).post(`${base}/consent`, { ...sign, employeeId: employee.id, code: guess })).statusCode === 201) accepted++;
    }
    const late = await t.as(admin).post(`${base}/consent`, { ...sign, employeeId: employee.id, code: real });
    expect(late.json().errors[0].message).toBe('Demasiados intentos con este código. Pide uno nuevo.');
    expect(accepted).toBe(0);
    // The right code with a wrong document number (the worker's signature) is refused too, and costs a try.
    await t.as(admin).post(`${base}/consent-code`, { employeeId: employee.id });
    const fresh = mailedCode(employee.email)!;
    const wrongDoc = await t.as(admin).post(`${base}/consent`, { ...sign, documentNumber: '11111111', employeeId: employee.id, code: fresh });
    expect(wrongDoc.json().errors[0].path).toBe('documentNumber');
    // The admin cannot use the worker's own endpoint either.
    expect((await t.as(admin).post(own, sign)).statusCode).toBe(403);
    expect(await consentsOf(employee.id)).toHaveLength(0);
    expect((await enrol(admin, employee.id, 'elsa')).json().code).toBe('consent_required');
    const [row] = await t.db.select().from(faceConsentCodes).where(eq(faceConsentCodes.employeeId, employee.id));
    expect(row.codeHash).not.toContain(fresh);
  });

  it('needs a document number on record; at most 3 codes per worker in 15 minutes', async () => {
    const admin = await t.factories.companyAdmin();
    const noDoc = await worker(admin.companyId!, null);
    const res = await t.as(admin).post(`${base}/consent-code`, { employeeId: noDoc.id });
    expect(res.json().message).toMatch(/^El trabajador no tiene un número de documento registrado/);
    const employee = await worker(admin.companyId!);
    for (let i = 0; i < CONSENT_CODES_PER_EMPLOYEE; i++)
      expect((await t.as(admin).post(`${base}/consent-code`, { employeeId: employee.id })).statusCode).toBe(200);
    expect((await t.as(admin).post(`${base}/consent-code`, { employeeId: employee.id })).statusCode).toBe(429);
  });
});

describe("another company's admin and other workers", () => {
  it('sees, asks codes for, signs and prints nothing of another company; an employee prints only their own record', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await worker(admin.companyId!);
    const consentId = (await t.as(employee.account).post(own, sign)).json().data.id;
    const intruder = await t.factories.companyAdmin();
    expect((await t.as(intruder).get(`${base}/consent/${employee.id}`)).statusCode).toBe(404);
    expect((await t.as(intruder).post(`${base}/consent-code`, { employeeId: employee.id })).statusCode).toBe(404);
    expect((await t.as(intruder).post(`${base}/consent`, { ...sign, employeeId: employee.id, code: '123456' })).statusCode).toBe(404);
    expect((await t.as(intruder).get(`${base}/consent-record/${consentId}`)).statusCode).toBe(404);
    const colleague = await worker(admin.companyId!);
    expect((await t.as(colleague.account).get(`${own}/record/${consentId}`)).statusCode).toBe(404);
    expect((await t.anon.get(`${base}/consent-record/${consentId}`)).statusCode).toBe(401);
    expect(t.deps.mailer.outbox.some((m) => m.to === employee.email)).toBe(false);

    const mine = await t.as(admin).get(`${base}/consent-record/${consentId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      method: 'employee',
      signedName: sign.fullName,
      noticeVersion: FACE_NOTICE_VERSION,
      employeeName: 'María José Núñez Pérez',
    });
    expect(mine.json().data.notice.es[0]).toMatch(/^Presente usará tu rostro/);
    expect((await t.as(employee.account).get(`${own}/record/${consentId}`)).json().data.id).toBe(consentId);
    const status = (await t.as(admin).get(`${base}/consent/${employee.id}`)).json().data;
    expect(status).toMatchObject({ consent: { id: consentId, valid: true }, hasDocument: true, noticeVersion: FACE_NOTICE_VERSION });
    expect(JSON.stringify(status)).not.toContain('45678912');
  });
});

describe('withdrawal and consents an admin ticked before', () => {
  it('withdrawal deletes the templates and the photo at once, and the next enrolment is refused', async () => {
    const admin = await t.factories.companyAdmin();
    await t.as(admin).put(`${base}/settings`, { matchThreshold: 0.55, keepEnrolmentPhotos: true });
    const employee = await worker(admin.companyId!);
    await t.as(employee.account).post(own, { ...sign, noticeVersion: FACE_NOTICE_PHOTO_VERSION });
    expect((await enrol(admin, employee.id, 'fabio', { noticeVersion: FACE_NOTICE_PHOTO_VERSION })).statusCode).toBe(201);
    expect(await t.db.select().from(facePhotos).where(eq(facePhotos.employeeId, employee.id))).toHaveLength(1);
    expect((await t.as(employee.account).delete(own)).statusCode).toBe(200);
    expect(await templatesOf(employee.id)).toHaveLength(0);
    expect(await t.db.select().from(facePhotos).where(eq(facePhotos.employeeId, employee.id))).toHaveLength(0);
    expect(await openConsentOf(employee.id)).toBeUndefined();
    expect((await enrol(admin, employee.id, 'fabio', { noticeVersion: FACE_NOTICE_PHOTO_VERSION })).json().code).toBe('consent_required');
  });

  it('an admin-ticked enrolment keeps working until its deadline, the worker confirms in their account, else the template goes', async () => {
    const admin = await t.factories.companyAdmin();
    const [confirms, ignores] = [await worker(admin.companyId!), await worker(admin.companyId!)];
    const deadline = new Date('2026-12-26T00:00:00Z');
    for (const e of [confirms, ignores]) {
      await t.db
        .insert(faceConsents)
        .values({ companyId: admin.companyId!, employeeId: e.id, noticeVersion: FACE_NOTICE_VERSION, recordedByUserId: admin.id, confirmBy: deadline });
      await t.db.insert(faceTemplates).values({ companyId: admin.companyId!, employeeId: e.id, descriptor: Array(128).fill(0.1) });
      await t.db.insert(faceProfiles).values({ companyId: admin.companyId!, employeeId: e.id, confidence: 0.9, templates: 1 });
    }
    const state = (await t.as(ignores.account).get(own)).json().data;
    expect(state).toMatchObject({ registered: true, consent: { method: 'admin_legacy', valid: false, confirmBy: deadline.toISOString() } });
    // Re-enrolling on the admin's tick is refused too.
    expect((await enrol(admin, ignores.id, 'gala')).json().code).toBe('consent_required');
    expect((await t.as(confirms.account).post(own, sign)).statusCode).toBe(201);

    expect(await expireUnconfirmedConsents(t.deps, new Date('2026-12-25T23:59:00Z'))).toBe(0);
    expect(await expireUnconfirmedConsents(t.deps, new Date('2026-12-26T00:01:00Z'))).toBe(1);
    expect(await templatesOf(ignores.id)).toHaveLength(0);
    expect(await templatesOf(confirms.id)).toHaveLength(1);
    expect((await consentsOf(ignores.id))[0]).toMatchObject({ withdrawnReason: 'not_confirmed' });
    expect(await expireUnconfirmedConsents(t.deps, new Date('2026-12-27T00:00:00Z'))).toBe(0);
    const [still] = await t.db.select().from(employees).where(eq(employees.id, ignores.id));
    expect(still.status).toBe('ACTIVE');
  });
});
