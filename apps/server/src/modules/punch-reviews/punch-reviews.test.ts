/**
 * "Marcaciones por revisar" (issue 17 item 8, decision 0061) with a scripted engine, on PGlite and PostgreSQL: an
 * accepted kiosk punch with a close match, a weak liveness signal or an unusual time is flagged in its own
 * transaction, with its reasons, and `punch.flagged` is queued in the outbox; a clean punch is not. The company admin
 * lists, confirms (audited) or annuls (the manual-change path: archive, chain, manual change, webhook) it; another
 * company's admin gets 404 and an employee 403.
 */
import { FACE_NOTICE_VERSION, toLocal, type WebhookEventType } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceArchive, attendanceChain, attendanceRecords, manualChanges, punchReviews, webhookDeliveries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { type ScriptedFace, scriptedEngine } from '../face/scripted-engine.js';
import { kioskChallenge, pairTestKiosk, postMultipart, scriptedBurst, signConsent, signedMark, type TestKiosk } from '../face/test-helpers.js';

const face = '/api/company-admin-simple/face-recognition';
const REVIEWS = '/api/company-admin-simple/attendance/reviews';
let t: TestApp;
let engine: ReturnType<typeof scriptedEngine>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  engine = scriptedEngine();
  (t.deps as { face?: typeof engine.pool }).face = engine.pool;
});

async function enrol(owner: TestUser, person: string, overrides: Parameters<typeof t.factories.employee>[1] = {}) {
  const employee = await t.factories.employee(owner.companyId!, overrides);
  await signConsent(t.db, employee.id);
  const images = [await engine.frame({ person }), await engine.frame({ person }), await engine.frame({ person })];
  const res = await postMultipart(t, `${face}/register`, owner, { employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
    { field: 'image', images },
  ]);
  expect(res.statusCode).toBe(201);
  return employee;
}

/** A signed mark whose every frame shows `who` (turned as the challenge asks). */
async function mark(kiosk: TestKiosk, link: string, who: ScriptedFace) {
  const c = (await kioskChallenge(t, link, kiosk)).json().data;
  const frames = await scriptedBurst(engine, c.steps, who);
  const res = await signedMark(t, link, kiosk, () => frames, { challenge: c });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A company with a kiosk link, a paired kiosk and a webhook endpoint listening for punch.flagged. */
async function office() {
  const owner = await t.factories.companyAdmin();
  const link = (await t.as(owner).post(`${face}/attendance-link`, { name: 'Entrada' })).json().data.token as string;
  const kiosk = await pairTestKiosk(t, owner, `K-${++seq}`);
  const hook = await t.as(owner).post('/api/company-admin-simple/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['punch.flagged', 'attendance.deleted', 'attendance.changed'],
  });
  expect(hook.statusCode).toBe(201);
  return { owner, link, kiosk };
}

const reviewsOf = (recordId: string) => t.db.select().from(punchReviews).where(eq(punchReviews.recordId, recordId));
const recordOf = async (employeeId: string) => (await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employeeId)))[0];
const deliveries = (companyId: string, type: WebhookEventType) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.eventType, type)));

/** A close match (0.52 with the threshold at 0.55) and a weak liveness signal (0.42: accepted from 0.35). */
const doubtful: Omit<ScriptedFace, 'person'> = { offset: 0.52, antispoof: 0.42, liveness: 0.42 };

