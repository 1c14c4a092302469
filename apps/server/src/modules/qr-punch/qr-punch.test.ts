import { QR_PUNCH } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceChain, attendanceRecords, companies, qrPunchUses } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { verifyChain } from '../attendance/chain.js';
import { BASE, ctxOf, local, officeEmployee } from '../employee-area/test-helpers.js';
import { signQrCode } from './qr-code.js';
import { displayCode, qrPunch } from './qr-punch.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN = '/api/company-admin-simple';
const codePath = (locationId: string) => `${ADMIN}/qr-punch/locations/${locationId}/code`;
// Lima's office at the factories' default position; the phone's positions below are measured from it.
const AT_DOOR = { latitude: -12.0464, longitude: -77.0428, accuracy: 10 };
const ACROSS_TOWN = { latitude: -12.1, longitude: -77.0, accuracy: 10 };

/** A company with a site, an all-day schedule at it that allows QR (unless told), an employee on it and the admin. */
async function site(scheduleOverrides: Record<string, unknown> = {}) {
  const company = await t.factories.company({ timezone: 'America/Lima' });
  const location = await t.factories.location(company.id, { name: 'Sede Central', allowedRadius: 100 });
  const { schedule, employee } = await officeEmployee(
    t,
    {
      startTime: '00:00',
      endTime: '23:59',
      breakStartTime: null,
      breakEndTime: null,
      workDays: '1,2,3,4,5,6,7',
      earlyCheckInMinutes: 0,
      locationId: location.id,
      allowQrAttendance: true,
      ...scheduleOverrides,
    },
    company.id,
  );
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  return { company, location, schedule, employee, admin };
}

const shownCode = async (s: Awaited<ReturnType<typeof site>>) => (await t.as(s.admin).get(codePath(s.location.id))).json().data.code as string;

