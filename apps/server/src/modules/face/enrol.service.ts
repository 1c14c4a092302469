import { FACE_LIMITS, type FaceData, type FaceNoticeVersion, faceNoticeVersion } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, employees, faceConsents, facePhotos, faceProfiles, faceTemplates } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { enrolmentPhoto } from '../../face/image.js';
import { clampThreshold, euclidean } from '../../face/match.js';
import { bestCapture, checkEnrolment, QUALITY } from '../../face/quality.js';
import { openPhoto, sealDescriptor, sealPhoto } from '../../face/seal.js';
import { hitWithin } from '../../lib/rate-window.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { analyzeAll } from './analyze.js';
import { assertWorkerConsent } from './consent.service.js';

export type FaceRemovalReason = 'employee' | 'admin_removed' | 'employee_deleted' | 'employee_deactivated' | 'not_confirmed';

const faceDataOf = (p: typeof faceProfiles.$inferSelect): FaceData => ({ confidence: p.confidence, createdAt: p.createdAt.toISOString(), isActive: true });

/** 1 - the widest distance between two captures of the enrolment (0-1): how consistent the captures were. */
function confidenceOf(descriptors: Float32Array[]): number {
  let widest = 0;
  for (let i = 0; i < descriptors.length; i++)
    for (let j = i + 1; j < descriptors.length; j++) widest = Math.max(widest, euclidean(descriptors[i], descriptors[j]));
  return Math.round(Math.min(1, Math.max(0, 1 - widest)) * 1000) / 1000;
}

/**
 * Enrolments per company per minute, counted before the engine runs, failed ones included (decision 0022):
 * a person enrols in front of the camera, a few a minute at most; each takes 3-5 analyses of the shared engine.
 */
export const ENROL_PER_COMPANY_PER_MINUTE = 10;

const noticeChanged = () =>
  new AppError('validation_failed', 'face.noticeVersionInvalid', {}, [{ path: 'noticeVersion', message: 'face.noticeVersionInvalid' }]);

/**
 * Enrols (or re-enrols) an employee's face from 3-5 captures: the server analyses each, applies the quality
 * gate, and in one transaction replaces the templates (and the enrolment photo, kept only when the company
 * opts in) and the profile. The worker's own consent to the company's current notice (with or without the photo) is
 * required, checked before the engine runs and again, locked, inside the transaction (decision 0035: an admin cannot
 * give it); the setting is read again under a lock too, so a photo is never kept against the notice the worker signed.
 */
