import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { addAttendance, addEmployee, cookieOf, login, messagesOf } from './test-helpers.js';

let t: TestApp;
let root: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '10' });
  root = await t.factories.superAdmin();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/super-admin/dashboard', () => {
  it('counts companies, employees (live, active) and attendance records of the whole platform', async () => {
    const before = (await t.as(root).get('/api/super-admin/dashboard')).json().data;
    const company = await t.factories.company();
    const active = await addEmployee(t, company.id);
    await addEmployee(t, company.id, { status: 'INACTIVE' });
    await addEmployee(t, company.id, { deletedAt: new Date() });
    await addAttendance(t, company.id, active.id, '2026-03-02');
    await addAttendance(t, company.id, active.id, '2026-03-03');
    const res = await t.as(root).get('/api/super-admin/dashboard');
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.totalCompanies - before.totalCompanies).toBe(1);
    expect(after.totalEmployees - before.totalEmployees).toBe(2);
    expect(after.activeEmployees - before.activeEmployees).toBe(1);
    expect(after.totalAttendances - before.totalAttendances).toBe(2);
    expect(after.system).toMatchObject({ database: 'connected', api: 'ok', faceEngine: 'not_loaded', payments: 'simulator', storage: { mode: 'outbox' } });
  });

  it("reports DATA_DIR's state for the embedded database and 'external' for PostgreSQL", async () => {
    const config = t.deps.config as { DATA_DIR: string };
    const original = config.DATA_DIR;
    const dir = mkdtempSync(join(tmpdir(), 'presente-admin-'));
    try {
      config.DATA_DIR = dir;
      const writable = (await t.as(root).get('/api/super-admin/dashboard')).json().data.system.storage.dataDir;
      config.DATA_DIR = join(dir, 'missing', 'folder');
      const missing = (await t.as(root).get('/api/super-admin/dashboard')).json().data.system.storage.dataDir;
      if (t.deps.dbKind === 'pglite') {
        expect(writable).toBe('writable');
        expect(missing).toBe('not_writable');
      } else {
        expect([writable, missing]).toEqual(['external', 'external']);
      }
    } finally {
      config.DATA_DIR = original;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says 'error' for the database when the ping fails", async () => {
    const deps = t.deps as { ping: () => Promise<void> };
    const ping = deps.ping;
    deps.ping = async () => {
      throw new Error('down');
    };
    try {
      const res = await t.as(root).get('/api/super-admin/dashboard');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.system.database).toBe('error');
    } finally {
      deps.ping = ping;
    }
  });
});

describe('company admin status', () => {
  const toggle = (id: string) => `/api/super-admin/companies/${id}/admin/toggle-status`;
  const status = (id: string) => `/api/super-admin/companies/${id}/admin/status`;

  it('answers 404 for an unknown company or one without admin, 400 without isActive', async () => {
    expect((await t.as(root).patch(toggle(UNKNOWN_ID), { isActive: false })).statusCode).toBe(404);
    expect((await t.as(root).get(status(UNKNOWN_ID))).statusCode).toBe(404);
    const lonely = await t.factories.company();
    const res = await t.as(root).get(status(lonely.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('La empresa no tiene administrador');
    const company = await t.factories.company();
    await t.factories.companyAdmin({ companyId: company.id });
    const bad = await t.as(root).patch(toggle(company.id), { isActive: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Indica si el administrador queda activo');
  });

  it('deactivating ends the admin session and login answers account_inactive; activating restores login', async () => {
    const company = await t.factories.company();
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const colleague = await t.factories.employeeUser({ companyId: company.id });
    expect((await t.as(root).get(status(company.id))).json().data).toEqual({ isActive: true, name: admin.name, email: admin.email });

    const off = await t.as(root).patch(toggle(company.id), { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { isActive: false, name: admin.name, email: admin.email }, message: 'Administrador desactivado exitosamente' });
    expect(await t.db.query.sessions.findFirst({ where: eq(sessions.userId, admin.id) })).toBeUndefined();
    expect((await t.as(admin).get('/api/auth/verify')).statusCode).toBe(401);
    expect((await t.as(colleague).get('/api/auth/verify')).statusCode).toBe(200);
    const refused = await login(t, admin.email, admin.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_inactive');
    expect((await t.as(root).get(status(company.id))).json().data.isActive).toBe(false);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, admin.id) }))!.isActive).toBe(false);
    expect(t.events.emitted).toContainEqual({
      room: 'super_admin',
      event: 'company_update',
      payload: { action: 'admin_status_changed', companyId: company.id, isActive: false },
    });

    const on = await t.as(root).patch(toggle(company.id), { isActive: true }, { 'accept-language': 'en' });
    expect(on.json().message).toBe('Administrator activated successfully');
    expect((await login(t, admin.email, admin.password)).statusCode).toBe(200);
  });
});

