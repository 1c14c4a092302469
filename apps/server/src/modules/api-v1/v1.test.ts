import { localToInstant } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, apiIdempotency, apiKeys, attendanceRecords, employees, manualChanges } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type TestUser, withDni } from '../../test/factories.js';
import { rateKey, V1_RATE_PER_MINUTE } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const keysUrl = '/api/company-admin-simple/integrations/api-keys';
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

async function company() {
  const c = await t.factories.company({ plan: 'PREMIUM', timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  return { c, admin };
}
async function keyOf(admin: TestUser, scope: 'read' | 'read_write', name = 'Nómina') {
  const res = await t.as(admin).post(keysUrl, { name, scope });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; key: string };
}
const call = (key: string | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: body as never, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });

describe('/api/v1: authentication', () => {
  it('answers a valid key, records its last use; no key, a wrong, revoked or expired key is 401 problem details', async () => {
    const { admin } = await company();
    const { id, key } = await keyOf(admin, 'read');
    const ok = await call(key, 'GET', '/api/v1/employees');
    expect(ok.statusCode).toBe(200);
    expect((await t.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0].lastUsedAt).not.toBeNull();
    const none = await call(null, 'GET', '/api/v1/employees');
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(none.json()).toEqual({
      type: 'urn:presente:problem:unauthorized',
      title: 'No autenticado',
      status: 401,
      detail: 'Falta la clave de API: envía Authorization: Bearer <clave>',
      code: 'unauthorized',
    });
    expect((await call(`${key}x`, 'GET', '/api/v1/employees')).statusCode).toBe(401);
    // Expired: the key stops at its expiry.
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect((await call(key, 'GET', '/api/v1/employees')).json()).toMatchObject({ status: 401, code: 'unauthorized' });
    await t.db.update(apiKeys).set({ expiresAt: null }).where(eq(apiKeys.id, id));
    expect((await call(key, 'GET', '/api/v1/employees')).statusCode).toBe(200);
    await t.as(admin).post(`${keysUrl}/${id}/revoke`);
    const revoked = await call(key, 'GET', '/api/v1/employees');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().detail).toBe('Clave de API inválida, revocada o vencida');
  });

  it("a session cookie is ignored on /api/v1: an admin's session alone is 401", async () => {
    const { admin } = await company();
    const res = await t.as(admin).get('/api/v1/employees');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('every answer carries RateLimit-*; past the limit 429 with Retry-After, for that key only', async () => {
    const { admin } = await company();
    const a = await keyOf(admin, 'read', 'A');
    const b = await keyOf(admin, 'read', 'B');
    const first = await call(a.key, 'GET', '/api/v1/departments');
    expect(first.headers['ratelimit-limit']).toBe(String(V1_RATE_PER_MINUTE));
    const left = Number(first.headers['ratelimit-remaining']);
    expect(left).toBeLessThan(V1_RATE_PER_MINUTE);
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number((await call(a.key, 'GET', '/api/v1/departments')).headers['ratelimit-remaining'])).toBe(left - 1);
    // Use up the window's count in the limiter (as many requests would), then ask once more.
    const now = Date.now();
    for (let i = 0; i < V1_RATE_PER_MINUTE; i++) await t.deps.limiter.hit(rateKey(a.id, now), 60_000);
    const limited = await call(a.key, 'GET', '/api/v1/departments');
    if (rateKey(a.id, now) === rateKey(a.id)) {
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await call(b.key, 'GET', '/api/v1/departments')).statusCode).toBe(200);
  });
});