describe('the screen at the entrance: GET /company-admin-simple/qr-punch/locations/:id/code', () => {
  it('401 without a session, 403 for an employee, 404 for another company’s site, 400 for a malformed id', async () => {
    const s = await site();
    const other = await site();
    expect((await t.anon.get(codePath(s.location.id))).statusCode).toBe(401);
    expect((await t.as(s.employee.account).get(codePath(s.location.id))).statusCode).toBe(403);
    const foreign = await t.as(s.admin).get(codePath(other.location.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found', message: 'Sede no encontrada' });
    expect((await t.as(s.admin).get(codePath('nope'))).statusCode).toBe(400);
  });

  it('a code for the site, the URL the QR holds, and when to show the next one', async () => {
    const s = await site();
    const res = await t.as(s.admin).get(codePath(s.location.id));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.location).toEqual({ id: s.location.id, name: 'Sede Central' });
    expect(data.code).toMatch(/^Q1\./);
    expect(data.url).toMatch(/^http:\/\/localhost(:80)?\/employee\/attendance\?qr=Q1\./);
    expect(new URL(data.url).pathname).toBe(QR_PUNCH.path);
    expect(new URL(data.url).searchParams.get('qr')).toBe(data.code);
    expect(data.stepSeconds).toBe(30);
    expect(Date.parse(data.refreshAt) - data.step * 30_000).toBe(30_000);
    expect(Date.parse(data.expiresAt) - Date.parse(data.refreshAt)).toBe(30_000);
    // Two screens (or two fetches) in the same step show different codes: each has its own nonce.
    expect(await shownCode(s)).not.toBe(data.code);
  });
});

describe('the employee punches with the code: POST /employee/attendance/qr', () => {
  it('401 without a session; 400 without a code, with the catalogue’s words', async () => {
    const s = await site();
    expect((await t.anon.post(`${BASE}/attendance/qr`, { code: await shownCode(s) })).statusCode).toBe(401);
    const empty = await t.as(s.employee.account).post(`${BASE}/attendance/qr`, { code: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'code', message: 'Escanea el código QR de la pantalla' });
  });

  it('checks in once with method qr_code in the hash chain; the same code again is refused and changes nothing', async () => {
    const s = await site();
    const code = await shownCode(s);
    const me = t.as(s.employee.account);
    const first = await me.post(`${BASE}/attendance/qr`, { code });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Entrada registrada exitosamente',
      data: { action: 'check_in', repeated: false, location: { id: s.location.id, name: 'Sede Central' }, record: { method: 'qr_code', checkOut: null } },
    });
    const recordId = first.json().data.record.id;
    const chain = await t.db.select().from(attendanceChain).where(eq(attendanceChain.companyId, s.company.id));
    expect(chain.map((e) => e.recordId)).toEqual([recordId]);
    expect((await verifyChain(t.db, s.company.id)).ok).toBe(true);

    const replay = await me.post(`${BASE}/attendance/qr`, { code });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({
      code: 'qr_code_used',
      message: 'Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.',
    });
    const [record] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, recordId));
    expect(record.checkOut).toBeNull();
    expect(await t.db.select().from(attendanceChain).where(eq(attendanceChain.companyId, s.company.id))).toHaveLength(1);

    // The admin sees the record with its method.
    const today = record.date;
    const admin = await t.as(s.admin).get(`${ADMIN}/attendance/monthly-calendar?month=${Number(today.slice(5, 7))}&year=${today.slice(0, 4)}`);
    expect(admin.statusCode).toBe(200);
    expect(JSON.stringify(admin.json())).toContain('qr_code');
  });

  it('the same code sent twice at once by the same employee records one punch', async () => {
    const s = await site();
    const code = await shownCode(s);
    const me = t.as(s.employee.account);
    const answers = await Promise.all([me.post(`${BASE}/attendance/qr`, { code }), me.post(`${BASE}/attendance/qr`, { code })]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // One wins; the other is refused as a replay (409) or as a punch already in flight (429, decision 0022).
    expect(statuses[0]).toBe(201);
    expect([409, 429]).toContain(statuses[1]);
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, s.employee.id))).toHaveLength(1);
    expect(await t.db.select().from(qrPunchUses).where(eq(qrPunchUses.employeeId, s.employee.id))).toHaveLength(1);
  });

  it('the whole URL the QR holds is accepted too (a pasted link, a phone camera app)', async () => {
    const s = await site();
    const { data } = (await t.as(s.admin).get(codePath(s.location.id))).json();
    const res = await t.as(s.employee.account).post(`${BASE}/attendance/qr`, { code: data.url });
    expect(res.statusCode).toBe(201);
  });

  it('another company’s code is refused as invalid (it fails this company’s signature), and burns nothing', async () => {
    const a = await site();
    const b = await site();
    const res = await t.as(b.employee.account).post(`${BASE}/attendance/qr`, { code: await shownCode(a) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'qr_code_invalid' });
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, b.employee.id))).toEqual([]);
    expect(await t.db.select().from(qrPunchUses).where(eq(qrPunchUses.employeeId, b.employee.id))).toEqual([]);
  });

  it('forged, altered and malformed codes are refused as invalid', async () => {
    const s = await site();
    const me = t.as(s.employee.account);
    const code = await shownCode(s);
    const [, loc, step, nonce, mac] = code.split('.');
    const other = await t.factories.location(s.company.id);
    const otherLoc = Buffer.from(other.id.replace(/-/g, ''), 'hex').toString('base64url');
    const forged = [
      `Q1.${otherLoc}.${step}.${nonce}.${mac}`, // moved to another site
      `Q1.${loc}.${(Number.parseInt(step, 36) + 1).toString(36)}.${nonce}.${mac}`, // a later step
      `Q1.${loc}.${step}.${nonce}.${'A'.repeat(22)}`,
      signQrCode('another-server-secret-of-32-chars-at-least', s.company.id, s.location.id, new Date()).code,
      'hola',
      'https://example.com/employee/attendance',
    ];
    for (const bad of forged) {
      const res = await me.post(`${BASE}/attendance/qr`, { code: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe('qr_code_invalid');
    }
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, s.employee.id))).toEqual([]);
  });

  it('a code of another site of the company is refused when the schedule marks at a site', async () => {
    const s = await site();
    const warehouse = await t.factories.location(s.company.id, { name: 'Almacén' });
    const { data } = (await t.as(s.admin).get(codePath(warehouse.id))).json();
    const res = await t.as(s.employee.account).post(`${BASE}/attendance/qr`, { code: data.code });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'qr_wrong_location', message: 'Este código QR es de otra sede (Almacén); tu horario marca en Sede Central.' });
  });

  it('a schedule without a site accepts any site of the company', async () => {
    const s = await site({ locationId: null });
    const res = await t.as(s.employee.account).post(`${BASE}/attendance/qr`, { code: await shownCode(s), location: ACROSS_TOWN });
    // The code's site is the fence: a phone across town is outside it.
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('outside_geofence');
    expect((await t.as(s.employee.account).post(`${BASE}/attendance/qr`, { code: await shownCode(s) })).statusCode).toBe(201);
  });

  it('refused where the schedule does not allow QR (the default), and without a schedule', async () => {
    const off = await site({ allowQrAttendance: undefined });
    expect(off.schedule.allowQrAttendance).toBe(false);
    const res = await t.as(off.employee.account).post(`${BASE}/attendance/qr`, { code: await shownCode(off) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'qr_not_allowed', message: 'Tu horario no permite marcar asistencia con código QR' });
    expect((await t.as(off.employee.account).get(`${BASE}/attendance/today`)).json().data.qrAllowed).toBe(false);

    const s = await site();
    expect((await t.as(s.employee.account).get(`${BASE}/attendance/today`)).json().data.qrAllowed).toBe(true);
    const loose = await t.factories.employee(s.company.id);
    expect((await t.as(loose.account).post(`${BASE}/attendance/qr`, { code: await shownCode(s) })).json().code).toBe('qr_not_allowed');
  });

  it('the geofence applies when the phone gives a position; a refused punch leaves the code usable', async () => {
    const s = await site();
    const me = t.as(s.employee.account);
    const code = await shownCode(s);
    const far = await me.post(`${BASE}/attendance/qr`, { code, location: ACROSS_TOWN });
    expect(far.statusCode).toBe(403);
    expect(far.json()).toMatchObject({ code: 'outside_geofence' });
    expect(await t.db.select().from(qrPunchUses).where(eq(qrPunchUses.employeeId, s.employee.id))).toEqual([]);
    const near = await me.post(`${BASE}/attendance/qr`, { code, location: AT_DOOR });
    expect(near.statusCode).toBe(201);
    expect(near.json().data.record.location).toEqual({ latitude: AT_DOOR.latitude, longitude: AT_DOOR.longitude });
  });
});

