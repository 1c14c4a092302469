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
