import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  attendanceArchive,
  attendanceLinks,
  attendanceRecords,
  companies,
  employees,
  faceConsents,
  faceTemplates,
  manualChanges,
  registerLinks,
  schedules,
  sessions,
  users,
  workLocations,
} from '../../db/schema/index.js';
import { closeOpenRecords } from '../../jobs/close-open-records.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { pruneRetention } from '../../jobs/retention.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { addEmployee, login } from '../admin/test-helpers.js';
import { closeCompany } from './closing.js';

let t: TestApp;
let root: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '10' });
  root = await t.factories.superAdmin();
});

const log = { info() {}, warn() {}, error() {} } as never;
const evidence = { distance: 0.31, ip: '203.0.113.7', userAgent: 'Kiosk', liveness: { passed: true } };
const gps = { checkInLatitude: -12.05, checkInLongitude: -77.04, checkOutLatitude: -12.05, checkOutLongitude: -77.04 };

/** A company with an admin, a worker with a login, face data, a schedule, a kiosk link, records, an archived record and audit. */
async function seedCompany(name: string) {
  const company = await t.factories.company({ name, ruc: '20601234567', address: 'Av. Arequipa 123, Lima', phone: '+51 1 555 0101' });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const worker = await t.factories.employeeUser({ companyId: company.id });
  const schedule = await t.factories.schedule(company.id);
  const location = await t.factories.location(company.id);
  const emp = await addEmployee(t, company.id, {
    userId: worker.id,
    firstName: 'Rosa',
    lastName: `Quispe ${name}`,
    documentNumber: '45678912',
    phone: '+51 999 111 222',
    position: 'Cajera',
    scheduleId: schedule.id,
  });
  const [record] = await t.db
    .insert(attendanceRecords)
    .values({
      companyId: company.id,
      employeeId: emp.id,
      date: '2026-03-02',
      checkIn: new Date('2026-03-02T13:55:00Z'),
      checkOut: new Date('2026-03-02T23:10:00Z'),
      workHours: '9.25',
      status: 'present',
      evidence,
      ...gps,
    })
    .returning();
  const archivedId = randomUUID();
  await t.db.insert(attendanceArchive).values({
    id: archivedId,
    companyId: company.id,
    employeeId: emp.id,
    date: '2026-03-03',
    record: { id: archivedId, evidence, check_in_latitude: -12.05, status: 'present' },
    reason: 'Duplicado',
  });
  await t.db.insert(activityLog).values([
    {
      companyId: company.id,
      employeeId: emp.id,
      type: 'attendance_edit',
      title: 'activity.deletedByAdmin',
      details: { date: '2026-03-03', reason: 'Duplicado', deletedRecord: { evidence, checkInLatitude: -12.05, status: 'present' } },
    },
    { companyId: company.id, employeeId: emp.id, type: 'attendance_check_in', title: 'activity.checkIn', details: { ip: '203.0.113.7' } },
  ]);
  await t.db.insert(manualChanges).values({
    companyId: company.id,
    employeeId: emp.id,
    recordId: archivedId,
    date: '2026-03-03',
    action: 'deleted',
    authorUserId: admin.id,
    authorName: 'Ana Admin',
    reason: 'Duplicado',
    previous: { checkIn: null, checkOut: null, isPermission: false, notes: null, status: 'present' },
  });
  await t.db.insert(faceTemplates).values({ companyId: company.id, employeeId: emp.id, descriptor: Array.from({ length: 128 }, () => 0.1) });
  await t.db.insert(faceConsents).values({ companyId: company.id, employeeId: emp.id, noticeVersion: 'v1' });
  await t.db
    .insert(attendanceLinks)
    .values({ companyId: company.id, name: 'Entrada', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0'), tokenSealed: 'x' });
  return { company, admin, worker, emp, record, schedule, location, archivedId };
}

const count = async (
  table:
    | typeof users
    | typeof employees
    | typeof attendanceRecords
    | typeof faceTemplates
    | typeof faceConsents
    | typeof schedules
    | typeof workLocations
    | typeof attendanceLinks
    | typeof activityLog
    | typeof manualChanges
    | typeof attendanceArchive,
  companyId: string,
) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.companyId, companyId)))[0]!.n;

async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => out.push((row.values as unknown[]).filter((v) => v != null).join(' | '))));
  return out.join('\n');
}

