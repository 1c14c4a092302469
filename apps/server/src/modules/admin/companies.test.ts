import { findCountry } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceLinks, attendanceRecords, companies, employees, schedules, sessions, users, workLocations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { addAttendance, addEmployee, login, messagesOf } from './test-helpers.js';

let t: TestApp;
let root: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '10' });
  root = await t.factories.superAdmin();
});

const uniq = () => Math.random().toString(36).slice(2, 10);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const flatPayload = (over: Record<string, unknown> = {}) => {
  const u = uniq();
  return {
    name: `Ferretería ${u}`,
    ruc: '20601234565',
    email: `contacto-${u}@ferreteria.pe`,
    plan: 'PREMIUM',
    maxEmployees: 25,
    adminName: 'Carlos Huamán',
    adminEmail: `carlos-${u}@ferreteria.pe`,
    setupType: 'manual',
    adminPassword: 'temporal-123',
    phone: '+51 1 555 0101',
    address: 'Jr. Cusco 456',
    city: 'Arequipa',
    ...over,
  };
};

const nestedPayload = (over: Record<string, unknown> = {}, admin: Record<string, unknown> = {}) => {
  const u = uniq();
  return {
    name: `Librería ${u}`,
    ruc: '20509876542',
    email: `ventas-${u}@libreria.pe`,
    plan: 'FREE',
    maxEmployees: 5,
    adminData: { name: 'Lucía Flores', email: `lucia-${u}@libreria.pe`, password: '', setupOption: 'email', ...admin },
    ...over,
  };
};

