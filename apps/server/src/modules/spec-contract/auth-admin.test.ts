/**
 * Spec §7 "Auth" and "Super admin": every call replayed with the spec's own payload (issue 20 item 4).
 * The table is the spec, line by line; replay.ts sends each row and checks status, fields and message.
 */
import { beforeAll, describe, it } from 'vitest';
import { afterAnswerSettled } from '../../lib/after-answer.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Company, TEST_PASSWORD, type TestUser } from '../../test/factories.js';
import { type Actors, replay, type SpecCall } from './replay.js';

let t: TestApp;
let actors: Actors;
interface Fixtures {
  loginUser: TestUser;
  logoutUser: TestUser;
  resetUser: TestUser;
  company: Company;
  doomed: Company;
  captcha: () => Promise<string>;
  resetToken: () => Promise<string>;
}
let f: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.factories.companyAdmin();
  actors = { superAdmin: await t.factories.superAdmin(), admin, employee: (await t.factories.employee(admin.companyId!)).account };
  const company = await t.factories.company();
  await t.factories.companyAdmin({ companyId: company.id });
  f = {
    loginUser: await t.factories.companyAdmin(),
    logoutUser: await t.factories.companyAdmin(),
    resetUser: await t.factories.companyAdmin(),
    company,
    doomed: await t.factories.company(),
    captcha: () => t.solveCaptcha(),
    async resetToken() {
      await t.anon.post('/api/auth/forgot-password', { email: f.resetUser.email });
      await afterAnswerSettled();
      return new URL(t.deps.mailer.outbox.at(-1)!.links![0]).searchParams.get('token')!;
    },
  };
});

const user = { 'data.user.id': 'string', 'data.user.name': 'string', 'data.user.email': 'string', 'data.user.role': 'string' } as const;

