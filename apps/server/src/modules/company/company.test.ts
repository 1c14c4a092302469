import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { companies, sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { makeFactories, TEST_PASSWORD } from '../../test/factories.js';
import { availableYears } from './company.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple';

describe('company settings and profile', () => {
  it("shows the actor's own plan and usage", async () => {
    const admin = await t.factories.companyAdmin();
    await t.factories.employee(admin.companyId!);
    await t.factories.employee(); // another company's
    const res = await t.as(admin).get(`${base}/company/settings`);
    expect(res.json().data).toMatchObject({
      id: admin.companyId,
      plan: 'FREE',
      currentEmployees: 1,
      maxEmployees: 5,
      usage: { employees: { used: 1, limit: 5 }, schedules: { used: 0, limit: 1 }, locations: { used: 0, limit: 1 } },
    });
  });

  it('renames only its own company', async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.company();
    expect((await t.as(admin).put(`${base}/company/name`, { name: ' ' })).json().message).toBe('El nombre de la empresa es requerido');
    await t.as(admin).put(`${base}/company/name`, { name: 'Nuevo Nombre SAC', companyId: other.id });
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, admin.companyId!) }))?.name).toBe('Nuevo Nombre SAC');
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, other.id) }))?.name).toBe(other.name);
  });

  it('reads and sets the forgotten check-out grace (1-24 h) of its own company only', async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.company({ openRecordGraceHours: 4 });
    const url = `${base}/company/attendance-settings`;
    expect((await t.anon.get(url)).statusCode).toBe(401);
    expect((await t.as(admin).get(url)).json()).toEqual({ data: { openRecordGraceHours: 4 } });

    for (const bad of [0, 25, 1.5, '6', null]) {
      const res = await t.as(admin).put(url, { openRecordGraceHours: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'openRecordGraceHours', message: 'El margen debe ser un número entero de horas entre 1 y 24' }]);
    }
    const en = await t.as(admin).put(url, { openRecordGraceHours: 48 }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('The grace must be a whole number of hours between 1 and 24');

    // A companyId in the body is ignored: the company is the session's.
    const res = await t.as(admin).put(url, { openRecordGraceHours: 6, companyId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { openRecordGraceHours: 6 }, message: 'Configuración de asistencia actualizada exitosamente' });
    expect((await t.as(admin).get(url)).json().data.openRecordGraceHours).toBe(6);
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, admin.companyId!) }))?.openRecordGraceHours).toBe(6);
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, other.id) }))?.openRecordGraceHours).toBe(4);
    expect(t.events.emitted).toContainEqual({
      room: `company_admin_${admin.companyId}`,
      event: 'company_update',
      payload: { id: admin.companyId, openRecordGraceHours: 6 },
    });

    const paths = (await t.anon.get('/api/openapi.json')).json().paths;
    expect(Object.keys(paths[`${base}/company/attendance-settings`])).toEqual(['get', 'put']);
  });

  it('changes the password after checking the current one; other sessions end, this one stays', async () => {
    const admin = await t.factories.companyAdmin();
    const wrong = await t.as(admin).put(`${base}/profile/password`, { currentPassword: 'nope', newPassword: 'nueva-clave-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Error al cambiar la contraseña. Verifique su contraseña actual.');
    const short = await t.as(admin).put(`${base}/profile/password`, { currentPassword: TEST_PASSWORD, newPassword: 'corta' });
    expect(short.json().message).toBe('La contraseña debe tener al menos 8 caracteres');
    const empty = await t.as(admin).put(`${base}/profile/password`, { currentPassword: '', newPassword: '' });
    expect(empty.json().message).toBe('Todos los campos son obligatorios');
    // A second session of the same admin.
    const second = await makeFactories(t.db).companyAdmin({ companyId: admin.companyId! });
    await t.db.update(sessions).set({ userId: admin.id }).where(eq(sessions.userId, second.id));
    const ok = await t.as(admin).put(`${base}/profile/password`, { currentPassword: TEST_PASSWORD, newPassword: 'nueva-clave-1' });
    expect(ok.json().message).toBe('Contraseña actualizada exitosamente');
    expect((await t.as(admin).get('/api/auth/verify')).statusCode).toBe(200);
    expect((await t.anon.get('/api/auth/verify', { cookie: `presente_session=${second.sessionToken}` })).statusCode).toBe(401);
  });

  it('changes the email: valid, different, not taken', async () => {
    const admin = await t.factories.companyAdmin();
    const taken = await t.factories.employeeUser();
    expect((await t.as(admin).put(`${base}/profile/email`, { newEmail: 'sin-arroba' })).json().message).toBe('Por favor ingrese un email válido');
    expect((await t.as(admin).put(`${base}/profile/email`, { newEmail: admin.email })).json().message).toBe('El nuevo email debe ser diferente al actual');
    expect((await t.as(admin).put(`${base}/profile/email`, { newEmail: taken.email })).statusCode).toBe(409);
    const ok = await t.as(admin).put(`${base}/profile/email`, { newEmail: 'admin.nuevo@empresa.pe' });
    expect(ok.json().message).toBe('Email de administrador actualizado exitosamente');
    expect((await t.as(admin).get('/api/auth/verify')).json().data.user.email).toBe('admin.nuevo@empresa.pe');
  });

  it('keeps the tour state per user: shown first, completed, reset', async () => {
    const admin = await t.factories.companyAdmin();
    const colleague = await t.factories.companyAdmin({ companyId: admin.companyId! });
    expect((await t.as(admin).get(`${base}/tour/status`)).json().data).toEqual({ hasCompletedTour: false, tourCompletedAt: null, shouldShowTour: true });
    const done = (await t.as(admin).post(`${base}/tour/complete`)).json().data;
    expect(done).toMatchObject({ hasCompletedTour: true, shouldShowTour: false, tourCompletedAt: expect.any(String) });
    expect((await t.as(colleague).get(`${base}/tour/status`)).json().data.shouldShowTour).toBe(true);
    expect((await t.as(admin).post(`${base}/tour/reset`)).json().data.shouldShowTour).toBe(true);
  });

  it("offers the company's current year and the one before even without records (last December on New Year's Day)", async () => {
    const admin = await t.factories.companyAdmin();
    await t.db.update(companies).set({ timezone: 'America/Lima' }).where(eq(companies.id, admin.companyId!));
    const ctx = { db: t.db, actor: { companyId: admin.companyId } } as unknown as Ctx;
    expect((await t.as(admin).get(`${base}/available-years`)).json().data).toEqual(await availableYears(ctx));
    // 1 January 2027, 00:30 in Lima.
    expect(await availableYears(ctx, new Date('2027-01-01T05:30:00Z'))).toEqual([2027, 2026]);
    // 31 December 2026, 21:00 in Lima: already 2027 in UTC, still 2026 for the company.
    expect(await availableYears(ctx, new Date('2027-01-01T02:00:00Z'))).toEqual([2026, 2025]);
  });
});