describe('deleting a company closes it: the attendance register stays, read-only, the rest goes (decision 0034)', () => {
  it('keeps records, the archive, the manual-change audit and the identifying fields; removes logins, face data and the rest; another company untouched', async () => {
    const a = await seedCompany('Bodega Norte');
    const b = await seedCompany('Bodega Sur');

    const res = await t.as(root).delete(`/api/super-admin/companies/${a.company.id}`);
    expect(res.statusCode).toBe(200);

    const closed = await t.db.query.companies.findFirst({ where: eq(companies.id, a.company.id) });
    expect(closed).toMatchObject({ name: 'Bodega Norte', ruc: '20601234567', address: 'Av. Arequipa 123, Lima', status: 'INACTIVE', email: '', phone: null });
    expect(closed?.closedAt).toBeInstanceOf(Date);
    // Logins, sessions, face data, kiosk links, schedules, locations: gone.
    for (const table of [users, faceTemplates, faceConsents, attendanceLinks, schedules, workLocations] as const)
      expect(await count(table, a.company.id)).toBe(0);
    for (const u of [a.admin, a.worker]) {
      expect(await t.db.query.sessions.findFirst({ where: eq(sessions.userId, u.id) })).toBeUndefined();
      expect((await t.as(u).get('/api/auth/verify')).statusCode).toBe(401);
    }
    // The worker keeps name and document only.
    const [emp] = await t.db.select().from(employees).where(eq(employees.id, a.emp.id));
    expect(emp).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Quispe Bodega Norte',
      documentNumber: '45678912',
      email: `${a.emp.id}@closed.invalid`,
      phone: null,
      position: null,
      userId: null,
      scheduleId: null,
    });
    // The record keeps its times and hours, not the evidence or GPS.
    const [rec] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, a.record.id));
    expect(rec).toMatchObject({
      date: '2026-03-02',
      checkIn: a.record.checkIn,
      checkOut: a.record.checkOut,
      workHours: '9.25',
      evidence: null,
      checkInLatitude: null,
      checkOutLongitude: null,
    });
    const [arch] = await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.id, a.archivedId));
    expect(arch?.record).toEqual({ id: a.archivedId, status: 'present' });
    const audit = await t.db.select().from(activityLog).where(eq(activityLog.companyId, a.company.id));
    expect(audit.map((x) => x.type)).toEqual(['attendance_edit']);
    expect(audit[0]?.details).toEqual({ date: '2026-03-03', reason: 'Duplicado', deletedRecord: { status: 'present' } });
    expect(await count(manualChanges, a.company.id)).toBe(1);

    // Company B: all of it still there.
    for (const table of [users, faceTemplates, faceConsents, attendanceLinks, schedules, workLocations, attendanceRecords, attendanceArchive] as const)
      expect(await count(table, b.company.id)).toBeGreaterThan(0);
    expect((await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, b.record.id)))[0]).toMatchObject({ evidence });
    expect((await t.as(b.admin).get('/api/auth/verify')).statusCode).toBe(200);

    // The admin is mailed a link to the whole register (queued with the closing, sent by the job).
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 1000));
    const mail = t.deps.mailer.outbox.find((m) => m.to === a.admin.email && m.subject === 'Presente: Datos eliminados');
    expect(mail?.text).toContain('registro de control de asistencia');
    const link = mail?.links?.[0] ?? '';
    expect(link).toMatch(/\/api\/public\/register\/[\w-]{40,}$/);
    const page = await t.anon.get(new URL(link).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Descargar Excel');
    const xlsx = await t.anon.get(`${new URL(link).pathname}/file?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const text = await xlsxText(xlsx.rawPayload);
    expect(text).toContain('Quispe Bodega Norte, Rosa');
    expect(text).toContain('45678912');
    expect(text).toContain('08:55'); // 13:55 UTC in Lima
    expect(text).toContain('18:10');
    expect(text).toContain('09:15'); // 9.25 hours
    expect(text).toContain('Duplicado');
    expect(text).not.toContain('Bodega Sur');
    const pdf = await t.anon.get(`${new URL(link).pathname}/file?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The super admin still produces it (an inspection), in both formats; the list says it is closed.
    const byRoot = await t.as(root).get(`/api/super-admin/companies/${a.company.id}/register?format=xlsx`);
    expect(byRoot.statusCode).toBe(200);
    expect(await xlsxText(byRoot.rawPayload)).toContain('45678912');
    expect((await t.as(root).get(`/api/super-admin/companies/${a.company.id}/register?format=pdf`)).headers['content-type']).toBe('application/pdf');
    expect((await t.as(root).get(`/api/super-admin/companies/${a.company.id}`)).json().data).toMatchObject({ closedAt: expect.any(String) });
    // Nobody else: a company admin (even of a live company) gets 403 on the super admin's copy.
    expect((await t.as(b.admin).get(`/api/super-admin/companies/${a.company.id}/register`)).statusCode).toBe(403);
  });

  it("refuses every write to a closed company's register: the API (409 company_closed), and the database itself", async () => {
    const a = await seedCompany('Cerrada SAC');
    // An open record the forgotten-check-out job would otherwise close.
    const [open] = await t.db
      .insert(attendanceRecords)
      .values({ companyId: a.company.id, employeeId: a.emp.id, date: '2026-03-04', checkIn: new Date('2026-03-04T13:00:00Z'), status: 'present' })
      .returning();
    expect((await t.as(root).delete(`/api/super-admin/companies/${a.company.id}`)).statusCode).toBe(200);

    for (const lang of ['es', 'en']) {
      const again = await t.as(root).delete(`/api/super-admin/companies/${a.company.id}`, { 'accept-language': lang });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('company_closed');
      expect(again.json().message).toBe(
        lang === 'es'
          ? 'La empresa fue eliminada: su registro de asistencia se conserva solo para consulta y no puede modificarse.'
          : 'The company was deleted: its attendance register is kept for consultation only and cannot be changed.',
      );
    }
    const edit = await t.as(root).put(`/api/super-admin/companies/${a.company.id}`, { status: 'ACTIVE', name: 'Reabierta' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('company_closed');

    // Straight SQL, as any future code path would: insert, update and delete are refused on the records,
    // the archive and the workers.
    const attempts = [
      t.db.update(attendanceRecords).set({ notes: 'cambiado' }).where(eq(attendanceRecords.id, a.record.id)),
      t.db.delete(attendanceRecords).where(eq(attendanceRecords.id, a.record.id)),
      t.db.insert(attendanceRecords).values({ companyId: a.company.id, employeeId: a.emp.id, date: '2026-03-09', status: 'present' }),
      t.db.delete(attendanceArchive).where(eq(attendanceArchive.id, a.archivedId)),
      t.db.update(employees).set({ firstName: 'Otra' }).where(eq(employees.id, a.emp.id)),
      t.db.update(manualChanges).set({ answer: 'agreed' }).where(eq(manualChanges.companyId, a.company.id)),
      t.db.insert(employees).values({ companyId: a.company.id, firstName: 'X', lastName: 'Y', email: 'x@y.pe', employeeCode: 'NEW-1' }),
    ];
    let accepted = 0;
    for (const attempt of attempts) {
      try {
        await attempt;
        accepted++;
      } catch (err) {
        expect(String((err as { cause?: Error }).cause?.message ?? (err as Error).message)).toMatch(/company_closed/);
      }
    }
    expect({ attempts: attempts.length, accepted }).toEqual({ attempts: 7, accepted: 0 });
    // The forgotten check-out job leaves it as it was.
    await closeOpenRecords(t.deps, new Date('2026-03-06T00:00:00Z'));
    expect((await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, open!.id)))[0]).toMatchObject({ checkOut: null, incomplete: false });
    expect((await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, a.record.id)))[0]?.notes).toBeNull();
  });

  it('purges a closed company record by record 5 years after each date, then its workers and the company; an open company only loses evidence', async () => {
    const NOW = new Date('2031-03-03T15:00:00Z'); // cut-off 2026-03-02: records before it are past retention
    const a = await seedCompany('Antigua SAC');
    const later = await addEmployee(t, a.company.id, { firstName: 'Luis', lastName: 'Mamani', documentNumber: '11112222' });
    await t.db.insert(attendanceRecords).values([
      { companyId: a.company.id, employeeId: a.emp.id, date: '2026-03-01', status: 'present', checkIn: new Date('2026-03-01T13:00:00Z') },
      { companyId: a.company.id, employeeId: later.id, date: '2026-03-05', status: 'present', checkIn: new Date('2026-03-05T13:00:00Z') },
    ]);
    await t.db.transaction(async (tx) => closeCompany(tx, a.company.id, new Date('2026-04-01T00:00:00Z')));
    const open = await seedCompany('Viva SAC');
    await t.db.insert(attendanceRecords).values({ companyId: open.company.id, employeeId: open.emp.id, date: '2026-03-01', status: 'present', evidence });

    const first = await pruneRetention(t.deps, NOW);
    expect(first.purged).toBe(1); // 2026-03-01 only; 2026-03-02 (the cut-off day) stays
    const dates = async (companyId: string) =>
      (await t.db.select({ d: attendanceRecords.date }).from(attendanceRecords).where(eq(attendanceRecords.companyId, companyId))).map((r) => r.d).sort();
    expect(await dates(a.company.id)).toEqual(['2026-03-02', '2026-03-05']);
    expect(await count(attendanceArchive, a.company.id)).toBe(1); // 2026-03-03
    expect(await count(activityLog, a.company.id)).toBe(1);
    expect(await count(manualChanges, a.company.id)).toBe(1);
    // The open company: its record stays, only the evidence goes.
    expect(
      (
        await t.db
          .select()
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.companyId, open.company.id), eq(attendanceRecords.date, '2026-03-01')))
      )[0],
    ).toMatchObject({ evidence: null, status: 'present' });

    // A day later the 2026-03-02 record and the archive/audit of 2026-03-03 follow; Rosa has nothing left and goes.
    await pruneRetention(t.deps, new Date('2031-03-05T15:00:00Z'));
    expect(await dates(a.company.id)).toEqual(['2026-03-05']);
    expect(await count(attendanceArchive, a.company.id)).toBe(0);
    expect(await count(activityLog, a.company.id)).toBe(0);
    expect(await count(manualChanges, a.company.id)).toBe(0);
    expect((await t.db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, a.company.id))).map((e) => e.id)).toEqual([later.id]);
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, a.company.id) })).toBeDefined();

    // When the last record is past retention, the company's identifiers and its links go too.
    const last = await pruneRetention(t.deps, new Date('2031-03-07T15:00:00Z'));
    expect(last.companiesPurged).toBeGreaterThanOrEqual(1);
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, a.company.id) })).toBeUndefined();
    expect(await t.db.select().from(registerLinks).where(eq(registerLinks.companyId, a.company.id))).toEqual([]);
    expect(await t.db.query.companies.findFirst({ where: eq(companies.id, open.company.id) })).toBeDefined();
    expect(await pruneRetention(t.deps, new Date('2031-03-07T15:00:00Z'))).toEqual({ archived: 0, stripped: 0, purged: 0, companiesPurged: 0 });
  });

  it('the download link lasts 30 days from the closing; a guessed token never works', async () => {
    const day = 86_400_000;
    const old = await seedCompany('Vencida SAC');
    const fresh = await seedCompany('Vigente SAC');
    const now = Date.now();
    const expired = await t.db.transaction((tx) => closeCompany(tx, old.company.id, new Date(now - 30 * day - 60_000)));
    const valid = await t.db.transaction((tx) => closeCompany(tx, fresh.company.id, new Date(now - 29 * day)));
    const gone = await t.anon.get(`/api/public/register/${expired.token}/file?format=xlsx`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'link_expired', message: expect.stringContaining('vale 30 días') });
    expect((await t.anon.get(`/api/public/register/${expired.token}`)).statusCode).toBe(410);
    const ok = await t.anon.get(`/api/public/register/${valid.token}/file?format=xlsx`);
    expect(ok.statusCode).toBe(200);
    const text = await xlsxText(ok.rawPayload);
    expect(text).toContain('Quispe Vigente SAC');
    expect(text).not.toContain('Vencida');
    let accepted = 0;
    const attempts = 40;
    for (let i = 0; i < attempts; i++) {
      const guess = `${valid.token.slice(0, -4)}${i.toString(36).padStart(4, 'A')}`;
      if ((await t.anon.get(`/api/public/register/${guess}/file?format=pdf`)).statusCode === 200) accepted++;
    }
    expect({ attempts, accepted }).toEqual({ attempts: 40, accepted: 0 });
  });
});

