import type { Analysis } from '../../face/engine.js';
import { LIVENESS } from '../../face/liveness.js';
import type { Identification, TemplateIndex } from '../../face/match.js';

/**
 * Every described frame of a kiosk burst is identified and must agree (decision 0057; since decision 0049 a few
 * frames spread over the burst, chosen at random after the upload, carry a descriptor, and the burst's continuity
 * binds the others to them). A frame whose nearest employee
 * is someone else, or that no employee is near enough, refuses the mark: a burst that mixes two people, or one
 * that starts with the right person and goes on with a photo of another, names nobody.
 *
 * Two tiers, from the figures: the burst must hold at least one frame accepted by the company's rule (distance
 * within the match threshold and the runner-up DEFAULT_MARGIN further); every other frame must have the same
 * nearest employee within the liveness "same person" limit (turned heads drift further: the rendered heads of
 * decision 0040 reached 0.522 at 40°, genuine fixture pairs 0.62, the closest impostor pair 0.604), and no
 * other employee closer.
 */
export interface BurstIdentity {
  /** The employee every frame agrees on (null when they do not). */
  employeeId: string | null;
  /** The identification of the frame that identified best (the punch's evidence). */
  best: Identification | null;
  /** Each frame's nearest employee and distance. */
  frames: { employeeId: string | null; distance: number }[];
  /** Largest distance of a frame to the agreed employee. */
  worst: number | null;
  /** Smallest gap between the runner-up and the best over the frames (null with one employee enrolled). */
  margin: number | null;
  refusal?: 'not_recognized' | 'frames_disagree';
  /** The employee of the best accepted frame: counted against that identity's refusals even when the burst is refused. */
  likely: string | null;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

export function identifyBurst(index: TemplateIndex, analyses: Analysis[], threshold: number, sameLimit: number = LIVENESS.maxDistance): BurstIdentity {
  const ids = analyses.map((a) => {
    const d = a.faces.length === 1 ? a.faces[0].descriptor : null;
    return d ? index.identify(d, threshold) : null;
  });
  const frames = ids.map((r) => ({ employeeId: r?.employeeId ?? null, distance: r ? round(r.distance) : Number.NaN }));
  const accepted = ids.filter((r): r is Identification => !!r?.accepted);
  // Stryker disable next-line EqualityOperator: of two frames at the same distance either is the best (the agreement below is judged on every frame)
  const best = accepted.length ? accepted.reduce((a, b) => (b.distance < a.distance ? b : a)) : null;
  const base = { frames, likely: best?.employeeId ?? null, best };
  if (!best?.employeeId) return { ...base, employeeId: null, worst: null, margin: null, refusal: 'not_recognized' };
  const agreed = best.employeeId;
  let worst = 0;
  let margin: number | null = null;
  for (const [i, r] of ids.entries()) {
    // A frame analysed without a descriptor (decision 0049) is bound to the described ones by continuity.
    if (!r && analyses[i].faces.length === 1 && !analyses[i].faces[0].descriptor) continue;
    if (!r || r.employeeId !== agreed || !(r.distance <= sameLimit))
      return { ...base, employeeId: null, worst: null, margin: null, refusal: 'frames_disagree' };
    worst = Math.max(worst, r.distance);
    if (r.runnerUp) margin = Math.min(margin ?? Number.POSITIVE_INFINITY, r.runnerUp.distance - r.distance);
  }
  return { ...base, employeeId: agreed, worst: round(worst), margin: margin === null ? null : round(margin) };
}