describe('access to /api/super-admin', () => {
  const calls: [method: 'get' | 'post' | 'put' | 'delete' | 'patch', url: string][] = [
    ['get', '/api/super-admin/dashboard'],
    ['get', '/api/super-admin/companies'],
    ['get', `/api/super-admin/companies/${UNKNOWN_ID}`],
    ['post', '/api/super-admin/companies'],
    ['put', `/api/super-admin/companies/${UNKNOWN_ID}`],
    ['delete', `/api/super-admin/companies/${UNKNOWN_ID}`],
    ['patch', `/api/super-admin/companies/${UNKNOWN_ID}/admin/toggle-status`],
    ['get', `/api/super-admin/companies/${UNKNOWN_ID}/admin/status`],
    ['patch', '/api/super-admin/change-password'],
    ['patch', '/api/super-admin/change-email'],
  ];

  it('answers 401 without a session, before looking at the body', async () => {
    for (const [method, url] of calls) {
      const res = await t.anon[method](url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('answers 403 to a company admin and to an employee', async () => {
    const admin = await t.factories.companyAdmin();
    const employee = await t.factories.employeeUser();
    for (const user of [admin, employee]) {
      for (const [method, url] of calls) {
        const res = await t.as(user)[method](url);
        expect(res.statusCode, `${user.role} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
  });
});

describe('GET /api/super-admin/companies', () => {
  it('pages by 10 by default: 12 companies make 2 pages, page 2 has the other 2', async () => {
    const tag = `pag${uniq()}`;
    for (let i = 0; i < 12; i++) await t.factories.company({ name: `Paginada ${tag} ${i}` });
    const first = await t.as(root).get(`/api/super-admin/companies?search=${tag}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(10);
    expect(first.json().pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2, totalPages: 2 });
    const second = await t.as(root).get(`/api/super-admin/companies?search=${tag}&page=2&limit=10`);
    expect(second.json().data).toHaveLength(2);
    expect(second.json().pagination).toEqual({ page: 2, limit: 10, total: 12, pages: 2, totalPages: 2 });
    const ids = new Set([...first.json().data, ...second.json().data].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(12);
    const bySix = await t.as(root).get(`/api/super-admin/companies?search=${tag}&limit=5`);
    expect(bySix.json().pagination).toMatchObject({ pages: 3, totalPages: 3 });
  });

  it('refuses a limit over 100 and a page below 1', async () => {
    expect((await t.as(root).get('/api/super-admin/companies?limit=101')).statusCode).toBe(400);
    expect((await t.as(root).get('/api/super-admin/companies?page=0')).statusCode).toBe(400);
    expect((await t.as(root).get('/api/super-admin/companies?limit=100')).statusCode).toBe(200);
  });

  it('searches name, tax id and email case-insensitively, and filters by plan and status', async () => {
    const tag = uniq();
    const a = await t.factories.company({ name: `Bodega ${tag.toUpperCase()}`, plan: 'PREMIUM', status: 'ACTIVE' });
    const b = await t.factories.company({ ruc: `RUC${tag}`, plan: 'FREE', status: 'SUSPENDED' });
    const c = await t.factories.company({ email: `hola-${tag}@tienda.pe`, plan: 'FREE', status: 'INACTIVE' });
    const ids = async (query: string) =>
      (await t.as(root).get(`/api/super-admin/companies?${query}`))
        .json()
        .data.map((x: { id: string }) => x.id)
        .sort();
    expect(await ids(`search=${tag}`)).toEqual([a.id, b.id, c.id].sort());
    expect(await ids(`search=${tag}&plan=PREMIUM`)).toEqual([a.id]);
    expect(await ids(`search=${tag}&status=SUSPENDED`)).toEqual([b.id]);
    expect(await ids(`search=${tag}&plan=FREE&status=INACTIVE`)).toEqual([c.id]);
    // An empty filter (the "all" option) filters nothing.
    expect(await ids(`search=${tag}&plan=&status=`)).toEqual([a.id, b.id, c.id].sort());
    expect((await t.as(root).get('/api/super-admin/companies?plan=GOLD')).statusCode).toBe(400);
  });

  it('takes % and _ in the search literally', async () => {
    const tag = uniq();
    const pct = await t.factories.company({ name: `Jugos 100% ${tag}` });
    await t.factories.company({ name: `Jugos 1000 ${tag}` });
    const res = await t.as(root).get(`/api/super-admin/companies?search=${encodeURIComponent(`100% ${tag}`)}`);
    expect(res.json().data.map((x: { id: string }) => x.id)).toEqual([pct.id]);
    const all = await t.as(root).get(`/api/super-admin/companies?search=${encodeURIComponent('%')}&limit=100`);
    for (const row of all.json().data) expect(`${row.name}${row.ruc}${row.email}`).toContain('%');
    const under = await t.as(root).get(`/api/super-admin/companies?search=${encodeURIComponent(`_${tag}`)}`);
    expect(under.json().data).toEqual([]);
  });

  it('shows each company with its counted employees (ACTIVE, not deleted: the plan limit count) and its first admin', async () => {
    const company = await t.factories.company({ name: `Conteo ${uniq()}`, maxEmployees: 30, plan: 'PREMIUM' });
    const first = await t.factories.companyAdmin({ companyId: company.id });
    await t.factories.companyAdmin({ companyId: company.id });
    await addEmployee(t, company.id);
    await addEmployee(t, company.id, { status: 'INACTIVE' });
    await addEmployee(t, company.id, { deletedAt: new Date() });
    const other = await t.factories.company();
    await addEmployee(t, other.id);

    const res = await t.as(root).get(`/api/super-admin/companies?search=${encodeURIComponent(company.name)}`);
    expect(res.json().data).toEqual([
      {
        id: company.id,
        name: company.name,
        ruc: company.ruc,
        legalName: null,
        email: company.email,
        phone: null,
        address: null,
        city: null,
        country: 'PE',
        timezone: 'America/Lima',
        locale: 'es-PE',
        plan: 'PREMIUM',
        status: 'ACTIVE',
        maxEmployees: 30,
        currentEmployees: 1,
        registeredAt: company.registeredAt.toISOString(),
        updatedAt: company.updatedAt.toISOString(),
        admin: { id: first.id, name: first.name, email: first.email, isActive: true },
        closedAt: null,
        billingFlag: null,
      },
    ]);
    const lonely = await t.factories.company({ name: `Sin admin ${uniq()}` });
    const none = await t.as(root).get(`/api/super-admin/companies?search=${encodeURIComponent(lonely.name)}`);
    expect(none.json().data[0]).toMatchObject({ currentEmployees: 0, admin: null });
  });
});

describe('GET /api/super-admin/companies/:id', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.as(root).get(`/api/super-admin/companies/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Empresa no encontrada' });
    expect((await t.as(root).get('/api/super-admin/companies/abc')).statusCode).toBe(400);
  });

  it('returns one company of any tenant', async () => {
    const company = await t.factories.company({ city: 'Cusco' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const res = await t.as(root).get(`/api/super-admin/companies/${company.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: company.id, city: 'Cusco', currentEmployees: 0, admin: { id: admin.id, email: admin.email } });
  });
});

describe('POST /api/super-admin/companies', () => {
  it('answers the spec messages for missing fields', async () => {
    const res = await t.as(root).post('/api/super-admin/companies', { name: ' ', ruc: '', email: '', adminName: '', adminEmail: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([
        'El nombre de la empresa es requerido',
        'El RUC es requerido',
        'El email de la empresa es requerido',
        'El nombre del administrador es requerido',
        'El email del administrador es requerido',
      ]),
    );
    const absent = await t.as(root).post('/api/super-admin/companies', { adminData: {} });
    expect(absent.statusCode).toBe(400);
    expect(messagesOf(absent).sort()).toEqual(
      [
        'El nombre de la empresa es requerido',
        'El RUC es requerido',
        'El email de la empresa es requerido',
        'El nombre del administrador es requerido',
        'El email del administrador es requerido',
      ].sort(),
    );
  });

  it('requires a password of 8 or more for a manual setup, in both payload shapes', async () => {
    const flatMissing = await t.as(root).post('/api/super-admin/companies', flatPayload({ adminPassword: undefined }));
    expect(flatMissing.statusCode).toBe(400);
    expect(flatMissing.json().errors).toContainEqual({ path: 'adminPassword', message: 'La contraseña es requerida cuando se configura manualmente' });
    const nestedMissing = await t.as(root).post('/api/super-admin/companies', nestedPayload({}, { setupOption: 'manual', password: '' }));
    expect(messagesOf(nestedMissing)).toContain('La contraseña es requerida cuando se configura manualmente');
    const short = await t.as(root).post('/api/super-admin/companies', nestedPayload({}, { setupOption: 'manual', password: 'corta' }));
    expect(messagesOf(short)).toContain('La contraseña debe tener al menos 8 caracteres');
    const en = await t.as(root).post('/api/super-admin/companies', flatPayload({ adminPassword: '' }), { 'accept-language': 'en' });
    expect(en.json().message).toBe('The password is required when setting up access manually');
  });

  it('validates plan, maxEmployees, tax id length and status', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ maxEmployees: 0 }, 'El máximo de empleados debe ser un número entero mayor o igual a 1 (o -1 para ilimitado)'],
      [{ maxEmployees: 'abc' }, 'El máximo de empleados debe ser un número entero mayor o igual a 1 (o -1 para ilimitado)'],
      [{ maxEmployees: 2.5 }, 'El máximo de empleados debe ser un número entero mayor o igual a 1 (o -1 para ilimitado)'],
      // Beyond the integer column once gave a 500; now the schema bounds it with a message.
      [{ maxEmployees: 3_000_000_000 }, 'El máximo de empleados debe estar entre 1 y 100000 (o -1 para ilimitado)'],
      [{ maxEmployees: 100_001 }, 'El máximo de empleados debe estar entre 1 y 100000 (o -1 para ilimitado)'],
      [{ plan: 'GOLD' }, 'El plan debe ser FREE o PREMIUM'],
      [{ ruc: '1'.repeat(21) }, 'El RUC debe tener como máximo 20 caracteres'],
      [{ status: 'SUSPENDED' }, 'El estado SUSPENDED no se puede seleccionar; elige ACTIVE o INACTIVE'],
      [{ email: 'no-es-email' }, 'Por favor ingresa un correo electrónico válido'],
    ];
    for (const [over, message] of cases) {
      const res = await t.as(root).post('/api/super-admin/companies', flatPayload(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(messagesOf(res), JSON.stringify(over)).toContain(message);
    }
    const unlimited = await t.as(root).post('/api/super-admin/companies', flatPayload({ maxEmployees: -1 }));
    expect(unlimited.statusCode).toBe(201);
    expect(unlimited.json().data.maxEmployees).toBe(-1);
    // On edit too: 400, and the company keeps its value.
    const edited = await t.as(root).put(`/api/super-admin/companies/${unlimited.json().data.id}`, { maxEmployees: 3_000_000_000 });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().code).toBe('validation_failed');
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, unlimited.json().data.id) }))?.maxEmployees).toBe(-1);
  });

  it('creates the company and its admin from the flat shape with a manual password, who can then log in', async () => {
    const body = flatPayload();
    const mailsBefore = t.deps.mailer.outbox.length;
    const res = await t.as(root).post('/api/super-admin/companies', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Empresa creada exitosamente');
    expect(res.json().warning).toBeUndefined();
    const data = res.json().data;
    expect(data).toMatchObject({
      name: body.name,
      ruc: body.ruc,
      email: body.email,
      phone: body.phone,
      address: body.address,
      city: body.city,
      plan: 'PREMIUM',
      status: 'ACTIVE',
      maxEmployees: 25,
      currentEmployees: 0,
      country: 'PE',
      timezone: 'America/Lima',
      locale: 'es-PE',
      admin: { name: 'Carlos Huamán', email: body.adminEmail, isActive: true },
    });
    const company = await t.db.query.companies.findFirst({ where: eq(companies.id, data.id) });
    expect(company).toMatchObject({ name: body.name, plan: 'PREMIUM', maxEmployees: 25, status: 'ACTIVE' });
    const admin = await t.db.query.users.findFirst({ where: eq(users.email, body.adminEmail) });
    expect(admin).toMatchObject({ role: 'COMPANY_ADMIN', companyId: data.id, isActive: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(t.deps.mailer.outbox.length).toBe(mailsBefore);
    const loggedIn = await login(t, body.adminEmail, body.adminPassword);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().data.user).toMatchObject({ role: 'COMPANY_ADMIN', companyId: data.id });
    expect(t.events.emitted).toContainEqual({ room: 'super_admin', event: 'company_update', payload: { action: 'created', companyId: data.id } });
    expect(t.events.emitted).toContainEqual(expect.objectContaining({ room: 'super_admin', event: 'system_stats_update' }));
  });

  it('with setup by email (nested shape) mails a random password that logs the admin in', async () => {
    const body = nestedPayload();
    const res = await t.as(root).post('/api/super-admin/companies', body, { host: 'localhost:3000' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: body.name, plan: 'FREE', maxEmployees: 5, admin: { name: 'Lucía Flores', email: body.adminData.email } });
    const mail = t.deps.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(body.adminData.email);
    expect(mail.subject).toContain(body.name);
    expect(mail.links).toEqual(['http://localhost:3000/login']);
    expect(mail.text).toContain('http://localhost:3000/login');
    expect(mail.text).toContain(`Email: ${body.adminData.email}`);
    const password = /Contraseña temporal: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const loggedIn = await login(t, body.adminData.email, password!);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().data.user.role).toBe('COMPANY_ADMIN');
  });

  it('applies the defaults: FREE, 10 employees, ACTIVE, setup by email; the country decides timezone and locale', async () => {
    const u = uniq();
    const res = await t.as(root).post('/api/super-admin/companies', {
      name: `Minimal ${u}`,
      ruc: '20100070970',
      email: `m-${u}@example.com`,
      adminName: 'Min',
      adminEmail: `min-${u}@example.com`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ plan: 'FREE', maxEmployees: 10, status: 'ACTIVE', country: 'PE', timezone: 'America/Lima', locale: 'es-PE' });
    expect(t.deps.mailer.outbox.at(-1)!.to).toBe(`min-${u}@example.com`);
    const mx = await t.as(root).post('/api/super-admin/companies', flatPayload({ country: 'MX', status: 'INACTIVE' }));
    expect(mx.statusCode).toBe(201);
    expect(mx.json().data).toMatchObject({ country: 'MX', timezone: findCountry('MX')!.timezones[0].timezone, locale: 'es-MX', status: 'INACTIVE' });
    const bad = await t.as(root).post('/api/super-admin/companies', flatPayload({ country: 'PE', timezone: 'Europe/Madrid' }));
    expect(bad.statusCode).toBe(400);
  });

  it('answers 409 when the admin email is taken (any case) and leaves no company behind', async () => {
    const existing = await t.factories.employeeUser();
    const body = flatPayload({ adminEmail: existing.email.toUpperCase() });
    const res = await t.as(root).post('/api/super-admin/companies', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', message: 'Ya existe una cuenta con ese email' });
    expect(await t.db.query.companies.findFirst({ where: eq(companies.name, body.name) })).toBeUndefined();
  });

  it('still creates the company when the mail fails, with a warning', async () => {
    const mailer = t.deps.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const body = nestedPayload();
      const res = await t.as(root).post('/api/super-admin/companies', body);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Empresa creada exitosamente');
      expect(res.json().warning).toMatch(/no se pudo enviar el email/);
      expect(await t.db.query.companies.findFirst({ where: eq(companies.id, res.json().data.id) })).toBeDefined();
    } finally {
      mailer.send = send;
    }
  });
});