describe('PATCH /api/super-admin/change-password', () => {
  const url = '/api/super-admin/change-password';

  it('answers the spec messages for missing, short, mismatched and unchanged passwords', async () => {
    const me = await t.factories.superAdmin();
    const empty = await t.as(me).patch(url, {});
    expect(messagesOf(empty)).toEqual(expect.arrayContaining(['La contraseña actual es requerida', 'La nueva contraseña es requerida']));
    const short = await t.as(me).patch(url, { currentPassword: me.password, newPassword: 'corta', confirmPassword: 'corta' });
    expect(short.json().message).toBe('La contraseña debe tener al menos 8 caracteres');
    const mismatch = await t.as(me).patch(url, { currentPassword: me.password, newPassword: 'nueva-clave-1', confirmPassword: 'nueva-clave-2' });
    expect(mismatch.json().errors).toContainEqual({ path: 'confirmPassword', message: 'Las contraseñas no coinciden' });
    const same = await t.as(me).patch(url, { currentPassword: me.password, newPassword: me.password });
    expect(same.json().message).toBe('La nueva contraseña debe ser diferente a la actual');
  });

  it('refuses a wrong current password with 400 (the session stays) in both languages', async () => {
    const me = await t.factories.superAdmin();
    const es = await t.as(me).patch(url, { currentPassword: 'no-es-la-mia', newPassword: 'nueva-clave-1' });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ code: 'validation_failed', message: 'Contraseña actual incorrecta' });
    const en = await t.as(me).patch(url, { currentPassword: 'no-es-la-mia', newPassword: 'nueva-clave-1' }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Current password is incorrect');
    expect((await t.as(me).get('/api/auth/verify')).statusCode).toBe(200);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, me.id) });
    expect(row!.passwordHash).toBe(me.passwordHash);
  });

  it('answers 429 after 5 wrong current passwords', async () => {
    const me = await t.factories.superAdmin();
    for (let i = 0; i < 5; i++) expect((await t.as(me).patch(url, { currentPassword: `mala-${i}`, newPassword: 'nueva-clave-1' })).statusCode).toBe(400);
    const locked = await t.as(me).patch(url, { currentPassword: me.password, newPassword: 'nueva-clave-1' });
    expect(locked.statusCode).toBe(429);
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const me = await t.factories.superAdmin();
    const other = await login(t, me.email, me.password);
    const otherCookie = cookieOf(other)!;
    expect((await t.anon.get('/api/auth/verify', { cookie: otherCookie })).statusCode).toBe(200);

    const res = await t.as(me).patch(url, { currentPassword: me.password, newPassword: 'nueva-clave-segura', confirmPassword: 'nueva-clave-segura' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contraseña actualizada exitosamente' });
    expect((await t.as(me).get('/api/auth/verify')).statusCode).toBe(200);
    expect((await t.anon.get('/api/auth/verify', { cookie: otherCookie })).statusCode).toBe(401);
    expect(await t.db.query.sessions.findMany({ where: eq(sessions.userId, me.id) })).toHaveLength(1);
    expect((await login(t, me.email, me.password)).statusCode).toBe(401);
    expect((await login(t, me.email, 'nueva-clave-segura')).statusCode).toBe(200);
    expect(t.events.emitted).toContainEqual({
      room: 'super_admin',
      event: 'super_admin_profile_updated',
      payload: { userId: me.id, action: 'password_changed' },
    });
  });
});

describe('PATCH /api/super-admin/change-email', () => {
  const url = '/api/super-admin/change-email';

  it('answers the spec messages for an invalid or unchanged email', async () => {
    const me = await t.factories.superAdmin();
    for (const newEmail of ['', 'sin-arroba', undefined]) {
      const res = await t.as(me).patch(url, { newEmail });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Por favor ingrese un email válido');
    }
    const same = await t.as(me).patch(url, { newEmail: me.email.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'newEmail', message: 'El nuevo email debe ser diferente al actual' }]);
  });

  it('answers 409 when another account uses the email', async () => {
    const me = await t.factories.superAdmin();
    const someone = await t.factories.companyAdmin();
    const res = await t.as(me).patch(url, { newEmail: someone.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
    expect((await t.db.query.users.findFirst({ where: eq(users.id, me.id) }))!.email).toBe(me.email);
  });

  it('changes the login email', async () => {
    const me = await t.factories.superAdmin();
    const newEmail = `root-${Math.random().toString(36).slice(2)}@presente.example`;
    const res = await t.as(me).patch(url, { newEmail: ` ${newEmail.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email: newEmail }, message: 'Email actualizado exitosamente' });
    expect((await t.db.query.users.findFirst({ where: eq(users.id, me.id) }))!.email).toBe(newEmail);
    expect((await t.as(me).get('/api/auth/verify')).json().data.user.email).toBe(newEmail);
    expect((await login(t, newEmail, me.password)).statusCode).toBe(200);
    expect(t.events.emitted).toContainEqual({
      room: 'super_admin',
      event: 'super_admin_profile_updated',
      payload: { userId: me.id, action: 'email_changed', newEmail },
    });
  });
});
