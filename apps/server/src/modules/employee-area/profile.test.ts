import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employees, sessions, users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/crypto.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { makeFactories, TEST_PASSWORD } from '../../test/factories.js';
import { BASE } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const employeeRow = async (id: string) => (await t.db.query.employees.findFirst({ where: eq(employees.id, id) }))!;
const userRow = async (id: string) => (await t.db.query.users.findFirst({ where: eq(users.id, id) }))!;

describe('profile', () => {
  it('shows the own employee data, company name and account email', async () => {
    const company = await t.factories.company({ name: 'Comercial Andes SAC' });
    const dept = await t.factories.department(company.id, 'Ventas');
    const employee = await t.factories.employee(company.id, { departmentId: dept.id, position: 'Vendedor', phone: '999111222' });
    await t.factories.employee(company.id, { position: 'Otro' });
    const res = await t.as(employee.account).get(`${BASE}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: employee.id,
      firstName: 'Ana',
      employeeCode: employee.employeeCode,
      position: 'Vendedor',
      phone: '999111222',
      department: { id: dept.id, name: 'Ventas' },
      schedule: null,
      company: { id: company.id, name: 'Comercial Andes SAC' },
      account: { email: employee.account.email, role: 'EMPLOYEE' },
    });
  });

  it('lets the employee change only the phone; names and codes stay the admin’s', async () => {
    const employee = await t.factories.employee();
    const colleague = await t.factories.employee(employee.companyId, { phone: '111111111' });
    const bad = await t.as(employee.account).put(`${BASE}/profile`, { phone: 'llámame' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Número de teléfono inválido');
    const missing = await t.as(employee.account).put(`${BASE}/profile`, {});
    expect(missing.statusCode).toBe(400);

    const res = await t.as(employee.account).put(`${BASE}/profile`, { phone: ' +51 987 654 321 ', firstName: 'Hacker', employeeCode: 'X-1', id: colleague.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Perfil actualizado exitosamente', data: { phone: '+51 987 654 321', firstName: 'Ana' } });
    const after = await employeeRow(employee.id);
    expect(after).toMatchObject({ phone: '+51 987 654 321', firstName: 'Ana', employeeCode: employee.employeeCode });
    expect((await employeeRow(colleague.id)).phone).toBe('111111111');
    expect(t.events.emitted).toContainEqual({
      room: `company_admin_${employee.companyId}`,
      event: 'employee_update',
      payload: { action: 'updated', id: employee.id },
    });

    await t.as(employee.account).put(`${BASE}/profile`, { phone: '' });
    expect((await employeeRow(employee.id)).phone).toBeNull();
  });
});

describe('own password', () => {
  it('checks length and the current password; other sessions end, this one stays', async () => {
    const employee = await t.factories.employee();
    const me = t.as(employee.account);
    const short = await me.put(`${BASE}/profile/password`, { currentPassword: TEST_PASSWORD, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('La contraseña debe tener al menos 6 caracteres');
    const empty = await me.put(`${BASE}/profile/password`, { currentPassword: '', newPassword: '' });
    expect(empty.json().message).toBe('Todos los campos son obligatorios');
    const mismatch = await me.put(`${BASE}/profile/password`, { currentPassword: TEST_PASSWORD, newPassword: 'nueva1', confirmPassword: 'nueva2' });
    expect(mismatch.json().message).toBe('Las contraseñas no coinciden');
    const wrong = await me.put(`${BASE}/profile/password`, { currentPassword: 'no-es-esta', newPassword: 'nueva1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Error al cambiar la contraseña. Verifique su contraseña actual.');

    // A second session of the same account (another device).
    const second = await makeFactories(t.db).employeeUser({ companyId: employee.companyId });
    await t.db.update(sessions).set({ userId: employee.account.id }).where(eq(sessions.userId, second.id));

    const ok = await me.put(`${BASE}/profile/password`, { currentPassword: TEST_PASSWORD, newPassword: 'nueva1', confirmPassword: 'nueva1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Contraseña cambiada exitosamente');
    expect(await verifyPassword((await userRow(employee.account.id)).passwordHash, 'nueva1')).toBe(true);
    expect((await me.get(`${BASE}/profile`)).statusCode).toBe(200);
    expect((await t.anon.get(`${BASE}/profile`, { cookie: `presente_session=${second.sessionToken}` })).statusCode).toBe(401);
  });

  it('answers 429 after 5 wrong current passwords', async () => {
    const employee = await t.factories.employee();
    const url = `${BASE}/profile/password`;
    for (let i = 0; i < 5; i++) expect((await t.as(employee.account).put(url, { currentPassword: `mala-${i}`, newPassword: 'nueva1' })).statusCode).toBe(400);
    const locked = await t.as(employee.account).put(url, { currentPassword: TEST_PASSWORD, newPassword: 'nueva1' });
    expect(locked.statusCode).toBe(429);
    expect(await verifyPassword((await userRow(employee.account.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });
});

describe('own email', () => {
  it('validates, refuses the same or a taken address, and changes login and employee email together', async () => {
    const employee = await t.factories.employee();
    const colleague = await t.factories.employee(employee.companyId);
    const me = t.as(employee.account);
    const invalid = await me.put(`${BASE}/profile/email`, { newEmail: 'sin-arroba' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Por favor ingresa un email válido');
    expect((await me.put(`${BASE}/profile/email`, { newEmail: employee.account.email.toUpperCase() })).json().message).toBe(
      'El nuevo email debe ser diferente al actual',
    );
    const taken = await me.put(`${BASE}/profile/email`, { newEmail: colleague.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe una cuenta con ese email');

    const ok = await me.put(`${BASE}/profile/email`, { newEmail: 'Ana.Nueva@Empresa.pe' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Email cambiado exitosamente', data: { email: 'ana.nueva@empresa.pe' } });
    expect((await userRow(employee.account.id)).email).toBe('ana.nueva@empresa.pe');
    expect((await employeeRow(employee.id)).email).toBe('ana.nueva@empresa.pe');
    expect((await employeeRow(colleague.id)).email).toBe(colleague.email);
    expect((await me.get('/api/auth/verify')).json().data.user.email).toBe('ana.nueva@empresa.pe');
    expect((await me.get(`${BASE}/dashboard`)).json().data.employee.email).toBe('ana.nueva@empresa.pe');
  });

  it('a changed email is told to the old address, whose link puts it back and ends every session (a stolen session cannot keep the account)', async () => {
    const employee = await t.factories.employee();
    const old = employee.account.email;
    const thief = t.as(employee.account);
    expect((await thief.put(`${BASE}/profile/email`, { newEmail: 'ladron@example.com' })).statusCode).toBe(200);
    const notice = t.deps.mailer.outbox.at(-1)!;
    expect(notice.to).toBe(old);
    expect(notice.text).toContain('ladron@example.com');
    const token = new URL(notice.links![0]).searchParams.get('token')!;
    expect(notice.links![0]).toMatch(/\/undo-email-change\?token=/);

    // A forged or altered token does nothing.
    for (const bad of ['x.y', `${token.slice(0, -2)}AA`]) expect((await t.anon.post('/api/auth/email-change/undo', { token: bad })).statusCode).toBe(400);
    expect((await userRow(employee.account.id)).email).toBe('ladron@example.com');

    const undo = await t.anon.post('/api/auth/email-change/undo', { token });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ data: { email: old }, message: expect.stringContaining('restaurado') });
    expect((await userRow(employee.account.id)).email).toBe(old);
    expect((await employeeRow(employee.id)).email).toBe(old);
    expect((await thief.get('/api/auth/verify')).statusCode).toBe(401);
    // Once only.
    expect((await t.anon.post('/api/auth/email-change/undo', { token })).json().code).toBe('invalid_token');
  });

  it('keeps both rows unchanged when the employee row cannot take the address', async () => {
    const employee = await t.factories.employee();
    // An employee row of the same company with that address but no login account (e.g. imported, not yet invited).
    await t.db.insert(employees).values({
      companyId: employee.companyId,
      firstName: 'Sin',
      lastName: 'Cuenta',
      email: 'ocupado@empresa.pe',
      employeeCode: `NC-${employee.id.slice(0, 6)}`,
    });
    const res = await t.as(employee.account).put(`${BASE}/profile/email`, { newEmail: 'ocupado@empresa.pe' });
    expect(res.statusCode).toBe(409);
    expect((await userRow(employee.account.id)).email).toBe(employee.account.email);
    expect((await employeeRow(employee.id)).email).toBe(employee.email);
  });
});
