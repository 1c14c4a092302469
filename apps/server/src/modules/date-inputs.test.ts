import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceLinks, attendanceRecords, employees, holidays } from '../db/schema/index.js';
import { createTestApp, type Response, type TestApp } from '../test/app.js';
import type { TestUser } from '../test/factories.js';

/**
 * Every route that takes a day, a year or a range, sent what a script would send: the ends of the calendar
 * (year 9999 once looped forever in the weekly summary and killed the server for every company), days
 * that do not exist, huge and odd numbers, long and strange strings. Each answer is a 4xx with a stable
 * code and a translated message, or a 2xx; never a 5xx, and a refused write changes nothing.
 */
let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let employeeId: string;
let holidayId: string;
let recordId: string;
beforeAll(async () => {
  t = await createTestApp();
  const company = await t.factories.company();
  admin = await t.factories.companyAdmin({ companyId: company.id });
  const emp = await t.factories.employee(company.id);
  worker = emp.account;
  employeeId = emp.id;
  holidayId = (await t.factories.holiday(company.id)).id;
  const created = await t.as(admin).post('/api/company-admin-simple/attendance', {
    employeeId,
    date: '2026-03-02',
    checkIn: '09:00',
    checkOut: '18:00',
    reason: 'prueba',
  });
  expect(created.statusCode).toBe(201);
  recordId = created.json().data?.id ?? created.json().id;
});

const EXTREMES = [
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1999-12-31',
  '2101-01-01',
  '+010000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '9999-12-31T23:59:59Z',
  '2026-01-01T25:00:00Z',
  '1e308',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '',
  ' ',
  '\u0000',
  '2026-01-01\u0000',
  '٢٠٢٦-٠١-٠١',
  '２０２６-０１-０１',
  '2026-01-01; DROP TABLE holidays',
];
/** A hostile value: an extreme, any day of ±270,000 years, a number, or any string. */
const hostile = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EXTREMES) },
  { weight: 2, arbitrary: fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: false })).map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ minLength: 2_000, maxLength: 5_000 }) },
);

type Who = 'admin' | 'worker';
interface Probe {
  who: Who;
  method: 'GET' | 'POST' | 'PUT';
  /** The path with `{v}` where the value goes (query values are URL-encoded). */
  path: string;
  /** For writes: the body, given the value. */
  body?: (v: string) => Record<string, unknown>;
}
const A = '/api/company-admin-simple';
const probes = (): Probe[] => [
  { who: 'admin', method: 'GET', path: `${A}/attendance/weekly-summary?startDate={v}&endDate={v}` },
  { who: 'admin', method: 'GET', path: `${A}/attendance/weekly-summary?startDate=2026-01-01&endDate={v}` },
  { who: 'admin', method: 'GET', path: `${A}/attendance/monthly-calendar?month=1&year={v}` },
  { who: 'admin', method: 'GET', path: `${A}/attendance/monthly-calendar?month={v}&year=2026` },
  { who: 'admin', method: 'GET', path: `${A}/holidays/check?date={v}` },
  { who: 'admin', method: 'GET', path: `${A}/holidays/range?startDate={v}&endDate=2026-12-31` },
  { who: 'admin', method: 'GET', path: `${A}/holidays/range?startDate=2026-01-01&endDate={v}` },
  { who: 'admin', method: 'GET', path: `${A}/holidays?year={v}&page={v}` },
  { who: 'admin', method: 'GET', path: `${A}/employees/${employeeId}/attendance?startDate={v}&endDate={v}` },
  { who: 'admin', method: 'GET', path: `${A}/employees/${employeeId}/schedule-periods?startDate=2026-01-01&endDate={v}` },
  { who: 'admin', method: 'GET', path: `${A}/employees?page={v}&limit={v}` },
  { who: 'admin', method: 'POST', path: `${A}/holidays`, body: (v) => ({ name: 'Feriado', date: v }) },
  { who: 'admin', method: 'PUT', path: `${A}/holidays/${holidayId}`, body: (v) => ({ name: 'Feriado', date: v }) },
  { who: 'admin', method: 'POST', path: `${A}/attendance`, body: (v) => ({ employeeId, date: v, checkIn: '09:00', reason: 'x' }) },
  { who: 'admin', method: 'PUT', path: `${A}/attendance/${recordId}`, body: (v) => ({ employeeId, date: '2026-03-02', checkIn: v, reason: 'x' }) },
  { who: 'admin', method: 'POST', path: `${A}/face-recognition/attendance-link`, body: (v) => ({ name: 'Puerta', expiresAt: v }) },
  {
    who: 'admin',
    method: 'POST',
    path: `${A}/employees`,
    body: (v) => ({
      firstName: 'Luz',
      lastName: 'Quispe',
      email: 'luz.quispe@example.com',
      employeeCode: 'LQ-1',
      documentType: 'DNI',
      documentNumber: '45678912',
      password: 'secreto123',
      hireDate: v,
    }),
  },
  { who: 'worker', method: 'GET', path: '/api/employee/activity?startDate={v}&endDate={v}' },
  { who: 'worker', method: 'GET', path: '/api/employee/activity?endDate={v}' },
  { who: 'worker', method: 'GET', path: '/api/employee/attendance/history?startDate={v}&endDate=2026-12-31' },
  { who: 'worker', method: 'GET', path: '/api/employee/attendance/stats?period=month&year={v}&month=1' },
  { who: 'worker', method: 'GET', path: '/api/employee/attendance/calendar?month={v}&year=2026' },
];

