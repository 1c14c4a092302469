import { FACE_NOTICE_VERSION } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceLinks, companies } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { kioskChallenge, pairTestKiosk, postMultipart, signConsent } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple/face-recognition';
const pub = (token: string) => `/api/public/attendance/${token}`;

async function premiumAdmin() {
  const company = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 50 });
  return t.factories.companyAdmin({ companyId: company.id });
}

describe('attendance links', () => {
  it('refuses anonymous users and other roles', async () => {
    expect((await t.anon.get(`${base}/attendance-links`)).statusCode).toBe(401);
    const employee = await t.factories.employee();
    expect((await t.as(employee.account).get(`${base}/attendance-links`)).statusCode).toBe(403);
    expect((await t.as(employee.account).post(`${base}/attendance-link`, { name: 'X' })).statusCode).toBe(403);
  });

  it('creates a link whose token opens the public page; the list shows it; the token is stored hashed', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Enlace creado exitosamente', data: { name: 'Recepción', isActive: true, expiresAt: null, state: 'active' } });
    const { token, id } = res.json().data;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.db.select().from(attendanceLinks).where(eq(attendanceLinks.id, id));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = (await t.as(admin).get(`${base}/attendance-links`)).json().data;
    expect(list).toEqual([expect.objectContaining({ id, token, name: 'Recepción' })]);

    const info = await t.anon.get(pub(token));
    expect(info.statusCode).toBe(200);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, admin.companyId!));
    expect(info.json().data).toMatchObject({ companyName: company.name, linkName: 'Recepción', timezone: company.timezone });
    expect(info.headers['set-cookie']).toContain('presente_kiosk=');
    expect((await t.anon.get(pub('x'.repeat(43)))).json()).toMatchObject({ code: 'not_found', message: 'Enlace de asistencia no válido.' });
  });

  it('validates the name and an expiry in the past, in the request language', async () => {
    const admin = await t.factories.companyAdmin();
    const empty = await t.as(admin).post(`${base}/attendance-link`, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'name', message: 'El nombre del enlace es requerido' });
    const past = await t.as(admin).post(`${base}/attendance-link`, { name: 'X', expiresAt: '2020-01-01T00:00:00Z' }, { 'accept-language': 'en' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toEqual({ path: 'expiresAt', message: 'The expiry date cannot be in the past' });
    expect(await t.db.select().from(attendanceLinks).where(eq(attendanceLinks.companyId, admin.companyId!))).toHaveLength(0);
  });

  it('allows one link on the FREE plan (403 plan_limit_reached) and more on PREMIUM', async () => {
    const admin = await t.factories.companyAdmin();
    expect((await t.as(admin).post(`${base}/attendance-link`, { name: 'Uno' })).statusCode).toBe(201);
    const second = await t.as(admin).post(`${base}/attendance-link`, { name: 'Dos' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'plan_limit_reached', feature: 'links', limit: 1 });
    const premium = await premiumAdmin();
    for (const name of ['Uno', 'Dos', 'Tres']) expect((await t.as(premium).post(`${base}/attendance-link`, { name })).statusCode).toBe(201);
  });

  it('an inactive, expired or deleted link stops working at once', async () => {
    const admin = await premiumAdmin();
    const created = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Puerta', expiresAt: '2099-12-31' })).json().data;
    expect(created.expiresAt).toMatch(/^2100-01-01T/); // through Dec 31 in Lima: 05:00 UTC on Jan 1
    const off = await t.as(admin).patch(`${base}/attendance-link/${created.id}/toggle`, { isActive: false });
    expect(off.json()).toMatchObject({ message: 'Enlace desactivado', data: { isActive: false, state: 'inactive' } });
    expect((await t.anon.get(pub(created.token))).json()).toMatchObject({ code: 'link_inactive', message: 'Este enlace de asistencia está desactivado.' });
    expect((await t.anon.post(`${pub(created.token)}/challenge`)).statusCode).toBe(410);
    await t.as(admin).patch(`${base}/attendance-link/${created.id}/toggle`, { isActive: true });
    expect((await t.anon.get(pub(created.token))).statusCode).toBe(200);

    await t.db
      .update(attendanceLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(attendanceLinks.id, created.id));
    const expired = await t.anon.get(pub(created.token));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: 'link_expired', message: 'Este enlace de asistencia expiró.' });
    expect((await t.as(admin).get(`${base}/attendance-links`)).json().data[0].state).toBe('expired');

    expect((await t.as(admin).delete(`${base}/attendance-link/${created.id}`)).json().message).toBe('Enlace eliminado exitosamente');
    expect((await t.anon.get(pub(created.token))).statusCode).toBe(404);
  });

  it("never shows or touches another company's links", async () => {
    const mine = await t.factories.companyAdmin();
    const other = await t.factories.companyAdmin();
    const theirs = (await t.as(other).post(`${base}/attendance-link`, { name: 'Ajeno' })).json().data;
    expect((await t.as(mine).get(`${base}/attendance-links`)).json().data).toEqual([]);
    expect((await t.as(mine).patch(`${base}/attendance-link/${theirs.id}/toggle`, { isActive: false })).statusCode).toBe(404);
    expect((await t.as(mine).delete(`${base}/attendance-link/${theirs.id}`)).statusCode).toBe(404);
    expect((await t.anon.get(pub(theirs.token))).statusCode).toBe(200);
  });

  it('a challenge lists 3-4 steps, one a photo cannot do (a smile or an open mouth), valid 90 s', async () => {
    const admin = await t.factories.companyAdmin();
    const { token } = (await t.as(admin).post(`${base}/attendance-link`, { name: 'K' })).json().data;
    const res = await kioskChallenge(t, token, await pairTestKiosk(t, admin));
    const { steps, expiresAt, challengeId } = res.json().data;
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.length).toBeLessThanOrEqual(4);
    expect(new Set(steps).size).toBe(steps.length);
    expect(steps.some((s: string) => s === 'smile' || s === 'mouth')).toBe(true);
    expect(challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(80_000);
  });
});

