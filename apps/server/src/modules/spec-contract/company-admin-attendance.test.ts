/**
 * Spec §7 "Company admin" (under /company-admin-simple), second half: attendance, company and profile, tour,
 * holidays and face recognition, replayed with the spec's own payloads (issue 20 item 4).
 */
import { addDays } from '@presente/shared';
import { beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { postMultipart, signConsent } from '../face/test-helpers.js';
import { type CompanyFixtures, companyFixtures } from './fixtures.js';
import { replay, type SpecCall, strangerCalls } from './replay.js';

let t: TestApp;
type F = CompanyFixtures & { recordIds: string[]; linkIds: string[] };
let f: F;
const A = '/company-admin-simple';

beforeAll(async () => {
  t = await createTestApp();
  const base = await companyFixtures(t);
  // Two records made by the web form (with its reason): the targets of the spec's PUT and DELETE.
  const recordIds: string[] = [];
  for (const n of [2, 3]) {
    const res = await t
      .as(base.admin)
      .post(`/api${A}/attendance`, { employeeId: base.worker.id, date: addDays(base.today, -n), checkIn: '09:00', checkOut: '18:00', reason: 'Olvidó marcar' });
    recordIds.push(res.json().data.id);
  }
  const linkIds: string[] = [];
  for (const name of ['Puerta A', 'Puerta B'])
    linkIds.push((await t.as(base.admin).post(`/api${A}/face-recognition/attendance-link`, { name })).json().data.id);
  f = { ...base, recordIds, linkIds };
});

const page = {
  data: 'array',
  'pagination.page': 'number',
  'pagination.limit': 'number',
  'pagination.total': 'number',
  'pagination.totalPages': 'number',
} as const;
const record = {
  'data.id': 'string',
  'data.date': 'string',
  'data.checkIn': 'string?',
  'data.checkOut': 'string?',
  'data.status': 'string',
  'data.isPermission': 'boolean',
  'data.method': 'string',
} as const;
const holiday = {
  name: 'Día del Trabajo',
  date: '2026-05-01',
  description: 'Feriado nacional',
  applyToAll: true,
  shouldPayFullDay: true,
  scheduleIds: '[]',
  isActive: true,
};
const spreadJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

const calls: SpecCall<F>[] = [
  {
    spec: 'GET /attendance/weekly-summary (startDate, endDate)',
    who: 'admin',
    method: 'GET',
    path: (x) => `${A}/attendance/weekly-summary?startDate=${addDays(x.today, -6)}&endDate=${x.today}`,
    anyCompany: true,
    status: 200,
    fields: { data: 'object' },
  },
  {
    spec: 'POST /attendance {employeeId, date, checkIn, checkOut, notes, isPermission}',
    who: 'admin',
    method: 'POST',
    path: `${A}/attendance`,
    body: (x) => ({
      employeeId: x.worker.id,
      date: addDays(x.today, -1),
      checkIn: '09:05',
      checkOut: '18:00',
      notes: 'Olvidó marcar la entrada',
      isPermission: false,
    }),
    status: 201,
    fields: { ...record, 'data.notes': 'string' },
  },
  {
    spec: 'PUT /attendance/{id} (same payload)',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/attendance/${x.recordIds[0]}`,
    body: (x) => ({ employeeId: x.worker.id, date: addDays(x.today, -2), checkIn: '', checkOut: '', notes: 'Permiso por cita médica', isPermission: true }),
    status: 200,
    fields: { ...record, 'data.notes': 'string' },
  },
  {
    spec: 'DELETE /attendance/{id}',
    who: 'admin',
    method: 'DELETE',
    path: (x) => `${A}/attendance/${x.recordIds[1]}`,
    status: 200,
    fields: { message: 'string' },
  },
  // Company and profile
  {
    spec: 'PUT /company/name {name}',
    who: 'admin',
    method: 'PUT',
    path: `${A}/company/name`,
    body: { name: 'Panadería La Espiga' },
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'PUT /profile/password {currentPassword, newPassword}',
    who: 'admin',
    method: 'PUT',
    path: `${A}/profile/password`,
    body: { currentPassword: TEST_PASSWORD, newPassword: 'Clave-nueva-2026' },
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'PUT /profile/email {newEmail}',
    who: 'admin',
    method: 'PUT',
    path: `${A}/profile/email`,
    body: { newEmail: 'admin-contrato@laespiga.pe' },
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'GET /company/settings (data.plan)',
    who: 'admin',
    method: 'GET',
    path: `${A}/company/settings`,
    status: 200,
    fields: { 'data.id': 'string', 'data.name': 'string', 'data.plan': 'string', 'data.currentEmployees': 'number', 'data.maxEmployees': 'number' },
  },
  { spec: 'GET /available-years', who: 'admin', method: 'GET', path: `${A}/available-years`, status: 200, fields: { data: 'array', 'data.0': 'number' } },
  // Tour
  {
    spec: 'Tour: GET /tour/status (hasCompletedTour, tourCompletedAt, shouldShowTour)',
    who: 'admin',
    method: 'GET',
    path: `${A}/tour/status`,
    status: 200,
    fields: { 'data.hasCompletedTour': 'boolean', 'data.tourCompletedAt': 'string?', 'data.shouldShowTour': 'boolean' },
  },
  { spec: 'Tour: POST /tour/complete', who: 'admin', method: 'POST', path: `${A}/tour/complete`, status: 200 },
  { spec: 'Tour: POST /tour/reset', who: 'admin', method: 'POST', path: `${A}/tour/reset`, status: 200 },
  // Holidays
  {
    spec: 'Holidays: GET /holidays (page, limit, year, month; returns data and pagination)',
    who: 'admin',
    method: 'GET',
    path: `${A}/holidays?page=1&limit=10&year=2026&month=7`,
    status: 200,
    fields: { ...page, 'data.0.id': 'string', 'data.0.name': 'string', 'data.0.date': 'string', 'data.0.applyToAll': 'boolean', 'data.0.scheduleIds': 'array' },
  },
  {
    spec: 'Holidays: POST',
    who: 'admin',
    method: 'POST',
    path: `${A}/holidays`,
    body: holiday,
    status: 201,
    fields: { 'data.id': 'string', 'data.name': 'string', 'data.description': 'string', 'data.shouldPayFullDay': 'boolean', 'data.isActive': 'boolean' },
  },
  {
    spec: 'Holidays: GET /holidays/{id}',
    who: 'admin',
    method: 'GET',
    path: (x) => `${A}/holidays/${x.holidays[0].id}`,
    status: 200,
    fields: { 'data.id': 'string', 'data.date': 'string' },
  },
  {
    spec: 'Holidays: PUT /holidays/{id}',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/holidays/${x.holidays[0].id}`,
    body: (x) => ({ ...holiday, name: 'Santa Rosa de Lima', date: '2026-08-30', applyToAll: false, scheduleIds: JSON.stringify([x.worker.scheduleId]) }),
    status: 200,
    fields: { 'data.id': 'string', 'data.scheduleIds': 'array' },
  },
  { spec: 'Holidays: DELETE /holidays/{id}', who: 'admin', method: 'DELETE', path: (x) => `${A}/holidays/${x.holidays[1].id}`, status: 200 },
  {
    spec: 'Holidays: GET /holidays/check (date)',
    who: 'admin',
    method: 'GET',
    path: `${A}/holidays/check?date=2026-05-01`,
    status: 200,
    fields: { 'data.isHoliday': 'boolean' },
  },
  {
    spec: 'Holidays: GET /holidays/range (startDate, endDate)',
    who: 'admin',
    method: 'GET',
    path: `${A}/holidays/range?startDate=2026-01-01&endDate=2026-12-31`,
    status: 200,
    fields: { data: 'array', 'data.0.name': 'string', 'data.0.date': 'string' },
  },
  // Face recognition
  {
    spec: 'GET /face-recognition/attendance-links',
    who: 'admin',
    method: 'GET',
    path: `${A}/face-recognition/attendance-links`,
    status: 200,
    fields: {
      data: 'array',
      'data.0.id': 'string',
      'data.0.name': 'string',
      'data.0.isActive': 'boolean',
      'data.0.createdAt': 'string',
      'data.0.expiresAt': 'string?',
    },
  },
  {
    spec: 'POST /face-recognition/attendance-link {name, expiresAt?}',
    who: 'admin',
    method: 'POST',
    path: `${A}/face-recognition/attendance-link`,
    body: { name: 'Recepción', expiresAt: '2099-12-31T23:59:00.000Z' },
    status: 201,
    fields: { 'data.id': 'string', 'data.name': 'string', 'data.isActive': 'boolean', 'data.expiresAt': 'string' },
  },
  {
    spec: 'PATCH /face-recognition/attendance-link/{id}/toggle {isActive}',
    who: 'admin',
    method: 'PATCH',
    path: (x) => `${A}/face-recognition/attendance-link/${x.linkIds[0]}/toggle`,
    body: { isActive: false },
    status: 200,
    fields: { 'data.isActive': 'boolean' },
  },
  {
    spec: 'DELETE /face-recognition/attendance-link/{id}',
    who: 'admin',
    method: 'DELETE',
    path: (x) => `${A}/face-recognition/attendance-link/${x.linkIds[1]}`,
    status: 200,
  },
  {
    // The law wins (decision 0035, 0046): the worker's own consent is on file; one image is refused with a stable
    // code naming what is missing (3-5 captures), never a 500 and never a half enrolment.
    spec: 'POST /face-recognition/register multipart {image, employeeId, descriptors (JSON array of numbers)}',
    who: 'admin',
    method: 'POST',
    path: `${A}/face-recognition/register`,
    async send(x) {
      await signConsent(t.db, x.worker.id);
      return postMultipart(t, `/api${A}/face-recognition/register`, x.admin, { employeeId: x.worker.id, descriptors: JSON.stringify([0.1, -0.2, 0.3]) }, [
        { field: 'image', images: [spreadJpeg] },
      ]);
    },
    status: 400,
    fields: { code: 'string', message: 'string' },
    message: 'Se necesitan entre 3 y 5 capturas del rostro.',
  },
];

describe('the same calls from another company’s admin: 404, nothing changed', () => {
  it.each(strangerCalls(calls).map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, { ...f.actors, admin: f.stranger }, call, f);
  });
});

describe('spec §7 Company admin (attendance, settings, holidays, face): the spec’s own payloads are accepted', () => {
  it.each(calls.map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, f.actors, call, f);
  });
});
