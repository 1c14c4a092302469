import { formatReceiptCode } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceChain, jobs, punchReceipts } from '../../db/schema/index.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { punch } from '../attendance/punch.service.js';
import { local } from '../employee-area/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const log = { info() {}, warn() {}, error() {} } as never;
const ADMIN = '/api/company-admin-simple';
const MINE = '/api/employee/receipts';
const CODE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;

/** A Lima company with a located office schedule, its admin and two workers with logins. */
async function seed(name: string) {
  const company = await t.factories.company({ name, timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const place = await t.factories.location(company.id, { name: `Sede Central ${name}` });
  const schedule = await t.factories.schedule(company.id, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5', locationId: place.id });
  const worker = await t.factories.employee(company.id, { firstName: 'Rosa', lastName: `Quispe ${name}`, scheduleId: schedule.id });
  const other = await t.factories.employee(company.id, { firstName: 'Luis', lastName: `Mamani ${name}`, scheduleId: schedule.id });
  return { company, admin, place, worker, other };
}

const at = { latitude: -12.0464, longitude: -77.0428, accuracy: 5 };
const kiosk = (s: Awaited<ReturnType<typeof seed>>, action: 'check_in' | 'check_out', when: Date) =>
  punch(t.db, t.deps, { companyId: s.company.id, employeeId: s.worker.id, action, method: 'face_recognition', at: when, location: at });

const entryHash = async (companyId: string, seq: number) =>
  (
    await t.db
      .select()
      .from(attendanceChain)
      .where(and(eq(attendanceChain.companyId, companyId), eq(attendanceChain.seq, seq)))
  )[0]!.hash;

describe('a receipt per punch (issue 19 item 7, decision 0053)', () => {
  it('each kiosk check-in and check-out gives the worker a receipt (date, time, method, place, code from its chain entry) in their area and by mail; a repeat gives none', async () => {
    const s = await seed('Recibos');
    await kiosk(s, 'check_in', local('2026-03-02', '08:55'));
    await kiosk(s, 'check_in', local('2026-03-02', '08:56')); // a repeat: no new chain entry, no receipt
    await kiosk(s, 'check_out', local('2026-03-02', '18:05'));

    const res = await t.as(s.worker.account).get(MINE);
    expect(res.statusCode).toBe(200);
    const receipts = res.json().data.receipts;
    expect(
      receipts.map((r: { kind: string; date: string; checkInTime: string; checkOutTime: string; method: string; place: string }) => [
        r.kind,
        r.date,
        r.checkInTime,
        r.checkOutTime,
        r.method,
        r.place,
      ]),
    ).toEqual([
      ['check_out', '2026-03-02', '08:55', '18:05', 'face_recognition', `Sede Central Recibos`],
      ['check_in', '2026-03-02', '08:55', null, 'face_recognition', `Sede Central Recibos`],
    ]);
    expect(res.json().pagination.total).toBe(2);
    // The code is the first 12 hex digits of the punch's own chain entry (seq 1: check-in, seq 2: check-out).
    expect(receipts[1].code).toMatch(CODE);
    expect(receipts[1].code).toBe(formatReceiptCode(await entryHash(s.company.id, 1)));
    expect(receipts[0].code).toBe(formatReceiptCode(await entryHash(s.company.id, 2)));
    // Only their own: the colleague has none.
    expect((await t.as(s.other.account).get(MINE)).json().data.receipts).toEqual([]);

    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 60_000));
    const mails = t.deps.mailer.outbox.filter((m) => m.to === s.worker.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Presente: comprobante de Entrada del 02/03/2026', 'Presente: comprobante de Salida del 02/03/2026']),
    );
    expect(mails).toHaveLength(2);
    const inMail = mails.find((m) => m.subject.includes('Entrada'))!;
    for (const part of ['Hora: 08:55', 'Método: Reconocimiento facial', 'Lugar: Sede Central Recibos', `Código de verificación: ${receipts[1].code}`]) {
      expect(inMail.text).toContain(part);
    }
  });

  it("the admin's integrity page resolves a code (any case, with or without dashes) to the punch; another company's code, or a malformed one, resolves to nothing", async () => {
    const a = await seed('Codigos A');
    const b = await seed('Codigos B');
    await kiosk(a, 'check_in', local('2026-03-03', '09:01'));
    const [receipt] = (await t.as(a.worker.account).get(MINE)).json().data.receipts;

    const found = await t.as(a.admin).get(`${ADMIN}/attendance/receipts/${receipt.code.replaceAll('-', '').toLowerCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      code: receipt.code,
      kind: 'check_in',
      date: '2026-03-03',
      checkInTime: '09:01',
      method: 'face_recognition',
      employeeId: a.worker.id,
      employeeName: 'Rosa Quispe Codigos A',
      seq: 1,
      chainMatches: true,
    });

    const foreign = await t.as(b.admin).get(`${ADMIN}/attendance/receipts/${receipt.code}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found', message: 'Ningún comprobante de tu empresa tiene ese código' });
    const bad = await t.as(a.admin).get(`${ADMIN}/attendance/receipts/XYZ`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    // A worker cannot use the admin's lookup.
    expect((await t.as(a.worker.account).get(`${ADMIN}/attendance/receipts/${receipt.code}`)).statusCode).toBe(403);

    // The chain entry rewritten behind the product's back: the code no longer matches it.
    await t.db.execute(sql`update attendance_chain set hash = repeat('f', 64) where company_id = ${a.company.id} and seq = 1`);
    const altered = await t.as(a.admin).get(`${ADMIN}/attendance/receipts/${receipt.code}`);
    expect(altered.json().data.chainMatches).toBe(false);
  });

  it('a manual entry gives a receipt whose code is in the manual-change mail (one mail, not two); a permission is not a punch and gives none', async () => {
    const s = await seed('Manual');
    const created = await t.as(s.admin).post(`${ADMIN}/attendance`, {
      employeeId: s.worker.id,
      date: '2026-03-04',
      checkIn: '09:00',
      checkOut: '18:00',
      reason: 'Olvidó marcar',
    });
    expect(created.statusCode).toBe(201);
    const permission = await t
      .as(s.admin)
      .post(`${ADMIN}/attendance`, { employeeId: s.worker.id, date: '2026-03-05', isPermission: true, notes: 'Cita médica' });
    expect(permission.statusCode).toBe(201);

    const receipts = (await t.as(s.worker.account).get(MINE)).json().data.receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: 'manual', date: '2026-03-04', checkInTime: '09:00', checkOutTime: '18:00', method: 'manual', place: null });
    expect(await t.db.select().from(jobs).where(eq(jobs.type, 'attendance.receipt-mail'))).not.toContainEqual(
      expect.objectContaining({ payload: { receiptId: receipts[0].id } }),
    );
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 60_000));
    const mails = t.deps.mailer.outbox.filter((m) => m.to === s.worker.email);
    expect(mails).toHaveLength(2); // the two manual-change mails (created, permission), no separate receipt mail
    expect(mails.filter((m) => m.text.includes(`Código de verificación del comprobante: ${receipts[0].code}`))).toHaveLength(1);
    expect(await t.db.select().from(punchReceipts).where(eq(punchReceipts.companyId, s.company.id))).toHaveLength(1);
  });
});