describe('PUT /api/super-admin/companies/:id', () => {
  const url = (id: string) => `/api/super-admin/companies/${id}`;

  it('answers 404 for an unknown company and the spec messages for bad fields', async () => {
    expect((await t.as(root).put(url(UNKNOWN_ID), { name: 'X' })).statusCode).toBe(404);
    const company = await t.factories.company();
    const empty = await t.as(root).put(url(company.id), { name: '' });
    expect(empty.json().message).toBe('El nombre de la empresa es requerido');
    const shortPassword = await t.as(root).put(url(company.id), { adminData: { password: 'corta' } });
    expect(shortPassword.json().message).toBe('La contraseña debe tener al menos 8 caracteres');
    const suspended = await t.as(root).put(url(company.id), { status: 'SUSPENDED' });
    expect(suspended.statusCode).toBe(400);
    expect(suspended.json().errors).toEqual([{ path: 'status', message: 'El estado SUSPENDED no se puede seleccionar; elige ACTIVE o INACTIVE' }]);
    const noAdmin = await t.as(root).put(url(company.id), { adminName: 'Nadie' });
    expect(noAdmin.statusCode).toBe(404);
    expect(noAdmin.json().message).toBe('La empresa no tiene administrador');
  });

  it('changes only the fields sent, and the admin (nested shape) without touching the password', async () => {
    const company = await t.factories.company({ phone: '123', city: 'Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const newEmail = `nuevo-${uniq()}@example.com`;
    const res = await t.as(root).put(url(company.id), {
      name: 'Nombre Nuevo',
      plan: 'PREMIUM',
      maxEmployees: '40',
      phone: '',
      adminData: { name: 'Admin Renombrado', email: newEmail.toUpperCase(), password: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Empresa actualizada exitosamente');
    expect(res.json().data).toMatchObject({ name: 'Nombre Nuevo', plan: 'PREMIUM', maxEmployees: 40, phone: null, city: 'Lima', ruc: company.ruc });
    const row = await t.db.query.companies.findFirst({ where: eq(companies.id, company.id) });
    expect(row).toMatchObject({ name: 'Nombre Nuevo', plan: 'PREMIUM', maxEmployees: 40, phone: null, city: 'Lima', status: 'ACTIVE' });
    const after = await t.db.query.users.findFirst({ where: eq(users.id, admin.id) });
    expect(after).toMatchObject({ name: 'Admin Renombrado', email: newEmail, passwordHash: admin.passwordHash });
    // The admin keeps their session (no password change).
    expect((await t.as(admin).get('/api/auth/verify')).statusCode).toBe(200);
    for (const room of ['super_admin', `company_${company.id}`]) {
      expect(t.events.emitted).toContainEqual({ room, event: 'company_update', payload: { action: 'updated', companyId: company.id } });
    }
  });

  it("sets a new admin password (flat shape): it logs in, the admin's sessions end", async () => {
    const company = await t.factories.company();
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const res = await t.as(root).put(url(company.id), { adminPassword: 'otra-clave-456' });
    expect(res.statusCode).toBe(200);
    expect((await t.as(admin).get('/api/auth/verify')).statusCode).toBe(401);
    expect((await login(t, admin.email, admin.password)).statusCode).toBe(401);
    expect((await login(t, admin.email, 'otra-clave-456')).statusCode).toBe(200);
  });

  it('answers 409 when the new admin email belongs to someone else', async () => {
    const company = await t.factories.company();
    await t.factories.companyAdmin({ companyId: company.id });
    const someone = await t.factories.employeeUser();
    const res = await t.as(root).put(url(company.id), { adminEmail: someone.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it("INACTIVE ends the access of the company's users at once (the admin keeps a register-only session); ACTIVE gives it back", async () => {
    const company = await t.factories.company();
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const employee = await t.factories.employeeUser({ companyId: company.id });
    const bystander = await t.factories.companyAdmin();
    const res = await t.as(root).put(url(company.id), { status: 'INACTIVE' });
    expect(res.json().data.status).toBe('INACTIVE');
    expect(t.events.emitted).toContainEqual({
      room: `company_${company.id}`,
      event: 'company_update',
      payload: { action: 'updated', companyId: company.id, status: 'INACTIVE' },
    });
    // The admin may only export the attendance register (decision 0034); the employees cannot sign in at all.
    expect((await t.as(admin).get('/api/auth/verify')).json().data.user.access).toBe('register_only');
    expect((await t.as(admin).get('/api/company-admin-simple/employees')).json().code).toBe('register_only');
    expect((await t.as(employee).get('/api/auth/verify')).statusCode).toBe(401);
    expect((await t.as(bystander).get('/api/auth/verify')).statusCode).toBe(200);
    const refused = await login(t, employee.email, employee.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('company_inactive');
    expect((await login(t, admin.email, admin.password)).json().data.user.access).toBe('register_only');
    await t.as(root).put(url(company.id), { status: 'ACTIVE' });
    expect((await login(t, admin.email, admin.password)).json().data.user.access).toBeUndefined();
    expect((await t.as(admin).get('/api/company-admin-simple/employees')).statusCode).toBe(200);
  });

  it('refuses to lower the employee limit below the ACTIVE employees (409, both figures, nothing changed); keeping or raising it passes', async () => {
    const company = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 10 });
    const staff = [];
    for (let i = 0; i < 7; i++) staff.push(await addEmployee(t, company.id));
    // Inactive and deleted employees take no seat.
    await addEmployee(t, company.id, { status: 'INACTIVE' });
    await addEmployee(t, company.id, { deletedAt: new Date() });

    const toFree = await t.as(root).put(url(company.id), { plan: 'FREE' });
    expect(toFree.statusCode).toBe(409);
    expect(toFree.json()).toMatchObject({
      code: 'conflict',
      message: 'La empresa tiene 7 empleados activos y el nuevo plan permite 5. Desactiva empleados antes de reducir el límite',
      errors: [{ path: 'plan' }],
    });
    const fewer = await t.as(root).put(url(company.id), { maxEmployees: 6, name: 'No cambia' }, { 'accept-language': 'en' });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json().message).toBe('The company has 7 active employees and the new plan allows 6. Deactivate employees before lowering the limit');
    expect(fewer.json().errors).toEqual([{ path: 'maxEmployees', message: fewer.json().message }]);
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, company.id) })).toMatchObject({
      plan: 'PREMIUM',
      maxEmployees: 10,
      name: company.name,
    });

    // The edit form sends every field: the same plan and limit pass, and so do 7 (exactly the active ones) and more.
    expect((await t.as(root).put(url(company.id), { plan: 'PREMIUM', maxEmployees: 10, city: 'Cusco' })).statusCode).toBe(200);
    expect((await t.as(root).put(url(company.id), { maxEmployees: 7 })).statusCode).toBe(200);
    expect((await t.as(root).put(url(company.id), { maxEmployees: -1 })).statusCode).toBe(200);
    // With two deactivated, FREE fits.
    await t.db
      .update(employees)
      .set({ status: 'INACTIVE' })
      .where(
        sql`${employees.id} in (${sql.join(
          [staff[0].id, staff[1].id].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const free = await t.as(root).put(url(company.id), { plan: 'FREE' });
    expect(free.statusCode).toBe(200);
    expect(free.json().data).toMatchObject({ plan: 'FREE' });
  });

  it('refuses a plan that would leave more schedules, work locations or links than it allows, naming each; nothing changes', async () => {
    const company = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 10 });
    const other = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 10 });
    await addEmployee(t, company.id);
    const [s1, s2] = [await t.factories.schedule(company.id), await t.factories.schedule(company.id), await t.factories.schedule(company.id)];
    const [l1] = [await t.factories.location(company.id), await t.factories.location(company.id)];
    const link = (companyId: string, n: number) => ({
      companyId,
      name: `Entrada ${n}`,
      tokenHash: `${companyId.slice(0, 8)}${n}`.padEnd(64, '0'),
      tokenSealed: 'x',
    });
    const [k1] = await t.db
      .insert(attendanceLinks)
      .values([link(company.id, 1), link(company.id, 2)])
      .returning();
    // Another company's items never count against this one.
    for (let i = 0; i < 3; i++) await t.factories.schedule(other.id);
    await t.db.insert(attendanceLinks).values([link(other.id, 1), link(other.id, 2)]);

    const attempt = async (lang = 'es') => {
      const res = await t.as(root).put(url(company.id), { plan: 'FREE' }, { 'accept-language': lang });
      expect((await t.db.query.companies.findFirst({ where: eq(companies.id, company.id) }))?.plan).toBe('PREMIUM');
      return res;
    };
    let res = await attempt();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'La empresa tiene 3 horarios y el nuevo plan permite 1. Elimina horarios antes de cambiar el plan',
      errors: [{ path: 'plan' }],
    });
    await t.db.delete(schedules).where(sql`${schedules.id} in (${s1.id}, ${s2.id})`);
    res = await attempt('en');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The company has 2 work locations and the new plan allows 1. Delete work locations before changing the plan');
    await t.db.delete(workLocations).where(eq(workLocations.id, l1.id));
    res = await attempt();
    expect(res.json().message).toBe('La empresa tiene 2 enlaces de asistencia y el nuevo plan permite 1. Elimina enlaces antes de cambiar el plan');
    await t.db.delete(attendanceLinks).where(eq(attendanceLinks.id, k1.id));
    const free = await t.as(root).put(url(company.id), { plan: 'FREE' });
    expect(free.statusCode).toBe(200);
    expect(free.json().data).toMatchObject({ plan: 'FREE' });
  });

  it('lets a SUSPENDED company be edited when the status sent is unchanged', async () => {
    const company = await t.factories.company({ status: 'SUSPENDED' });
    const res = await t.as(root).put(url(company.id), { status: 'SUSPENDED', city: 'Trujillo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'SUSPENDED', city: 'Trujillo' });
  });
});

describe('DELETE /api/super-admin/companies/:id', () => {
  it('answers 404 for an unknown company', async () => {
    const res = await t.as(root).delete(`/api/super-admin/companies/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
  });

  it('closes the company: users and sessions gone, employees and attendance kept for the register (decision 0034), nothing of another company', async () => {
    const doomed = await t.factories.company();
    const admin = await t.factories.companyAdmin({ companyId: doomed.id });
    const worker = await t.factories.employeeUser({ companyId: doomed.id });
    const emp = await addEmployee(t, doomed.id, { userId: worker.id });
    await addAttendance(t, doomed.id, emp.id);
    const gone = await addEmployee(t, doomed.id, { deletedAt: new Date() });
    await addAttendance(t, doomed.id, gone.id);

    const kept = await t.factories.company();
    const keptAdmin = await t.factories.companyAdmin({ companyId: kept.id });
    const keptEmp = await addEmployee(t, kept.id);
    await addAttendance(t, kept.id, keptEmp.id);

    const res = await t.as(root).delete(`/api/super-admin/companies/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Empresa eliminada exitosamente' });

    const n = async (table: typeof users | typeof employees | typeof attendanceRecords, companyId: string) =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.companyId, companyId)))[0].n;
    expect((await t.db.query.companies.findFirst({ where: eq(companies.id, doomed.id) }))?.closedAt).toBeInstanceOf(Date);
    expect(await n(users, doomed.id)).toBe(0);
    expect(await n(employees, doomed.id)).toBe(2);
    expect(await n(attendanceRecords, doomed.id)).toBe(2);
    for (const u of [admin, worker]) {
      expect(await t.db.query.sessions.findFirst({ where: eq(sessions.userId, u.id) })).toBeUndefined();
      expect((await t.as(u).get('/api/auth/verify')).statusCode).toBe(401);
    }
    expect(await n(users, kept.id)).toBe(1);
    expect(await n(employees, kept.id)).toBe(1);
    expect(await n(attendanceRecords, kept.id)).toBe(1);
    expect(await t.db.query.sessions.findFirst({ where: and(eq(sessions.userId, keptAdmin.id)) })).toBeDefined();
    expect((await t.as(keptAdmin).get('/api/auth/verify')).statusCode).toBe(200);
    expect(t.events.emitted).toContainEqual({ room: 'super_admin', event: 'company_update', payload: { action: 'deleted', companyId: doomed.id } });
    expect((await t.as(root).get(`/api/super-admin/companies/${doomed.id}`)).json().data).toMatchObject({ status: 'INACTIVE', admin: null });
  });
});