describe('time: a code lives for its 30 s step and the next one (fake clock)', () => {
  // A Wednesday 10:00 in Lima, the start of a step.
  const T0 = local('2026-11-25', '10:00');
  const plus = (s: number) => new Date(T0.getTime() + s * 1000);

  it('accepted up to 59.999 s after its step began, expired from 60 s; a later code checks out', async () => {
    const s = await site();
    const admin = ctxOf(t, s.admin);
    const me = ctxOf(t, s.employee.account);
    const issued = await displayCode(admin, s.company.id, s.location.id, plus(29));
    expect(issued.refreshAt).toBe(plus(30).toISOString());
    expect(issued.expiresAt).toBe(plus(60).toISOString());

    await expect(qrPunch(me, { code: issued.code }, plus(60))).rejects.toMatchObject({ code: 'qr_code_expired' });
    const first = await qrPunch(me, { code: issued.code }, plus(59.999));
    expect(first.data).toMatchObject({ action: 'check_in', repeated: false, record: { method: 'qr_code', checkIn: plus(59.999).toISOString() } });

    // The next screen's code 40 s later: a second scan right after checking in repeats the check-in (no accidental check-out).
    const next = await displayCode(admin, s.company.id, s.location.id, plus(90));
    const again = await qrPunch(me, { code: next.code }, plus(100));
    expect(again.data).toMatchObject({ action: 'check_in', repeated: true });
    expect(again.messageKey).toBe('attendance.alreadyCheckedIn');
    // Hours later, a fresh code checks out.
    const evening = await displayCode(admin, s.company.id, s.location.id, plus(8 * 3600));
    const out = await qrPunch(me, { code: evening.code }, plus(8 * 3600 + 5));
    expect(out.data).toMatchObject({ action: 'check_out', record: { checkOut: plus(8 * 3600 + 5).toISOString() } });
    expect((await verifyChain(t.db, s.company.id, plus(8 * 3600 + 5))).ok).toBe(true);

    // Used codes are swept once they could no longer be accepted anyway.
    const uses = await t.db
      .select()
      .from(qrPunchUses)
      .where(and(eq(qrPunchUses.companyId, s.company.id)));
    expect(uses.map((u) => u.expiresAt.toISOString())).toEqual([evening.expiresAt]);
  });

  it('replayed by the same employee refused; the same screen code still works for a colleague', async () => {
    const s = await site();
    const colleague = await t.factories.employee(s.company.id, { scheduleId: s.schedule.id });
    const issued = await displayCode(ctxOf(t, s.admin), s.company.id, s.location.id, plus(1));
    await qrPunch(ctxOf(t, s.employee.account), { code: issued.code }, plus(5));
    await expect(qrPunch(ctxOf(t, s.employee.account), { code: issued.code }, plus(6))).rejects.toMatchObject({ code: 'qr_code_used' });
    const theirs = await qrPunch(ctxOf(t, colleague.account), { code: issued.code }, plus(7));
    expect(theirs.data).toMatchObject({ action: 'check_in', repeated: false });
  });
});

describe('the schedule setting', () => {
  it('is off by default and the admin can turn it on', async () => {
    const s = await site();
    await t.db.update(companies).set({ plan: 'PREMIUM' }).where(eq(companies.id, s.company.id));
    const body = { name: 'Con QR', startTime: '08:00', endTime: '17:00' };
    const plain = await t.as(s.admin).post(`${ADMIN}/schedules`, body);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.allowQrAttendance).toBe(false);
    const qr = await t.as(s.admin).post(`${ADMIN}/schedules`, { ...body, name: 'Con QR 2', allowQrAttendance: true });
    expect(qr.json().data.allowQrAttendance).toBe(true);
  });
});
