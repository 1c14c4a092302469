import { lt } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { kioskRefusals } from '../../db/schema/index.js';
import type { Analysis } from '../../face/engine.js';

/**
 * What a refused person reads at the kiosk (decision 0057): the reason and what to do about it (more light, face the
 * screen, take off the sunglasses, one person at a time), so they can retry at once. The code stays the spec's.
 */
const BY_FAILURE: Record<string, string> = {
  different_person: 'face.kioskOnePerson',
  pose_sequence: 'face.kioskFollowSteps',
  frame_count: 'face.kioskFollowSteps',
  spoof_score: 'face.kioskNotLive',
  replayed_frame: 'face.kioskNotLive',
  // The burst (decision 0049): a photo swapped for another, a picture moved as a flat card, a broken timeline.
  burst_jump: 'face.kioskBurstJump',
  burst_flat: 'face.kioskNotLive',
  burst_timing: 'face.kioskBurstTiming',
};

export function kioskRefusalMessage(reason: string, failure: string | undefined): string {
  if (reason === 'no_face') return 'face.kioskNoFace';
  if (reason === 'multiple_faces') return 'face.multiple_faces';
  return (failure && BY_FAILURE[failure]) ?? 'face.kioskNotLive';
}

const meanOf = (a: Uint8Array) => {
  let s = 0;
  for (const v of a) s += v;
  return s / Math.max(1, a.length);
};

/** Median grey (0-255) of the faces' thumbnails over the frames with one face; null without any. */
export function faceGrey(analyses: Analysis[]): number | null {
  const greys = analyses
    .filter((a) => a.faces.length === 1)
    .map((a) => meanOf(a.faces[0].thumb))
    .sort((x, y) => x - y);
  return greys.length ? Math.round(greys[Math.floor(greys.length / 2)]) : null;
}

/**
 * Below this median face grey a burst is refused as too dark (decision 0057): fixture photos darkened to a face grey
 * of ~27 moved their descriptor by 0.22 (median, 0.34 at most), to ~20 by 0.26 (0.58 at most, past the match
 * threshold), so the person would be refused anyway; "more light" is what helps. Lower than the enrolment gate's
 * (QUALITY.minFaceGrey), because a template must be better than a probe.
 */
export const KIOSK_MIN_FACE_GREY = 25;

export const tooDark = (analyses: Analysis[]) => {
  const grey = faceGrey(analyses);
  return grey !== null && grey < KIOSK_MIN_FACE_GREY;
};

/** What the engine found in a refused burst, filled in as the mark goes (the refusal's evidence). */
export interface RefusalNotes {
  employeeId?: string | null;
  [key: string]: unknown;
}

/** Days a refusal's evidence is kept (the review's horizon; no image is kept). */
export const REFUSAL_DAYS = 30;

/** Keeps a refused mark with its reason and evidence (decision 0057). Never fails the answer the person gets. */
export async function keepRefusal(ctx: Ctx, row: { companyId: string; linkId: string; kioskId: string; code: string; notes: RefusalNotes }) {
  const { employeeId = null, ...evidence } = row.notes;
  try {
    await ctx.db.insert(kioskRefusals).values({
      companyId: row.companyId,
      linkId: row.linkId,
      kioskId: row.kioskId,
      employeeId,
      code: row.code,
      evidence: { ...evidence, ip: ctx.ip, userAgent: ctx.userAgent.slice(0, 300) },
    });
  } catch (err) {
    ctx.log.warn({ err }, 'kiosk refusal not kept');
  }
}

export const pruneRefusals = (db: Db) => db.delete(kioskRefusals).where(lt(kioskRefusals.createdAt, new Date(Date.now() - REFUSAL_DAYS * 86_400_000)));