describe('face registration without the engine', () => {
  const fields = (employeeId: string) => ({ employeeId, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION });
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

  it('needs an employee id (spec message), consent, and an employee of the company', async () => {
    const admin = await t.factories.companyAdmin();
    const r1 = await postMultipart(t, `${base}/register`, admin, { consentAccepted: 'true' }, [{ field: 'image', images: [jpeg, jpeg, jpeg] }]);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe('Error: No se puede procesar sin ID de empleado');

    const mine = await t.factories.employee(admin.companyId!);
    // Without the worker's own consent (decision 0035), named in the answer; the admin's tick changes nothing.
    for (const extra of [{}, { consentAccepted: 'true' }] as Record<string, string>[]) {
      const r2 = await postMultipart(t, `${base}/register`, admin, { employeeId: mine.id, ...extra }, [{ field: 'image', images: [jpeg, jpeg, jpeg] }]);
      expect(r2.statusCode).toBe(400);
      expect(r2.json()).toMatchObject({ code: 'consent_required', message: expect.stringMatching(/^Falta el consentimiento del trabajador/) });
    }

    const stranger = await t.factories.employee();
    const r3 = await postMultipart(t, `${base}/register`, admin, fields(stranger.id), [{ field: 'image', images: [jpeg, jpeg, jpeg] }]);
    expect(r3.statusCode).toBe(404);
  });

  it('answers 503 face_unavailable when the engine is not running, and refuses a wrong capture count', async () => {
    const admin = await t.factories.companyAdmin();
    const mine = await t.factories.employee(admin.companyId!);
    await signConsent(t.db, mine.id);
    const r1 = await postMultipart(t, `${base}/register`, admin, fields(mine.id), [{ field: 'image', images: [jpeg, jpeg] }]);
    expect(r1.json()).toMatchObject({ code: 'captures_count', message: 'Se necesitan entre 3 y 5 capturas del rostro.' });
    const r2 = await postMultipart(t, `${base}/register`, admin, fields(mine.id), [{ field: 'image', images: [jpeg, jpeg, jpeg] }]);
    expect(r2.statusCode).toBe(503);
    expect(r2.json().code).toBe('face_unavailable');
  });

  it('an employee sees their consent state; nothing registered yet', async () => {
    const employee = await t.factories.employee();
    const res = await t.as(employee.account).get('/api/employee/face-consent');
    expect(res.json().data).toEqual({ registered: false, faceData: null, consent: null, noticeVersion: FACE_NOTICE_VERSION });
    const admin = await t.factories.companyAdmin();
    expect((await t.as(admin).get('/api/employee/face-consent')).statusCode).toBe(403);
  });
});