describe('a company whose access ended: its admin signs in read-only and may only export the register', () => {
  it('logs in, sees register_only, exports Excel and PDF of its own register, and gets 403 register_only everywhere else', async () => {
    const a = await seedCompany('Lapsa SAC');
    const b = await seedCompany('Otra SAC');
    await t.db.update(companies).set({ status: 'INACTIVE' }).where(eq(companies.id, a.company.id));

    const res = await login(t, a.admin.email, a.admin.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ role: 'COMPANY_ADMIN', access: 'register_only' });
    const as = t.as(a.admin);
    expect((await as.get('/api/auth/verify')).json().data.user.access).toBe('register_only');
    const summary = (await as.get('/api/company-admin-simple/register/summary')).json().data;
    expect(summary).toMatchObject({ companyName: 'Lapsa SAC', records: 1, firstDate: '2026-03-02', registerOnly: true });

    const xlsx = await as.get('/api/company-admin-simple/register?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="registro-asistencia-lapsa-sac.xlsx"');
    const text = await xlsxText(xlsx.rawPayload);
    expect(text).toContain('Quispe Lapsa SAC');
    expect(text).not.toContain('Otra SAC'); // a request field never names another company:
    expect(await xlsxText((await as.get(`/api/company-admin-simple/register?format=xlsx&companyId=${b.company.id}`)).rawPayload)).not.toContain('Otra SAC');
    expect((await as.get('/api/company-admin-simple/register?format=pdf')).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as.get(`/api/super-admin/companies/${b.company.id}/register`)).statusCode).toBe(403);

    // Nothing else: reads and writes of every area answer 403 with a stable code and a clear message.
    const calls: [string, string, Record<string, unknown>?][] = [
      ['get', '/api/company-admin-simple/employees'],
      ['get', '/api/company-admin-simple/attendance/monthly-calendar?month=3&year=2026'],
      ['get', '/api/company-admin-simple/company'],
      ['post', '/api/company-admin-simple/employees', { firstName: 'A', lastName: 'B', email: 'a@b.pe', employeeCode: 'Z1' }],
      ['put', `/api/company-admin-simple/attendance/${a.record.id}`, { checkIn: '08:00', reason: 'x' }],
      ['delete', `/api/company-admin-simple/attendance/${a.record.id}`],
      ['get', '/api/paypal/subscription-details'],
      ['post', '/api/paypal/create-plan', { employeeCount: 5, companyName: 'x' }],
      ['get', '/api/auth/socket-token'],
      ['patch', '/api/account/password', { currentPassword: a.admin.password, newPassword: 'Otra-clave-123' }],
    ];
    let accepted = 0;
    for (const [method, url, body] of calls) {
      const r =
        method === 'get' || method === 'delete'
          ? await as[method](url)
          : await (as as never as Record<string, (u: string, b: unknown) => Promise<{ statusCode: number; json(): { code: string; message: string } }>>)[
              method
            ]!(url, body);
      if (r.statusCode !== 403 || r.json().code !== 'register_only') accepted++;
    }
    expect({ attempts: calls.length, accepted }).toEqual({ attempts: 10, accepted: 0 });
    const refused = await as.get('/api/company-admin-simple/employees', { 'accept-language': 'en' });
    expect(refused.json()).toEqual({ code: 'register_only', message: "Your company's access has ended. You can only download the attendance register." });
    expect((await as.get('/api/company-admin-simple/employees')).json().message).toBe(
      'El acceso de tu empresa terminó. Solo puedes descargar el registro de control de asistencia.',
    );
    expect((await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, a.record.id)))[0]?.checkIn).toEqual(a.record.checkIn);

    // The company's workers cannot sign in at all; the other company's admin works as before, with their own register.
    const workerLogin = await login(t, a.worker.email, a.worker.password);
    expect(workerLogin.statusCode).toBe(403);
    expect(workerLogin.json().code).toBe('company_inactive');
    expect((await t.as(a.worker).get('/api/auth/verify')).statusCode).toBe(401);
    const bText = await xlsxText((await t.as(b.admin).get('/api/company-admin-simple/register?format=xlsx')).rawPayload);
    expect(bText).toContain('Quispe Otra SAC');
    expect(bText).not.toContain('Lapsa');
    expect((await t.as(b.admin).get('/api/company-admin-simple/employees')).statusCode).toBe(200);
  });
});