const calls: SpecCall<Fixtures>[] = [
  // Auth
  {
    spec: 'POST /auth/login {email, password, turnstileToken?}',
    who: 'anon',
    method: 'POST',
    path: '/auth/login',
    body: async (x) => ({ email: x.loginUser.email, password: TEST_PASSWORD, turnstileToken: await x.captcha() }),
    status: 200,
    fields: { ...user, 'data.user.companyId': 'string', 'data.companyConfig.locale': 'string', 'data.companyConfig.timezone': 'string' },
    message: '¡Bienvenido al sistema!',
  },
  {
    spec: 'POST /auth/logout',
    who: 'anon',
    method: 'POST',
    path: '/auth/logout',
    send: (x) => t.as(x.logoutUser).post('/api/auth/logout'),
    status: 200,
  },
  {
    spec: 'GET /auth/verify',
    who: 'admin',
    method: 'GET',
    path: '/auth/verify',
    status: 200,
    fields: { ...user, 'data.user.userId': 'string', 'data.user.companyId': 'string' },
  },
  {
    spec: 'GET /auth/company-config',
    who: 'admin',
    method: 'GET',
    path: '/auth/company-config',
    status: 200,
    fields: { 'data.locale': 'string', 'data.timezone': 'string' },
  },
  { spec: 'GET /auth/socket-token', who: 'admin', method: 'GET', path: '/auth/socket-token', status: 200, fields: { 'data.token': 'string' } },
  {
    spec: 'POST /auth/register (registration fields plus turnstileToken) returns message',
    who: 'anon',
    method: 'POST',
    path: '/auth/register',
    body: async (x) => ({
      name: 'Panadería San Martín',
      ruc: '20100070970',
      email: 'contacto@sanmartin.pe',
      phone: '+51 999 888 777',
      address: 'Av. Arequipa 123',
      city: 'Lima',
      country: 'PE',
      timezone: 'America/Lima',
      locale: 'es-PE',
      adminName: 'Rosa Quispe',
      adminEmail: 'rosa-contrato@sanmartin.pe',
      password: 'clave-segura-1',
      confirmPassword: 'clave-segura-1',
      turnstileToken: await x.captcha(),
    }),
    status: 201,
    message: 'Empresa registrada exitosamente, inicia sesión',
  },
  {
    spec: 'POST /auth/forgot-password {email}',
    who: 'anon',
    method: 'POST',
    path: '/auth/forgot-password',
    body: (x) => ({ email: x.resetUser.email }),
    status: 200,
    message: 'Si el email existe en nuestro sistema, recibirás un enlace de recuperación',
  },
  {
    spec: 'POST /auth/reset-password {token, newPassword}',
    who: 'anon',
    method: 'POST',
    path: '/auth/reset-password',
    body: async (x) => ({ token: await x.resetToken(), newPassword: 'NuevaClave123' }),
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'GET /countries',
    who: 'anon',
    method: 'GET',
    path: '/countries',
    status: 200,
    fields: { data: 'array', 'data.0.code': 'string', 'data.0.name': 'string', 'data.0.timezone': 'string', 'data.0.locale': 'string' },
  },
  {
    spec: 'GET /countries/{code}',
    who: 'anon',
    method: 'GET',
    path: '/countries/PE',
    status: 200,
    fields: { 'data.code': 'string', 'data.name': 'string', 'data.timezone': 'string', 'data.locale': 'string', 'data.timezones': 'array' },
  },
  // Super admin
  {
    spec: 'GET /super-admin/companies (search, plan, status, page, limit=10) returns data and pagination',
    who: 'superAdmin',
    method: 'GET',
    path: '/super-admin/companies?search=&plan=&status=&page=1&limit=10',
    status: 200,
    fields: { data: 'array', 'data.0.id': 'string', 'data.0.name': 'string', 'pagination.totalPages': 'number', 'pagination.pages': 'number' },
  },
  {
    spec: 'GET /super-admin/companies/{id}',
    who: 'superAdmin',
    method: 'GET',
    path: (x) => `/super-admin/companies/${x.company.id}`,
    status: 200,
    fields: {
      'data.id': 'string',
      'data.name': 'string',
      'data.ruc': 'string?',
      'data.email': 'string',
      'data.plan': 'string',
      'data.status': 'string',
      'data.maxEmployees': 'number',
      'data.currentEmployees': 'number',
      'data.registeredAt': 'string',
      'data.updatedAt': 'string',
      'data.admin.name': 'string',
      'data.admin.email': 'string',
      'data.admin.isActive': 'boolean',
    },
  },
  {
    spec: 'PUT /super-admin/companies/{id}',
    who: 'superAdmin',
    method: 'PUT',
    path: (x) => `/super-admin/companies/${x.company.id}`,
    body: { name: 'Empresa Editada', ruc: '20100070970', email: 'editada@example.com', plan: 'FREE', maxEmployees: 10, status: 'ACTIVE' },
    status: 200,
    fields: { 'data.id': 'string', 'data.name': 'string' },
    message: 'Empresa actualizada exitosamente',
  },
  {
    spec: 'DELETE /super-admin/companies/{id}',
    who: 'superAdmin',
    method: 'DELETE',
    path: (x) => `/super-admin/companies/${x.doomed.id}`,
    status: 200,
    message: 'Empresa eliminada exitosamente',
  },
  {
    spec: 'POST /super-admin/companies {name, ruc, email, plan, maxEmployees, adminName, adminEmail, setupType, phone?, address?, city?, adminPassword?}',
    who: 'superAdmin',
    method: 'POST',
    path: '/super-admin/companies',
    body: {
      name: 'Ferretería El Sol',
      ruc: '20100070970',
      email: 'contacto@elsol.pe',
      plan: 'FREE',
      maxEmployees: 10,
      adminName: 'Luis Rojas',
      adminEmail: 'luis-contrato@elsol.pe',
      setupType: 'manual',
      phone: '+51 988 777 666',
      address: 'Jr. Unión 45',
      city: 'Lima',
      adminPassword: 'temporal-123',
    },
    status: 201,
    fields: { 'data.id': 'string', 'data.name': 'string' },
    message: 'Empresa creada exitosamente',
  },
  {
    spec: 'POST /super-admin/companies (equivalently with adminData)',
    who: 'superAdmin',
    method: 'POST',
    path: '/super-admin/companies',
    body: {
      name: 'Librería La Pluma',
      ruc: '20100070970',
      email: 'contacto@lapluma.pe',
      plan: 'FREE',
      maxEmployees: 10,
      adminData: { name: 'Eva Soto', email: 'eva-contrato@lapluma.pe', setupOption: 'email' },
    },
    status: 201,
    fields: { 'data.id': 'string', 'data.admin.email': 'string' },
    message: 'Empresa creada exitosamente',
  },
  {
    spec: 'GET /super-admin/dashboard',
    who: 'superAdmin',
    method: 'GET',
    path: '/super-admin/dashboard',
    status: 200,
    fields: { 'data.totalCompanies': 'number', 'data.totalEmployees': 'number', 'data.activeEmployees': 'number', 'data.totalAttendances': 'number' },
  },
  {
    spec: 'PATCH /super-admin/companies/{id}/admin/toggle-status {isActive}; response has message',
    who: 'superAdmin',
    method: 'PATCH',
    path: (x) => `/super-admin/companies/${x.company.id}/admin/toggle-status`,
    body: { isActive: false },
    status: 200,
    fields: { message: 'string', 'data.isActive': 'boolean' },
  },
  {
    spec: 'GET /super-admin/companies/{id}/admin/status',
    who: 'superAdmin',
    method: 'GET',
    path: (x) => `/super-admin/companies/${x.company.id}/admin/status`,
    status: 200,
    fields: { 'data.isActive': 'boolean' },
  },
  {
    spec: 'PATCH /super-admin/change-password {currentPassword, newPassword}',
    who: 'superAdmin',
    method: 'PATCH',
    path: '/super-admin/change-password',
    body: { currentPassword: TEST_PASSWORD, newPassword: 'OtraClave-2026' },
    status: 200,
    message: 'Contraseña actualizada exitosamente',
  },
  {
    spec: 'PATCH /super-admin/change-email {newEmail}',
    who: 'superAdmin',
    method: 'PATCH',
    path: '/super-admin/change-email',
    body: { newEmail: 'root-contrato@presente.pe' },
    status: 200,
    message: 'Email actualizado exitosamente',
  },
];

describe('spec §7 Auth and Super admin: the spec’s own payloads are accepted', () => {
  it.each(calls.map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, actors, call, f);
  });
});
