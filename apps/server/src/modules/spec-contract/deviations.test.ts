/**
 * The six deviations the §7 audit found (issue 20 item 4) and what a user of a spec client now sees: each test
 * fails on the code before the fix. The attendance reason: absent → the notes, else "sin motivo indicado", always
 * with its author in the manual-changes log (decisions 0039, 0046); the face call: decision 0046.
 */
import { addDays } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, manualChanges } from '../../db/schema/index.js';
import { afterAnswerSettled } from '../../lib/after-answer.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { postMultipart, signConsent } from '../face/test-helpers.js';
import { type CompanyFixtures, companyFixtures } from './fixtures.js';

let t: TestApp;
let f: CompanyFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await companyFixtures(t);
});
const url = '/api/company-admin-simple/attendance';
const changesOf = (recordId: string) => t.db.select().from(manualChanges).where(eq(manualChanges.recordId, recordId)).orderBy(manualChanges.createdAt);

describe('manual attendance from a spec client (no reason)', () => {
  it('creates, edits and deletes; the log keeps the notes as reason, else "sin motivo indicado", with the author', async () => {
    const as = t.as(f.admin);
    const date = addDays(f.today, -4);
    const created = await as.post(url, { employeeId: f.worker.id, date, checkIn: '09:00', checkOut: '18:00', notes: 'Olvidó marcar', isPermission: false });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.notes).toBe('Olvidó marcar');
    const edited = await as.put(`${url}/${id}`, { employeeId: f.worker.id, date, checkIn: '09:30', checkOut: '18:00', notes: null, isPermission: false });
    expect(edited.statusCode).toBe(200);
    expect((await as.delete(`${url}/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, id))).toEqual([]);
    const log = await changesOf(id);
    expect(log.map((c) => [c.action, c.reason, c.authorUserId, c.authorName])).toEqual([
      ['created', 'Olvidó marcar', f.admin.id, f.admin.name],
      ['updated', 'sin motivo indicado', f.admin.id, f.admin.name],
      ['deleted', 'sin motivo indicado', f.admin.id, f.admin.name],
    ]);
  });

  it('says it in the request language; a reason given still wins over the notes; a blank one is "not given"', async () => {
    const as = t.as(f.admin);
    const en = { 'accept-language': 'en' };
    const date = addDays(f.today, -5);
    const created = await as.post(url, { employeeId: f.worker.id, date, checkIn: '09:00', reason: '  ', isPermission: false }, en);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    await as.put(`${url}/${id}`, { employeeId: f.worker.id, date, checkIn: '09:10', notes: 'nota', reason: 'Corrige la hora' });
    expect((await changesOf(id)).map((c) => c.reason)).toEqual(['no reason given', 'Corrige la hora']);
  });

  it("never touches another company's record, reason or not", async () => {
    const stranger = await t.factories.companyAdmin();
    const mine = await t.as(f.admin).post(url, { employeeId: f.worker.id, date: addDays(f.today, -6), checkIn: '08:00', notes: 'x' });
    const id = mine.json().data.id;
    expect((await t.as(stranger).put(`${url}/${id}`, { employeeId: f.worker.id, date: addDays(f.today, -6), checkIn: '10:00' })).statusCode).toBe(404);
    expect((await t.as(stranger).delete(`${url}/${id}`)).statusCode).toBe(404);
    expect((await t.as(stranger).post(url, { employeeId: f.worker.id, date: addDays(f.today, -7), checkIn: '08:00' })).statusCode).toBe(404);
    expect((await changesOf(id)).map((c) => c.action)).toEqual(['created']);
  });

  it("an invalid date says 'Formato inválido' once", async () => {
    const res = await t.as(f.admin).post(url, { employeeId: f.worker.id, date: '27/11/2026', checkIn: '09:00', notes: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'date', message: 'Formato inválido' }]);
    expect(res.json().message).toBe('Formato inválido');
  });
});

describe('auth messages from the catalogue', () => {
  it("reset-password without newPassword answers 'Por favor ingresa una nueva contraseña' (and the English text), not zod's", async () => {
    await t.anon.post('/api/auth/forgot-password', { email: f.admin.email });
    await afterAnswerSettled();
    const token = new URL(t.deps.mailer.outbox.at(-1)!.links![0]).searchParams.get('token')!;
    const es = await t.anon.post('/api/auth/reset-password', { token });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ code: 'validation_failed', message: 'Por favor ingresa una nueva contraseña' });
    const en = await t.anon.post('/api/auth/reset-password', { token }, { 'accept-language': 'en' });
    expect(en.json()).toMatchObject({ message: 'Please enter a new password', errors: [{ path: 'newPassword', message: 'Please enter a new password' }] });
  });

  it("register in English says the catalogue's 'Registration successful'", async () => {
    const res = await t.anon.post(
      '/api/auth/register',
      {
        name: 'Bakery Ltd',
        ruc: '20100070970',
        email: 'hello@bakery.pe',
        adminName: 'Ann Lee',
        adminEmail: 'ann-contract@bakery.pe',
        password: 'secure-pass-1',
        confirmPassword: 'secure-pass-1',
        turnstileToken: await t.solveCaptcha(),
      },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Registration successful');
  });
});

describe("the spec's face register call (one image, no consent field)", () => {
  it('is refused with a stable code naming what is missing: first the worker’s consent, then the 3-5 captures; nothing stored', async () => {
    const worker = await t.factories.employee(f.company.id);
    const send = (lang = 'es') =>
      postMultipart(
        t,
        '/api/company-admin-simple/face-recognition/register',
        f.admin,
        { employeeId: worker.id, descriptors: '[0.1,0.2]' },
        [{ field: 'image', images: [Buffer.from('not decoded: the count is checked first')] }],
        { 'accept-language': lang },
      );
    expect((await send()).json()).toMatchObject({ code: 'consent_required' });
    await signConsent(t.db, worker.id);
    const one = await send();
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ code: 'captures_count', message: 'Se necesitan entre 3 y 5 capturas del rostro.' });
    expect((await send('en')).json().message).toBe('Between 3 and 5 face captures are needed.');
    const other = await t.factories.companyAdmin();
    const foreign = await postMultipart(t, '/api/company-admin-simple/face-recognition/register', other, { employeeId: worker.id }, [
      { field: 'image', images: [Buffer.from('x')] },
    ]);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('one message per problem', () => {
  it('an empty new password says it is required, not also that it is too short (es/en)', async () => {
    for (const [lang, text] of [
      ['es', 'Por favor ingresa una nueva contraseña'],
      ['en', 'Please enter a new password'],
    ]) {
      const res = await t.anon.post('/api/auth/reset-password', { token: 'x', newPassword: '' }, { 'accept-language': lang });
      expect(res.json().errors).toEqual([{ path: 'newPassword', message: text }]);
    }
    const reg = await t.anon.post('/api/auth/register', {
      name: 'X',
      email: 'x@x.pe',
      adminName: 'X',
      adminEmail: 'y@x.pe',
      password: '',
      confirmPassword: '',
    });
    expect(reg.json().errors.filter((e: { path: string }) => e.path === 'password')).toEqual([{ path: 'password', message: 'La contraseña es requerida' }]);
  });
});
