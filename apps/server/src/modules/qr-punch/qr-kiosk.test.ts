import { sign } from 'node:crypto';
import { kioskQrSignedText } from '@presente/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { BASE } from '../employee-area/test-helpers.js';
import { pairTestKiosk, type TestKiosk } from '../face/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const LINKS = '/api/company-admin-simple/face-recognition';

/** A company with a kiosk link, a paired kiosk, a site, and an employee whose schedule marks there by QR. */
async function kioskSite() {
  const admin = await t.factories.companyAdmin();
  const companyId = admin.companyId!;
  const token: string = (await t.as(admin).post(`${LINKS}/attendance-link`, { name: 'Entrada' })).json().data.token;
  const kiosk = await pairTestKiosk(t, admin, 'Recepción');
  const location = await t.factories.location(companyId, { name: 'Recepción principal' });
  const schedule = await t.factories.schedule(companyId, {
    startTime: '00:00',
    endTime: '23:59',
    workDays: '1,2,3,4,5,6,7',
    earlyCheckInMinutes: 0,
    locationId: location.id,
    allowQrAttendance: true,
  });
  const employee = await t.factories.employee(companyId, { scheduleId: schedule.id });
  return { admin, companyId, token, kiosk, location, employee };
}

const signed = (kiosk: TestKiosk, locationId: string, at: string) =>
  sign('sha256', Buffer.from(kioskQrSignedText({ kioskId: kiosk.kioskId, locationId, at })), { key: kiosk.privateKey, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );

function askCode(token: string, kiosk: TestKiosk | null, locationId: string, opts: { at?: string; signature?: string; kioskId?: string } = {}) {
  const at = opts.at ?? new Date().toISOString();
  const headers: Record<string, string> = {};
  if (kiosk || opts.kioskId) headers['x-kiosk-id'] = opts.kioskId ?? kiosk!.kioskId;
  const signature = opts.signature ?? (kiosk ? signed(kiosk, locationId, at) : undefined);
  if (signature) headers['x-kiosk-signature'] = signature;
  return t.app.inject({ method: 'POST', url: `/api/public/attendance/${token}/qr`, payload: { locationId, at }, headers, remoteAddress: '10.44.0.1' });
}

describe('the paired kiosk’s QR mode: POST /public/attendance/:token/qr', () => {
  it('lists the company’s sites for its paired kiosk only', async () => {
    const s = await kioskSite();
    const url = `/api/public/attendance/${s.token}/qr-locations`;
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.44.0.2' })).json().code).toBe('kiosk_not_paired');
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-kiosk-id': s.kiosk.kioskId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: s.location.id, name: 'Recepción principal' }]);
  });

  it('a signed request gives the site’s code, which an employee punches with once', async () => {
    const s = await kioskSite();
    const res = await askCode(s.token, s.kiosk, s.location.id);
    expect(res.statusCode).toBe(200);
    const { code, location } = res.json().data;
    expect(location).toEqual({ id: s.location.id, name: 'Recepción principal' });
    const punch = await t.as(s.employee.account as TestUser).post(`${BASE}/attendance/qr`, { code });
    expect(punch.statusCode).toBe(201);
    expect(punch.json().data.record.method).toBe('qr_code');
  });

  it('refuses an unpaired browser, a missing or wrong signature, a stale time, and another company’s kiosk or site', async () => {
    const s = await kioskSite();
    const other = await kioskSite();
    expect((await askCode(s.token, null, s.location.id)).json().code).toBe('kiosk_not_paired');
    expect((await askCode(s.token, null, s.location.id, { kioskId: s.kiosk.kioskId })).json().code).toBe('kiosk_signature_invalid');
    const forged = await askCode(s.token, s.kiosk, s.location.id, { signature: signed(other.kiosk, s.location.id, new Date().toISOString()) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('kiosk_signature_invalid');
    // A request captured and sent again two minutes later.
    const old = new Date(Date.now() - 120_000).toISOString();
    expect((await askCode(s.token, s.kiosk, s.location.id, { at: old })).json().code).toBe('kiosk_signature_invalid');
    // Another company's kiosk on this link, and this kiosk asking for another company's site.
    expect((await askCode(s.token, other.kiosk, s.location.id)).json().code).toBe('kiosk_not_paired');
    const foreignSite = await askCode(s.token, s.kiosk, other.location.id);
    expect(foreignSite.statusCode).toBe(404);
    expect(foreignSite.json().code).toBe('not_found');
  });
});
