/**
 * Biometric data at rest (decision 0029): what a database dump or a read-only SQL injection sees of the face
 * templates, the enrolment photos and the punch evidence; the company binding of each sealed blob; the
 * start-up pass that seals the plain rows of before; the key rotation. Scripted engine: PGlite and PostgreSQL.
 */

import { FACE_NOTICE_PHOTO_VERSION } from '@presente/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facePhotos, faceTemplates } from '../../db/schema/index.js';
import { activeKeyring, BiometricKeyError, newMasterKey, openDescriptor, sealDescriptor, sealedKeyId, useKeyring } from '../../face/seal.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { resealBiometrics } from './reseal.js';
import { scriptedEngine } from './scripted-engine.js';
import { kioskChallenge, pairTestKiosk, postMultipart, scriptedBurst, signConsent, signedMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
const engine = scriptedEngine();

beforeAll(async () => {
  t = await createTestApp();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
});

const captures = async (person: string) => [
  await engine.frame({ person, size: 160 }),
  await engine.frame({ person, size: 240 }),
  await engine.frame({ person, size: 190, yaw: 4 }),
];

async function company() {
  const admin = await t.factories.companyAdmin();
  await t.as(admin).put(`${base}/settings`, { matchThreshold: 0.55, keepEnrolmentPhotos: true });
  const token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Puerta' })).json().data.token as string;
  kiosks.set(token, await pairTestKiosk(t, admin)); // marks come only from a paired kiosk (decision 0033)
  return { admin, token };
}

async function enrol(admin: TestUser, person: string) {
  const employee = await t.factories.employee(admin.companyId!);
  await signConsent(t.db, employee.id);
  const res = await postMultipart(
    t,
    `${base}/register`,
    admin,
    { employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_PHOTO_VERSION },
    [{ field: 'image', images: await captures(person) }],
  );
  expect(res.statusCode).toBe(201);
  return employee;
}

const kiosks = new Map<string, TestKiosk>();

async function markAs(token: string, person: string) {
  const kiosk = kiosks.get(token)!;
  const challenge = (await kioskChallenge(t, token, kiosk)).json().data;
  const frames = await scriptedBurst(engine, challenge.steps, { person });
  return signedMark(t, token, kiosk, () => frames, { challenge });
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const WEBP = Buffer.from('RIFF');

/** Everything a dump shows of a table's rows, judged column by column: a float vector or an image is a finding. */
async function findingsIn(table: string): Promise<string[]> {
  const rows = await rowsOf<Record<string, unknown>>(t.db, sql.raw(`select * from ${table}`));
  const found: string[] = [];
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (Array.isArray(value) && value.length >= 64 && value.every((v) => typeof v === 'number')) found.push(`${table}.${column}: ${value.length} numbers`);
      if (value instanceof Uint8Array) {
        const bytes = Buffer.from(value);
        for (const magic of [JPEG, PNG, WEBP]) if (bytes.subarray(0, magic.length).equals(magic)) found.push(`${table}.${column}: an image`);
      }
      if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
        const text = JSON.stringify(value);
        if (/\[(\s*-?[\d.e-]+\s*,){63,}/.test(text)) found.push(`${table}.${column}: a vector in JSON`);
        if (/\/9j\/|iVBORw0KGgo|data:image/.test(text)) found.push(`${table}.${column}: an image in JSON`);
      }
    }
  }
  return found;
}