describe('/api/v1: reads', () => {
  it('pages through every employee with an opaque cursor, no duplicates, none missed; limit over 200 or a forged cursor is 400', async () => {
    const { c, admin } = await company();
    for (let i = 0; i < 7; i++) await t.factories.employee(c.id);
    const other = await company();
    await t.factories.employee(other.c.id);
    const { key } = await keyOf(admin, 'read');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(key, 'GET', `/api/v1/employees?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.data.map((e: { id: string }) => e.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    const ids = (await t.db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, c.id))).map((e) => e.id).sort();
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    expect((await call(key, 'GET', '/api/v1/employees?limit=201')).json()).toMatchObject({ status: 400, code: 'validation_failed' });
    const forged = await call(key, 'GET', '/api/v1/employees?cursor=bm90LWEtY3Vyc29y');
    expect(forged.json()).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ path: 'cursor' }] });
  });

  it("another company's employee is 404; its rows never appear in any list", async () => {
    const { c, admin } = await company();
    const other = await company();
    const foreign = await t.factories.employee(other.c.id);
    await t.factories.department(other.c.id, 'Ajeno');
    await t.factories.schedule(other.c.id);
    await t.factories.location(other.c.id);
    await t.factories.holiday(other.c.id);
    const dept = await t.factories.department(c.id, 'Ventas');
    const { key } = await keyOf(admin, 'read');
    const res = await call(key, 'GET', `/api/v1/employees/${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const path of ['departments', 'schedules', 'locations', 'holidays', 'employees']) {
      const page = await call(key, 'GET', `/api/v1/${path}`);
      expect(page.statusCode, path).toBe(200);
      expect(page.json().data.length, path).toBe(path === 'departments' ? 1 : 0);
    }
    expect((await call(key, 'GET', '/api/v1/departments')).json().data[0]).toMatchObject({ id: dept.id, name: 'Ventas' });
    const month = await call(key, 'GET', `/api/v1/attendance?from=2026-02-01&to=2026-02-28&employeeId=${foreign.id}`);
    expect(month.statusCode).toBe(404);
    expect((await call(key, 'GET', '/api/v1/nothing-here')).json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('attendance of a range: method, place and an evidence summary, never the frames or scores; paged by (date, id) without duplicates', async () => {
    const { c, admin } = await company();
    const ana = await t.factories.employee(c.id);
    const beto = await t.factories.employee(c.id);
    const other = await company();
    const foreign = await t.factories.employee(other.c.id);
    const evidence = {
      checkIn: { linkName: 'Puerta', kioskName: 'Tablet 1', distance: 0.31, liveness: { passed: true, frames: [{ yaw: 2 }] }, ip: '10.0.0.9' },
    };
    const rows: (typeof attendanceRecords.$inferInsert)[] = [];
    for (const day of ['2026-02-02', '2026-02-03', '2026-02-04']) {
      for (const e of [ana, beto])
        rows.push({
          companyId: c.id,
          employeeId: e.id,
          date: day,
          checkIn: lima(day, '08:00'),
          checkOut: lima(day, '17:00'),
          status: 'present',
          method: 'face_recognition' as const,
          evidence,
          checkInLatitude: -12.05,
          checkInLongitude: -77.04,
        });
    }
    rows.push({
      companyId: other.c.id,
      employeeId: foreign.id,
      date: '2026-02-02',
      checkIn: lima('2026-02-02', '08:00'),
      checkOut: null,
      status: 'present',
      method: 'manual' as const,
      evidence: null,
      checkInLatitude: null,
      checkInLongitude: null,
    });
    await t.db.insert(attendanceRecords).values(rows);
    const { key } = await keyOf(admin, 'read');
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: Record<string, unknown> | undefined;
    do {
      const res = await call(key, 'GET', `/api/v1/attendance?from=2026-02-01&to=2026-02-28&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      first ??= res.json().data[0];
      seen.push(...res.json().data.map((r: { id: string }) => r.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(first).toMatchObject({
      date: '2026-02-02',
      method: 'face_recognition',
      location: { latitude: -12.05, longitude: -77.04 },
      evidence: { checkIn: { linkName: 'Puerta', kioskName: 'Tablet 1', livenessPassed: true }, checkOut: null },
    });
    const text = JSON.stringify(first);
    for (const secret of ['frames', 'distance', '10.0.0.9', 'yaw']) expect(text).not.toContain(secret);
    const one = await call(key, 'GET', `/api/v1/attendance?from=2026-02-03&to=2026-02-03&employeeId=${ana.id}`);
    expect(one.json().data.map((r: { employeeId: string; date: string }) => [r.employeeId, r.date])).toEqual([[ana.id, '2026-02-03']]);
    expect((await call(key, 'GET', '/api/v1/attendance?from=2026-02-10&to=2026-02-01')).json()).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('the payroll summary of a period, the same engine as the Nómina report', async () => {
    const { c, admin } = await company();
    const e = await t.factories.employee(c.id);
    await t.db.insert(attendanceRecords).values({
      companyId: c.id,
      employeeId: e.id,
      date: '2026-02-02',
      checkIn: lima('2026-02-02', '08:00'),
      checkOut: lima('2026-02-02', '17:00'),
      status: 'present',
    });
    const { key } = await keyOf(admin, 'read');
    const v1 = await call(key, 'GET', '/api/v1/payroll?from=2026-02-01&to=2026-02-28');
    expect(v1.statusCode).toBe(200);
    const report = await t.as(admin).get('/api/company-admin-simple/reports/payroll?from=2026-02-01&to=2026-02-28');
    expect(v1.json()).toEqual(report.json());
    expect(v1.json().data.lines[0]).toMatchObject({ employeeId: e.id, daysWorked: 1 });
    expect((await call(key, 'GET', '/api/v1/payroll?from=2026-01-01&to=2026-12-31')).json()).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('/api/v1: writes', () => {
  it('a read-only key writing is 403 and writes nothing', async () => {
    const { c, admin } = await company();
    const { key } = await keyOf(admin, 'read');
    const res = await call(key, 'POST', '/api/v1/employees', { firstName: 'Rosa', lastName: 'Quispe', email: 'rosa@example.com', employeeCode: 'R-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'forbidden', detail: 'Esta clave es de solo lectura' });
    expect(await t.db.select().from(employees).where(eq(employees.companyId, c.id))).toHaveLength(0);
  });

  it("creates, updates and deactivates an employee; another company's id is 404 and unchanged", async () => {
    const { c, admin } = await company();
    const other = await company();
    const foreign = await t.factories.employee(other.c.id, { firstName: 'Ajeno' });
    const { key } = await keyOf(admin, 'read_write');
    const body = { firstName: 'Rosa', lastName: 'Quispe', email: 'rosa.v1@example.com', employeeCode: 'R-1', ...withDni() };
    const created = await call(key, 'POST', '/api/v1/employees', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ firstName: 'Rosa', status: 'ACTIVE' });
    const updated = await call(key, 'PUT', `/api/v1/employees/${id}`, { ...body, position: 'Cajera' });
    expect(updated.json().data).toMatchObject({ position: 'Cajera' });
    const off = await call(key, 'POST', `/api/v1/employees/${id}/deactivate`);
    expect(off.json().data).toMatchObject({ status: 'INACTIVE', position: 'Cajera' });
    expect((await call(key, 'PUT', `/api/v1/employees/${foreign.id}`, { ...body, email: 'x@example.com', employeeCode: 'X' })).statusCode).toBe(404);
    expect((await call(key, 'POST', `/api/v1/employees/${foreign.id}/deactivate`)).statusCode).toBe(404);
    const [still] = await t.db.select().from(employees).where(eq(employees.id, foreign.id));
    expect(still).toMatchObject({ firstName: 'Ajeno', status: 'ACTIVE' });
    expect((await t.db.select().from(employees).where(eq(employees.companyId, c.id))).map((e) => e.status)).toEqual(['INACTIVE']);
  });

  it('a Peruvian worker needs the document on create and replace (400 document_required); an older one without it can still be deactivated', async () => {
    const { admin } = await company();
    const { key } = await keyOf(admin, 'read_write');
    const body = { firstName: 'Rosa', lastName: 'Quispe', email: 'rosa.doc.v1@example.com', employeeCode: 'RD-1' };
    const refused = await call(key, 'POST', '/api/v1/employees', body);
    expect(refused.json()).toMatchObject({ status: 400, code: 'document_required', errors: [{ path: 'documentType' }, { path: 'documentNumber' }] });
    const older = await t.factories.employee(admin.companyId!, { documentType: null, documentNumber: null });
    const replace = await call(key, 'PUT', `/api/v1/employees/${older.id}`, { ...body, email: older.email, employeeCode: older.employeeCode });
    expect(replace.json()).toMatchObject({ status: 400, code: 'document_required' });
    const off = await call(key, 'POST', `/api/v1/employees/${older.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'INACTIVE', documentNumber: null });
  });

  it("a manual record needs a reason; its author is the key's name; another company's employee is 404", async () => {
    const { c, admin } = await company();
    const e = await t.factories.employee(c.id);
    const other = await company();
    const foreign = await t.factories.employee(other.c.id);
    const { key } = await keyOf(admin, 'read_write', 'Buk nómina');
    const body = { employeeId: e.id, date: '2026-02-02', checkIn: '08:00', checkOut: '17:00' };
    expect((await call(key, 'POST', '/api/v1/attendance', body)).json()).toMatchObject({ status: 400, errors: [{ path: 'reason' }] });
    const res = await call(key, 'POST', '/api/v1/attendance', { ...body, reason: 'Marcación olvidada' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ employeeId: e.id, method: 'manual', isManual: true, manualReason: 'Marcación olvidada' });
    const [change] = await t.db.select().from(manualChanges).where(eq(manualChanges.employeeId, e.id));
    expect(change).toMatchObject({ authorName: 'Buk nómina', reason: 'Marcación olvidada', authorUserId: admin.id });
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, e.id));
    expect(logged.map((l) => l.title)).toContain('activity.createdByAdmin');
    expect((await call(key, 'POST', '/api/v1/attendance', { ...body, employeeId: foreign.id, reason: 'x' })).statusCode).toBe(404);
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, foreign.id))).toHaveLength(0);
  });

  it('Idempotency-Key: the same key and body replay the first answer (one write); another body is 409; stored per company', async () => {
    const { c, admin } = await company();
    const { key } = await keyOf(admin, 'read_write');
    const body = { firstName: 'Luis', lastName: 'Soto', email: 'luis.idem@example.com', employeeCode: 'L-1', ...withDni() };
    const headers = { 'idempotency-key': 'alta-luis-1' };
    const first = await call(key, 'POST', '/api/v1/employees', body, headers);
    const again = await call(key, 'POST', '/api/v1/employees', body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.db.select().from(employees).where(eq(employees.companyId, c.id))).toHaveLength(1);
    const other = await call(key, 'POST', '/api/v1/employees', { ...body, employeeCode: 'L-2' }, headers);
    expect(other.json()).toMatchObject({ status: 409, code: 'conflict' });
    // Another company may use the same Idempotency-Key for its own write.
    const b = await company();
    const bKey = await keyOf(b.admin, 'read_write');
    const theirs = await call(bKey.key, 'POST', '/api/v1/employees', { ...body, email: 'luis.b@example.com' }, headers);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
    expect(await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.companyId, c.id))).toHaveLength(1);
  });
});

describe('/api/v1: documentation', () => {
  it('the OpenAPI document lists every v1 route with the bearer scheme and problem details; /api/docs serves the reference', async () => {
    const doc = (await t.anon.get('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/'));
    expect(v1.sort()).toEqual(
      [
        '/api/v1/attendance',
        '/api/v1/departments',
        '/api/v1/employees',
        '/api/v1/employees/{id}',
        '/api/v1/employees/{id}/deactivate',
        '/api/v1/holidays',
        '/api/v1/locations',
        '/api/v1/payroll',
        '/api/v1/register',
        '/api/v1/register/file',
        '/api/v1/schedules',
      ].sort(),
    );
    const list = doc.paths['/api/v1/attendance'].get;
    expect(list.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    const page = await t.anon.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/api/docs/reference.js"></script>');
    const script = await t.anon.get('/api/docs/reference.js');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("fetch('/api/openapi.json')");
  });
});