async function send(p: Probe, v: string): Promise<Response> {
  const client = t.as(p.who === 'admin' ? admin : worker);
  if (p.method === 'GET') return client.get(p.path.replaceAll('{v}', encodeURIComponent(v)));
  const body = p.body!(v);
  return p.method === 'POST' ? client.post(p.path, body) : client.put(p.path, body);
}

async function counts() {
  const n = async (table: typeof holidays | typeof employees | typeof attendanceLinks | typeof attendanceRecords) =>
    (await t.db.select({ n: count() }).from(table))[0].n;
  return { holidays: await n(holidays), employees: await n(employees), links: await n(attendanceLinks), records: await n(attendanceRecords) };
}

describe('dates and numbers from a script (property: no 5xx, a translated 4xx, nothing written when refused)', () => {
  it('year 9999 in the weekly summary, the activity feed and a link expiry: a 400 in Spanish, at once', async () => {
    const activity = await t.as(worker).get('/api/employee/activity?endDate=9999-12-31');
    expect(activity.statusCode).toBe(400);
    expect(activity.json().errors).toEqual([{ path: 'endDate', message: 'La fecha debe estar entre los años 2000 y 2100' }]);
    const link = await t.as(admin).post(`${A}/face-recognition/attendance-link`, { name: 'Puerta', expiresAt: '9999-12-31' }, { 'accept-language': 'en' });
    expect(link.statusCode).toBe(400);
    expect(link.json().errors).toEqual([{ path: 'expiresAt', message: 'The date must be between the years 2000 and 2100' }]);
    // Last: on the old code this request never answered (a synchronous loop that ran the heap out).
    const summary = await t.as(admin).get(`${A}/attendance/weekly-summary?startDate=9999-12-31&endDate=9999-12-31`);
    expect(summary.statusCode).toBe(400);
    expect(summary.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'startDate', message: 'La fecha debe estar entre los años 2000 y 2100' }, { path: 'endDate' }],
    });
    // A range longer than the summary's 62 days is refused before any day is built.
    const long = await t.as(admin).get(`${A}/attendance/weekly-summary?startDate=2000-01-01&endDate=2100-12-31`);
    expect(long.statusCode).toBe(400);
    const periods = await t.as(admin).get(`${A}/employees/${employeeId}/schedule-periods?startDate=2000-01-01&endDate=2100-12-31`);
    expect(periods.statusCode).toBe(400);
    expect(periods.json().errors).toEqual([{ path: 'endDate', message: 'El rango de fechas es demasiado largo (máximo 397 días)' }]);
  });

  it('a hire date may be old, but not before 1900', async () => {
    const body = {
      firstName: 'Rosa',
      lastName: 'Mamani',
      email: 'rosa@example.com',
      employeeCode: 'RM-1',
      documentType: 'DNI',
      documentNumber: '45678912',
      password: 'secreto123',
    };
    const old = await t.as(admin).post(`${A}/employees`, { ...body, hireDate: '1899-12-31' });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual([{ path: 'hireDate', message: 'La fecha de ingreso debe estar entre los años 1900 y 2100' }]);
  });

  it('every route that takes a day, a year or a range', async () => {
    const before = await counts();
    let accepted = 0;
    let slowest = 0;
    for (const probe of probes()) {
      await fc.assert(
        fc.asyncProperty(hostile, async (v) => {
          const started = performance.now();
          const res = await send(probe, v);
          slowest = Math.max(slowest, performance.now() - started);
          const what = `${probe.method} ${probe.path} with ${JSON.stringify(v).slice(0, 80)}`;
          expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json();
            expect(body.code, what).toMatch(/^[a-z_]+$/);
            // Translated: neither a catalogue key nor Zod's English default.
            for (const m of [body.message, ...(body.errors ?? []).map((e: { message: string }) => e.message)]) {
              expect(m, what).not.toMatch(/^[a-zA-Z]+\.[a-zA-Z_]+$/);
              expect(m, what).not.toMatch(/^Invalid input|^Expected /);
            }
          } else if (probe.method !== 'GET') accepted += 1;
        }),
        { numRuns: 30, seed: 20261125 },
      );
    }
    const after = await counts();
    // Writes that were refused changed nothing: only the accepted ones (new holidays, links, employees, records) add rows.
    expect(
      after.holidays + after.links + after.employees + after.records - (before.holidays + before.links + before.employees + before.records),
    ).toBeLessThanOrEqual(accepted);
    // Printed, not asserted (a test never fails on time): the slowest answer, for the closing note.
    console.info(`date-inputs: slowest answer ${Math.round(slowest)} ms`);
  });
});