describe('which accepted kiosk punches go to review', () => {
  it('a clean punch is not flagged; a close match with a weak liveness signal is, with punch.flagged in the outbox', async () => {
    const { owner, link, kiosk } = await office();
    const ana = await enrol(owner, 'ana');
    const eva = await enrol(owner, 'eva');
    await mark(kiosk, link, { person: 'ana' });
    const clean = await recordOf(ana.id);
    expect(await reviewsOf(clean.id)).toEqual([]);

    await mark(kiosk, link, { person: 'eva', ...doubtful });
    const record = await recordOf(eva.id);
    const [review] = await reviewsOf(record.id);
    expect(review).toMatchObject({ companyId: owner.companyId, employeeId: eva.id, kind: 'check_in', date: record.date, resolvedAt: null });
    expect(review.punchedAt.getTime()).toBe(record.checkIn!.getTime());
    expect(review.reasons).toEqual([
      { code: 'near_threshold', value: expect.closeTo(0.52, 2), limit: 0.5 },
      { code: 'weak_liveness', measure: 'spoofScore', value: expect.closeTo(0.42, 2), limit: 0.5 },
    ]);
    // The webhook event, queued with the punch (one delivery: the clean punch queued none).
    const flagged = await deliveries(owner.companyId!, 'punch.flagged');
    expect(flagged).toHaveLength(1);
    const body = JSON.parse(flagged[0].body);
    expect(body).toMatchObject({
      type: 'punch.flagged',
      companyId: owner.companyId,
      data: {
        action: 'flagged',
        review: { id: review.id, kind: 'check_in', date: record.date, reasons: review.reasons },
        record: { id: record.id, method: 'face_recognition' },
        employee: { id: eva.id },
      },
    });
    expect(flagged[0].body).not.toMatch(/evidence|frameDistances|userAgent|spoofScore":/);
  });

  it('a punch far from the shift is flagged as unusual timing', async () => {
    const { owner, link, kiosk } = await office();
    // A shift starting 6 hours from now (company time), every day of the week: now is ≥ 5 h before it.
    const now = toLocal(new Date(), 'America/Lima').minutes;
    const hhmm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const schedule = await t.factories.schedule(owner.companyId!, { startTime: hhmm(now + 360), endTime: hhmm(now + 420), workDays: '1,2,3,4,5,6,7' });
    const luz = await enrol(owner, 'luz', { scheduleId: schedule.id });
    await mark(kiosk, link, { person: 'luz' });
    const [review] = await reviewsOf((await recordOf(luz.id)).id);
    expect(review.reasons).toEqual([{ code: 'outside_schedule', value: expect.any(Number), limit: 120 }]);
    expect(review.reasons[0].value).toBeGreaterThanOrEqual(300);
  });
});

describe('the admin reviews: list, confirm, annul', () => {
  it('lists the flagged punch with its reasons and evidence and counts it; another company sees nothing, an employee is refused', async () => {
    const { owner, link, kiosk } = await office();
    const eva = await enrol(owner, 'eva');
    await mark(kiosk, link, { person: 'eva', ...doubtful });
    const record = await recordOf(eva.id);
    const [review] = await reviewsOf(record.id);

    const list = await t.as(owner).get(REVIEWS);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      total: 1,
      data: [
        {
          id: review.id,
          recordId: record.id,
          kind: 'check_in',
          date: record.date,
          at: record.checkIn!.toISOString(),
          localTime: toLocal(record.checkIn!, 'America/Lima').time,
          employee: { id: eva.id, name: `${eva.firstName} ${eva.lastName}`, code: eva.employeeCode },
          reasons: review.reasons,
          evidence: expect.objectContaining({ kioskName: expect.any(String), distance: expect.closeTo(0.52, 2), threshold: 0.55 }),
          createdAt: review.createdAt.toISOString(),
        },
      ],
    });
    expect(list.json().data[0].evidence.liveness).toMatchObject({ passed: true, spoofScore: expect.closeTo(0.42, 2) });
    expect((await t.as(owner).get(`${REVIEWS}/count`)).json()).toEqual({ data: { open: 1 } });

    const stranger = await t.factories.companyAdmin();
    expect((await t.as(stranger).get(REVIEWS)).json()).toEqual({ data: [], total: 0 });
    expect((await t.as(stranger).get(`${REVIEWS}/count`)).json()).toEqual({ data: { open: 0 } });
    const foreignConfirm = await t.as(stranger).post(`${REVIEWS}/${review.id}/confirm`, {});
    expect(foreignConfirm.statusCode).toBe(404);
    expect(foreignConfirm.json()).toEqual({ code: 'not_found', message: 'Esa marcación no está pendiente de revisión' });
    expect((await t.as(stranger).post(`${REVIEWS}/${review.id}/annul`, { reason: 'No' })).statusCode).toBe(404);
    expect((await t.as(eva.account).get(REVIEWS)).statusCode).toBe(403);
    expect((await t.as(eva.account).post(`${REVIEWS}/${review.id}/confirm`, {})).statusCode).toBe(403);
    expect((await reviewsOf(record.id))[0].resolvedAt).toBeNull();
    expect(await recordOf(eva.id)).toEqual(record);
  });

  it('confirming keeps the punch, resolves the review once and writes the activity log', async () => {
    const { owner, link, kiosk } = await office();
    const eva = await enrol(owner, 'eva');
    await mark(kiosk, link, { person: 'eva', ...doubtful });
    const record = await recordOf(eva.id);
    const [review] = await reviewsOf(record.id);
    const res = await t.as(owner).post(`${REVIEWS}/${review.id}/confirm`, {});
    expect(res.json()).toEqual({ message: 'Marcación confirmada' });
    expect((await reviewsOf(record.id))[0]).toMatchObject({ resolution: 'confirmed', resolvedByUserId: owner.id, resolvedAt: expect.any(Date) });
    expect(await recordOf(eva.id)).toEqual(record);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, owner.companyId!), eq(activityLog.title, 'activity.punchReviewConfirmed')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorUserId: owner.id, employeeId: eva.id, details: expect.objectContaining({ reviewId: review.id, recordId: record.id }) });
    expect((await t.as(owner).get(REVIEWS)).json()).toEqual({ data: [], total: 0 });
    expect((await t.as(owner).post(`${REVIEWS}/${review.id}/confirm`, {})).statusCode).toBe(404);
  });

  it('annulling a check-in is a manual delete with its reason: archived, chained, audited, webhook; no reason is a 400 that changes nothing', async () => {
    const { owner, link, kiosk } = await office();
    const eva = await enrol(owner, 'eva');
    await mark(kiosk, link, { person: 'eva', ...doubtful });
    const record = await recordOf(eva.id);
    const [review] = await reviewsOf(record.id);

    const blank = await t.as(owner).post(`${REVIEWS}/${review.id}/annul`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'reason', message: 'Indica el motivo de la anulación' }] });
    expect(await recordOf(eva.id)).toEqual(record);

    const res = await t.as(owner).post(`${REVIEWS}/${review.id}/annul`, { reason: 'No era Eva: suplantación' });
    expect(res.json()).toEqual({ message: 'Marcación anulada' });
    expect(await recordOf(eva.id)).toBeUndefined();
    expect((await reviewsOf(record.id))[0]).toMatchObject({ resolution: 'annulled', note: 'No era Eva: suplantación', resolvedByUserId: owner.id });
    const [archived] = await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.id, record.id));
    expect(archived).toMatchObject({ reason: 'No era Eva: suplantación', deletedByUserId: owner.id });
    const [change] = await t.db.select().from(manualChanges).where(eq(manualChanges.recordId, record.id));
    expect(change).toMatchObject({ action: 'deleted', reason: 'No era Eva: suplantación' });
    const chain = await t.db.select().from(attendanceChain).where(eq(attendanceChain.recordId, record.id));
    expect(chain).toHaveLength(2);
    expect(await deliveries(owner.companyId!, 'attendance.deleted')).toHaveLength(1);
    expect((await t.as(owner).get(`${REVIEWS}/count`)).json()).toEqual({ data: { open: 0 } });
    expect((await t.as(owner).post(`${REVIEWS}/${review.id}/annul`, { reason: 'otra vez' })).statusCode).toBe(404);
  });

  it('annulling a flagged check-out removes the exit through a manual edit and keeps the entry', async () => {
    const { owner, link, kiosk } = await office();
    const eva = await enrol(owner, 'eva');
    await mark(kiosk, link, { person: 'eva' });
    const first = await recordOf(eva.id);
    // The check-in was 10 minutes ago (a mark within 2 minutes repeats it instead of checking out).
    const earlier = new Date(first.checkIn!.getTime() - 10 * 60_000);
    await t.db.update(attendanceRecords).set({ checkIn: earlier }).where(eq(attendanceRecords.id, first.id));
    expect(await reviewsOf(first.id)).toEqual([]);
    const out = await mark(kiosk, link, { person: 'eva', ...doubtful });
    expect(out.action).toBe('check_out');
    const [review] = await reviewsOf(first.id);
    expect(review.kind).toBe('check_out');
    const listed = (await t.as(owner).get(REVIEWS)).json().data[0];
    expect(listed).toMatchObject({ kind: 'check_out', evidence: expect.objectContaining({ distance: expect.closeTo(0.52, 2) }) });

    expect((await t.as(owner).post(`${REVIEWS}/${review.id}/annul`, { reason: 'Salida dudosa' })).statusCode).toBe(200);
    const after = await recordOf(eva.id);
    expect(after).toMatchObject({ checkIn: earlier, checkOut: null, isManual: true, manualReason: 'Salida dudosa' });
    const [change] = await t.db.select().from(manualChanges).where(eq(manualChanges.recordId, first.id));
    expect(change).toMatchObject({ action: 'updated', reason: 'Salida dudosa' });
    expect(await deliveries(owner.companyId!, 'attendance.changed')).toHaveLength(1);
    expect((await reviewsOf(first.id))[0]).toMatchObject({ resolution: 'annulled' });
  });
});