export async function registerFace(ctx: Ctx, input: { employeeId: string; noticeVersion?: FaceNoticeVersion }, images: Buffer[]) {
  const companyId = requireCompany(ctx.actor);
  const [employee] = await ctx.db
    .select()
    .from(employees)
    .where(and(eq(employees.id, input.employeeId), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
  if (!employee) throw new AppError('not_found', 'employee.notFound');
  if (employee.status !== 'ACTIVE') throw new AppError('conflict', 'face.employeeInactive');
  const [company] = await ctx.db
    .select({ keepPhotos: companies.keepEnrolmentPhotos, threshold: companies.faceMatchThreshold })
    .from(companies)
    .where(eq(companies.id, companyId));
  const noticeVersion = faceNoticeVersion(company.keepPhotos);
  if (input.noticeVersion && input.noticeVersion !== noticeVersion) throw noticeChanged();
  await assertWorkerConsent(ctx.db, companyId, employee.id, noticeVersion);
  const limits = { min: FACE_LIMITS.minCaptures, max: FACE_LIMITS.maxCaptures };
  if (images.length < limits.min || images.length > limits.max) throw new AppError('captures_count', 'face.captures_count', limits);
  await hitWithin(ctx.deps.limiter, `face:enrol:company:${companyId}`, ENROL_PER_COMPANY_PER_MINUTE, 60_000, 'face.enrolTooMany');

  const analyses = await analyzeAll(ctx, images, 'image', companyId);
  // Captures further apart than the company's match threshold would not match each other: two people (decision 0057).
  const checked = checkEnrolment(analyses, { ...QUALITY, maxSpread: clampThreshold(company.threshold / 100) });
  if (!checked.ok) {
    const errors = checked.capture === undefined ? undefined : [{ path: `image[${checked.capture}]`, message: `face.${checked.reason}` }];
    throw new AppError(checked.reason, `face.${checked.reason}`, limits, errors);
  }
  const confidence = confidenceOf(checked.descriptors);
  const userId = ctx.actor?.userId ?? null;
  const photo = company.keepPhotos ? await enrolmentPhoto(images[Math.max(0, bestCapture(analyses))]) : null;

  const profile = await ctx.db.transaction(async (tx) => {
    // FOR SHARE: a settings change waits for this enrolment (and this one sees a change already committed).
    const [now] = await tx.select({ keepPhotos: companies.keepEnrolmentPhotos }).from(companies).where(eq(companies.id, companyId)).for('share');
    if (now.keepPhotos !== company.keepPhotos) throw noticeChanged();
    await assertWorkerConsent(tx, companyId, employee.id, noticeVersion, true);
    const own = <T extends typeof faceTemplates | typeof facePhotos>(t: T) => and(eq(t.companyId, companyId), eq(t.employeeId, employee.id));
    await tx.delete(faceTemplates).where(own(faceTemplates));
    const owner = { companyId, employeeId: employee.id };
    await tx.insert(faceTemplates).values(checked.descriptors.map((d) => ({ ...owner, sealed: sealDescriptor(owner, d) })));
    await tx.delete(facePhotos).where(own(facePhotos));
    if (photo) await tx.insert(facePhotos).values({ ...owner, sealed: sealPhoto(owner, photo) });
    const values = { companyId, confidence, templates: checked.descriptors.length, registeredByUserId: userId, createdAt: new Date(), updatedAt: new Date() };
    const [row] = await tx
      .insert(faceProfiles)
      .values({ employeeId: employee.id, ...values })
      .onConflictDoUpdate({ target: faceProfiles.employeeId, set: values })
      .returning();
    await logActivity(tx, {
      companyId,
      employeeId: employee.id,
      actorUserId: userId,
      type: 'admin_action',
      title: 'Rostro registrado',
      details: { templates: checked.descriptors.length, confidence, noticeVersion, photoKept: !!photo },
    });
    return row;
  });
  ctx.deps.events.emit(rooms.company(companyId), 'employee_update', { action: 'face_registered', id: employee.id });
  return { employeeId: employee.id, faceData: faceDataOf(profile), templates: profile.templates };
}

/**
 * Deletes an employee's templates, enrolment photo and profile and closes the open consent (inside the
 * caller's transaction). Every path that ends an employee's face data goes through here: the admin's
 * removal, consent withdrawal, deactivation (by the admin or the billing downgrade) and deletion.
 */
export async function removeFaceData(tx: Db, companyId: string, employeeId: string, reason: FaceRemovalReason): Promise<boolean> {
  const by = (t: typeof faceTemplates | typeof faceProfiles | typeof facePhotos) => and(eq(t.companyId, companyId), eq(t.employeeId, employeeId));
  await tx.delete(faceTemplates).where(by(faceTemplates));
  await tx.delete(facePhotos).where(by(facePhotos));
  const removed = await tx.delete(faceProfiles).where(by(faceProfiles)).returning({ id: faceProfiles.employeeId });
  await tx
    .update(faceConsents)
    .set({ withdrawnAt: new Date(), withdrawnReason: reason })
    .where(and(eq(faceConsents.companyId, companyId), eq(faceConsents.employeeId, employeeId), isNull(faceConsents.withdrawnAt)));
  return removed.length > 0;
}

/** The admin removes an employee's face. */
export async function deleteFace(ctx: Ctx, employeeId: string) {
  const companyId = requireCompany(ctx.actor);
  const removed = await ctx.db.transaction(async (tx) => {
    const ok = await removeFaceData(tx, companyId, employeeId, 'admin_removed');
    if (ok) await logActivity(tx, { companyId, employeeId, actorUserId: ctx.actor?.userId ?? null, type: 'admin_action', title: 'Registro facial eliminado' });
    return ok;
  });
  if (!removed) throw new AppError('not_found', 'face.notRegistered');
  ctx.deps.events.emit(rooms.company(companyId), 'employee_update', { action: 'face_removed', id: employeeId });
}

/** The employee's kept enrolment photo (JPEG) for the admin of their company; 404 when none is kept. */
export async function facePhoto(ctx: Ctx, employeeId: string): Promise<Buffer> {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .select({ sealed: facePhotos.sealed })
    .from(facePhotos)
    .innerJoin(companies, eq(companies.id, facePhotos.companyId))
    .where(and(eq(facePhotos.employeeId, employeeId), eq(facePhotos.companyId, companyId), eq(companies.keepEnrolmentPhotos, true)));
  if (!row?.sealed) throw new AppError('not_found', 'face.photoNotFound');
  return openPhoto({ companyId, employeeId }, row.sealed);
}
