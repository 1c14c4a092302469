/**
 * Peru's register through /api/v1 (issue 24 item 2, decision 0061), on PGlite and PostgreSQL: the lines the register
 * export prints (one read model, loadRegister), paged by (date, employee) with a cursor; the file as the export
 * writes it; another company's key sees nothing, a revoked key is 401, a bad range or cursor a 400 problem.
 */
import type { V1RegisterLine } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { loadRegister } from '../register/register.data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const keysUrl = '/api/company-admin-simple/integrations/api-keys';
async function company() {
  const c = await t.factories.company({ plan: 'PREMIUM', timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  return { c, admin };
}
async function keyOf(admin: TestUser) {
  const res = await t.as(admin).post(keysUrl, { name: 'Planilla', scope: 'read' });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; key: string };
}
const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

/** Three manual records of two workers in October 2026, through the admin's own path (so the register has changes). */
async function october(admin: TestUser) {
  const doc = (n: string) => ({ documentType: 'DNI' as const, documentNumber: n });
  const ana = await t.factories.employee(admin.companyId!, { firstName: 'Ana', lastName: 'Quispe', ...doc('45678912') });
  const luis = await t.factories.employee(admin.companyId!, { firstName: 'Luis', lastName: 'Mamani', ...doc('41234567') });
  for (const [e, date, checkIn, checkOut] of [
    [ana, '2026-10-05', '08:00', '17:00'],
    [luis, '2026-10-05', '08:30', '17:30'],
    [ana, '2026-10-06', '08:05', '16:00'],
  ] as const) {
    const res = await t.as(admin).post('/api/company-admin-simple/attendance', { employeeId: e.id, date, checkIn, checkOut, reason: 'Olvidó marcar' });
    expect(res.statusCode).toBe(201);
  }
  return { ana, luis };
}

describe('/api/v1/register', () => {
  it("pages the register's lines in (date, employee) order, as the export's read model has them", async () => {
    const { c, admin } = await company();
    const { ana, luis } = await october(admin);
    const { key } = await keyOf(admin);
    const first = await get(key, '/api/v1/register?from=2026-10&to=2026-10&limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = (await get(key, `/api/v1/register?from=2026-10&to=2026-10&limit=2&cursor=${page1.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const lines = [...page1.data, ...second.data];
    const day5 = [ana.id, luis.id].sort();
    expect(lines.map((l: { date: string; employeeId: string }) => [l.date, l.employeeId])).toEqual([
      ['2026-10-05', day5[0]],
      ['2026-10-05', day5[1]],
      ['2026-10-06', ana.id],
    ]);
    const anaFirst = lines.find((l: { date: string; employeeId: string }) => l.employeeId === ana.id && l.date === '2026-10-05');
    expect(anaFirst).toEqual({
      employeeId: ana.id,
      worker: 'Quispe, Ana',
      documentType: 'DNI',
      document: '45678912',
      code: ana.employeeCode,
      date: '2026-10-05',
      checkIn: '08:00',
      checkOut: '17:00',
      hours: expect.any(Number),
      outside: expect.any(Number),
      leave: null,
      open: false,
      manual: true,
      incomplete: false,
      permission: false,
      holiday: null,
      notes: '',
      offline: { checkIn: false, checkOut: false },
      changes: [
        {
          at: expect.any(String),
          action: 'created',
          author: admin.name,
          reason: 'Olvidó marcar',
          answer: 'pending',
          answerComment: null,
          answeredAt: null,
        },
      ],
    });
    // The same figures the register's files print (one read model).
    const data = await loadRegister(t.db, c.id, { from: '2026-10', to: '2026-10' });
    const same = data.months[0].lines.find((l) => l.employeeId === ana.id && l.date === '2026-10-05')!;
    expect([anaFirst.hours, anaFirst.outside]).toEqual([same.hours, same.outside]);
    // Outside the range: nothing.
    expect((await get(key, '/api/v1/register?from=2026-11&to=2026-12')).json()).toEqual({ data: [], nextCursor: null });
  });

  it('says which punches a kiosk captured offline (decision 0075), as the files remark it', async () => {
    const { admin } = await company();
    const { ana, luis } = await october(admin);
    const [record] = await t.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.employeeId, ana.id), eq(attendanceRecords.date, '2026-10-05')));
    // As an offline mark leaves it (kiosk-offline.service.ts): the capture and the upload on the punch's evidence.
    const offline = {
      challengeId: '0b9f7c1e-1d1e-4c58-9d1c-3f1f2c0a9b11',
      capturedAt: '2026-10-05T13:00:00.000Z',
      deviceCapturedAt: '2026-10-05T13:00:02.000Z',
      contactAt: '2026-10-05T12:50:00.000Z',
      uploadedAt: '2026-10-05T13:20:00.000Z',
    };
    await t.db
      .update(attendanceRecords)
      .set({ evidence: { checkIn: { method: 'face', offline } } })
      .where(eq(attendanceRecords.id, record.id));
    const { key } = await keyOf(admin);
    const lines = (await get(key, '/api/v1/register?from=2026-10&to=2026-10')).json().data as V1RegisterLine[];
    const of = (employeeId: string, date: string) => lines.find((l) => l.employeeId === employeeId && l.date === date)?.offline;
    expect(of(ana.id, '2026-10-05')).toEqual({ checkIn: true, checkOut: false });
    expect(of(ana.id, '2026-10-06')).toEqual({ checkIn: false, checkOut: false });
    expect(of(luis.id, '2026-10-05')).toEqual({ checkIn: false, checkOut: false });
  });

  it("another company's key sees nothing; a revoked key is 401; a bad range or cursor is a 400 problem", async () => {
    const { admin } = await company();
    await october(admin);
    const other = await company();
    const foreign = await keyOf(other.admin);
    expect((await get(foreign.key, '/api/v1/register?from=2026-10&to=2026-10')).json()).toEqual({ data: [], nextCursor: null });
    const mine = await keyOf(admin);
    const inverted = await get(mine.key, '/api/v1/register?from=2026-11&to=2026-10');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toMatchObject({ status: 400, code: 'validation_failed' });
    const badMonth = await get(mine.key, '/api/v1/register?from=2026-13&to=2026-10');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await get(mine.key, '/api/v1/register?from=2026-10&to=2026-10&cursor=WyJ4Il0')).json()).toMatchObject({ code: 'validation_failed' });
    await t.as(admin).post(`${keysUrl}/${mine.id}/revoke`);
    const revoked = await get(mine.key, '/api/v1/register?from=2026-10&to=2026-10');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('unauthorized');
    expect((await get(mine.key, '/api/v1/register/file?from=2026-10&to=2026-10')).statusCode).toBe(401);
  });

  it('the file is the export: Excel by default, PDF on request, an unknown format a 400', async () => {
    const { admin } = await company();
    await october(admin);
    const { key } = await keyOf(admin);
    const xlsx = await get(key, '/api/v1/register/file?from=2026-10&to=2026-10');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await get(key, '/api/v1/register/file?from=2026-10&to=2026-10&format=pdf&lang=en');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const bad = await get(key, '/api/v1/register/file?from=2026-10&to=2026-10&format=doc');
    expect(bad.statusCode).toBe(400);
  });
});