describe('biometric data sealed at rest', () => {
  it('a raw read of face_templates, face_photos and the punch evidence finds no usable vector and no image', async () => {
    const { admin, token } = await company();
    const employee = await enrol(admin, 'irene');
    expect((await markAs(token, 'irene')).json().data).toMatchObject({ employee: { id: employee.id }, action: 'check_in' });

    for (const table of ['face_templates', 'face_photos', 'attendance_records', 'activity_log']) expect(await findingsIn(table)).toEqual([]);
    // The sealed bytes do not hold the descriptor's floats, nor the photo's bytes, anywhere.
    const templates = await t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, employee.id));
    expect(templates).toHaveLength(3);
    for (const row of templates) {
      expect(row.descriptor).toBeNull();
      const plain = Buffer.from(openDescriptor(row, row.sealed!).buffer);
      expect(plain).toHaveLength(512);
      for (let at = 0; at + 16 <= plain.length; at += 16) expect(row.sealed!.includes(plain.subarray(at, at + 16))).toBe(false);
    }
    const [photo] = await t.db.select().from(facePhotos).where(eq(facePhotos.employeeId, employee.id));
    expect(photo.jpeg).toBeNull();
    const shown = (await t.as(admin).get(`${base}/photo/${employee.id}`)).rawPayload; // the admin still sees it
    expect(shown.subarray(0, 3).equals(JPEG)).toBe(true);
    expect(photo.sealed!.includes(shown.subarray(0, 64))).toBe(false);
    // No answer carries a descriptor.
    const list = (await t.as(admin).get('/api/company-admin-simple/employees')).body;
    expect(list).not.toMatch(/descriptor|sealed/);
  });

  it("a company's blob opens for no other company or employee; rows moved or altered in the database match nobody", async () => {
    const a = await company();
    const b = await company();
    const ana = await enrol(a.admin, 'ana-sealed');
    const beto = await enrol(b.admin, 'beto-sealed');
    const [blob] = await t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, ana.id));

    // Opening A's blob as company B, as another employee of A, or with one bit flipped: refused by GCM.
    let accepted = 0;
    const attempts = [
      () => openDescriptor({ companyId: b.admin.companyId!, employeeId: ana.id }, blob.sealed!),
      () => openDescriptor({ companyId: a.admin.companyId!, employeeId: beto.id }, blob.sealed!),
      ...[5, 20, 40, 200].map((i) => () => {
        const bad = Buffer.from(blob.sealed!);
        bad[i] ^= 1;
        return openDescriptor(blob, bad);
      }),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
        accepted++;
      } catch {}
    }
    expect(accepted).toBe(0);

    // A dishonest insider copies Ana's sealed templates onto Beto's rows in company B: Ana is not recognised
    // at B's kiosk, and Beto no longer is either (his rows do not open); nothing crashes.
    await t.db.update(faceTemplates).set({ sealed: blob.sealed }).where(eq(faceTemplates.employeeId, beto.id));
    expect((await markAs(b.token, 'ana-sealed')).json().code).toBe('face_not_recognized');
    expect((await markAs(b.token, 'beto-sealed')).json().code).toBe('face_not_recognized');
    expect((await markAs(a.token, 'ana-sealed')).json().data.employee.id).toBe(ana.id);
  });

  it('the start-up pass seals the plain rows of before, empties the plain columns, and is idempotent', async () => {
    const { admin, token } = await company();
    const employee = await enrol(admin, 'olga');
    const before = (await t.as(admin).get(`${base}/photo/${employee.id}`)).rawPayload;
    // As an older version left them: plain descriptor and JPEG, no sealed bytes.
    for (const row of await t.db.select().from(faceTemplates).where(eq(faceTemplates.employeeId, employee.id))) {
      await t.db
        .update(faceTemplates)
        .set({ descriptor: Array.from(openDescriptor(row, row.sealed!)), sealed: null })
        .where(eq(faceTemplates.id, row.id));
    }
    await t.db.update(facePhotos).set({ jpeg: before, sealed: null }).where(eq(facePhotos.employeeId, employee.id));
    expect((await findingsIn('face_templates')).length).toBeGreaterThan(0);
    expect((await findingsIn('face_photos')).length).toBeGreaterThan(0);

    const first = await resealBiometrics(t.db, activeKeyring());
    expect(first).toMatchObject({ templates: 3, photos: 1 });
    expect(await findingsIn('face_templates')).toEqual([]);
    expect(await findingsIn('face_photos')).toEqual([]);
    expect(await resealBiometrics(t.db, activeKeyring())).toMatchObject({ templates: 0, photos: 0 });
    expect((await t.as(admin).get(`${base}/photo/${employee.id}`)).rawPayload.equals(before)).toBe(true);
    expect((await markAs(token, 'olga')).json().data.employee.id).toBe(employee.id);
  });

  it('rotation re-seals every row under the new key; the old key alone opens nothing; a missing key stops the pass by name', async () => {
    const { admin, token } = await company();
    const employee = await enrol(admin, 'pablo');
    const old = activeKeyring();
    const next = newMasterKey();
    const rotating = { current: next, keys: [next, ...old.keys], source: 'file' as const };
    const done = await resealBiometrics(t.db, rotating);
    expect(done.templates).toBeGreaterThanOrEqual(3);
    expect(done.unreadable).toBe(3); // the rows moved by the insider above stay as they are, opened by nobody
    const rows = await t.db.select().from(faceTemplates).where(eq(faceTemplates.companyId, admin.companyId!));
    expect(new Set(rows.map((r) => sealedKeyId(r.sealed!)))).toEqual(new Set([next.id]));
    const [row] = rows.filter((r) => r.employeeId === employee.id);
    expect(() => openDescriptor(row, row.sealed!, old)).toThrow();

    const rotated = { current: next, keys: [next], source: 'file' as const };
    useKeyring(rotated);
    try {
      expect((await markAs(token, 'pablo')).json().data.employee.id).toBe(employee.id);
      // A server started with the old key only (a restore without the new key file) refuses to start, naming it.
      await expect(resealBiometrics(t.db, old)).rejects.toThrow(BiometricKeyError);
      await expect(resealBiometrics(t.db, old)).rejects.toThrow(new RegExp(`sealed with biometric key ${next.id}`));
      expect(sealedKeyId(sealDescriptor(row, new Float32Array(128)))).toBe(next.id);
    } finally {
      // Back to the first key for the rest of the file's tests: re-seal under it.
      await resealBiometrics(t.db, { current: old.current, keys: [old.current, next], source: 'file' });
      useKeyring(old);
    }
  });
});
