import type { FaceSettings, faceSettingsInput } from '@presente/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, facePhotos } from '../../db/schema/index.js';
import { clampThreshold } from '../../face/match.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';

async function read(db: Db, companyId: string): Promise<FaceSettings> {
  const [company] = await db
    .select({ threshold: companies.faceMatchThreshold, keepPhotos: companies.keepEnrolmentPhotos })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [photos] = await db.select({ n: count() }).from(facePhotos).where(eq(facePhotos.companyId, companyId));
  return { matchThreshold: clampThreshold(company.threshold / 100), keepEnrolmentPhotos: company.keepPhotos, storedPhotos: photos.n };
}

/** The admin's company: match threshold (0.45-0.60) and whether one enrolment photo per employee is kept. */
export async function getFaceSettings(ctx: Ctx): Promise<FaceSettings> {
  return read(ctx.db, requireCompany(ctx.actor));
}

/**
 * Saves the threshold and the photo opt-in. Turning the photos off deletes every stored photo of the company
 * in the same transaction (the row lock on the company waits for an enrolment in progress). Returns the new
 * settings and how many photos were deleted.
 */
export async function updateFaceSettings(ctx: Ctx, input: z.output<typeof faceSettingsInput>) {
  const companyId = requireCompany(ctx.actor);
  const { matchThreshold, keepEnrolmentPhotos } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ threshold: companies.faceMatchThreshold, keepPhotos: companies.keepEnrolmentPhotos })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    const threshold = Math.round(matchThreshold * 100);
    await tx.update(companies).set({ faceMatchThreshold: threshold, keepEnrolmentPhotos }).where(eq(companies.id, companyId));
    const deleted = keepEnrolmentPhotos ? [] : await tx.delete(facePhotos).where(eq(facePhotos.companyId, companyId)).returning({ id: facePhotos.employeeId });
    if (before.threshold !== threshold || before.keepPhotos !== keepEnrolmentPhotos) {
      await logActivity(tx, {
        companyId,
        actorUserId: ctx.actor?.userId ?? null,
        type: 'admin_action',
        title: 'Configuración de reconocimiento facial actualizada',
        details: {
          matchThreshold: { from: before.threshold / 100, to: threshold / 100 },
          keepEnrolmentPhotos: { from: before.keepPhotos, to: keepEnrolmentPhotos },
          photosDeleted: deleted.length,
        },
      });
    }
    return { settings: await read(tx, companyId), photosDeleted: deleted.length };
  });
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'company_update', { action: 'face_settings' });
  return result;
}
