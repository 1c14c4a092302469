import type { Ctx } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Analysis, AnalyzeOptions } from '../../face/engine.js';
import { type BatchOptions, FacePoolError } from '../../face/pool.js';
import { checkImages } from './image-check.js';

/**
 * Runs every image through the worker pool (the server is the authority: it never trusts browser
 * descriptors), as one request of `companyId`'s share of the engine. Pool problems become stable API
 * errors; an unreadable image names its part.
 */
export async function analyzeAll(
  ctx: Ctx,
  images: Buffer[],
  field: string,
  companyId: string,
  /** Per image (a kiosk burst describes only a few frames, decision 0049); default: a descriptor for every single face. */
  opts?: (index: number) => AnalyzeOptions,
  /** `sequence`: the images are one recording's frames in order (a kiosk burst), analysed in runs with tracking (decision 0081). */
  batch?: BatchOptions,
): Promise<Analysis[]> {
  const pool = ctx.deps.face;
  if (!pool) throw new AppError('face_unavailable', 'face.unavailable');
  await checkImages(images, field);
  const settled = await pool.analyzeBatch(images, companyId, opts, batch).catch((err: unknown) => {
    // The company's share of the engine is full (decision 0022): 429 for this company, with when to retry.
    if (err instanceof FacePoolError && err.code === 'tenant_busy') {
      throw new AppError('rate_limited', 'face.companyBusy', { retryAfter: err.retryAfter ?? 5 });
    }
    // The face queue is deeper than the face processes can answer in time (decision 0065): shed, with when to retry.
    if (err instanceof FacePoolError && err.code === 'overloaded') {
      throw new AppError('face_busy', 'face.queueBusy', { retryAfter: err.retryAfter ?? 5 });
    }
    ctx.log.warn({ err }, 'face analysis refused');
    throw new AppError('face_unavailable', 'face.unavailable');
  });
  const out: Analysis[] = [];
  for (const [i, r] of settled.entries()) {
    if (r.status === 'fulfilled') {
      out.push(r.value);
      continue;
    }
    const err = r.reason;
    if (err instanceof FacePoolError && err.code === 'invalid_image') {
      throw new AppError('invalid_image', 'face.invalid_image', {}, [{ path: `${field}[${i}]`, message: 'face.invalid_image' }]);
    }
    ctx.log.warn({ err }, 'face analysis failed');
    throw new AppError('face_unavailable', 'face.unavailable');
  }
  return out;
}