describe('documentation and browser models', () => {
  it('documents the kiosk and face calls in the OpenAPI document, with the shapes of their answers', async () => {
    const doc = (await t.anon.get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/attendance/{token}',
        '/api/public/attendance/{token}/challenge',
        '/api/public/attendance/{token}/mark',
        '/api/company-admin-simple/face-recognition/register',
        '/api/company-admin-simple/face-recognition/attendance-links',
        '/api/company-admin-simple/face-recognition/settings',
        '/api/company-admin-simple/face-recognition/photo/{employeeId}',
      ]),
    );
    type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: string[] };
    const answer = (path: string, method: string, status: number): Schema => doc.paths[path][method].responses[status]?.content?.['application/json']?.schema;
    const dataOf = (path: string, method: string) => answer(path, method, 200).properties!.data;
    const fields = (s: Schema) => Object.keys(s.properties ?? {}).sort();

    const info = dataOf('/api/public/attendance/{token}', 'get');
    expect(fields(info)).toEqual(['companyName', 'kiosk', 'linkName', 'serverTime', 'timezone']);
    const challenge = dataOf('/api/public/attendance/{token}/challenge', 'post');
    expect(fields(challenge)).toEqual(['burst', 'challengeId', 'expiresAt', 'light', 'linkId', 'steps']);
    expect(challenge.properties!.steps.items!.enum).toEqual(['straight', 'left', 'right', 'up', 'down', 'blink', 'smile', 'mouth']);
    const result = dataOf('/api/public/attendance/{token}/mark', 'post');
    expect(fields(result)).toEqual(['action', 'employee', 'localTime', 'repeated', 'status', 'time']);
    expect(result.properties!.action.enum).toEqual(['check_in', 'check_out']);
    expect(fields(result.properties!.employee)).toEqual(['id', 'name']);

    const refusals: [string, string, number[]][] = [
      ['/api/public/attendance/{token}', 'get', [404, 410]],
      ['/api/public/attendance/{token}/challenge', 'post', [403, 404, 410, 429]],
      ['/api/public/attendance/{token}/mark', 'post', [400, 403, 404, 409, 410, 422, 429, 503]],
    ];
    for (const [path, method, statuses] of refusals)
      for (const status of statuses) {
        const body = answer(path, method, status);
        // The error envelope of plugins/error-handler.ts; feature and limit come with a plan limit.
        expect(fields(body), `${method} ${path} ${status}`).toEqual(['code', 'errors', 'feature', 'limit', 'message']);
        expect(body.required).toEqual(['message', 'code']);
      }
    const settings = dataOf('/api/company-admin-simple/face-recognition/settings', 'get');
    expect(fields(settings)).toEqual(['keepEnrolmentPhotos', 'matchThreshold', 'storedPhotos']);
  });

  it('serves Human models and the tfjs wasm binaries from our server, nothing else from those folders', async () => {
    const model = await t.anon.get('/api/face/models/human/blazeface.json');
    expect(model.statusCode).toBe(200);
    expect(model.json()).toHaveProperty('modelTopology');
    const wasm = await t.anon.get('/api/face/models/wasm/tfjs-backend-wasm-simd.wasm');
    expect(wasm.statusCode).toBe(200);
    expect(wasm.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    expect((await t.anon.get('/api/face/models/wasm/tf-backend-wasm.js')).statusCode).toBe(404);
    expect((await t.anon.get('/api/face/models/human/../package.json')).statusCode).toBe(404);
  });
});
