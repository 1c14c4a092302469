/**
 * Non-rigid and nod events across a kiosk burst (issue 17 item 2, decision 0060): blink, smile, open mouth, look up,
 * look down, each with its time span(s) and strength, judged from Human's 468-point face mesh on every frame
 * (FaceAnalysis.mesh), never from one frame's predicted pose (a photo of a smiling or nodding person has a plausible
 * mesh; what a photo cannot do is change it).
 *
 * How (all measures in the burst's own reference face, so they hold under scale, in-plane rotation and any affine
 * warp: a flat print waved, tilted or scaled moves every landmark by one affine map, up to perspective):
 *  1. The reference face: the first frame's mesh, normalised so that the eyes' centres are (0, 0) and (1, 0).
 *  2. Every frame is mapped onto it by the least-squares affine map of its RIGID landmarks (eye corners, nose bridge,
 *     forehead, cheek outline, upper lip): a head that turns or a print that moves is undone; what stays is what moved
 *     against the rest of the face.
 *  3. Per frame, in reference units (one unit = the distance between the eyes' centres): the eyelid gap (both eyes),
 *     the inner-lip gap, the mouth's width plus the corners' lift, and the nose tip's vertical offset left over by the
 *     affine map (the nose stands out of the face: it moves up against the eyes and the lip when the head looks up,
 *     a flat print cannot do that).
 *  4. Each signal against its baseline: the eyes against the burst's upper quartile (open eyes are most of a burst), the rest
 *     against the median of the first `baselineFrames` frames (the burst starts facing the screen). An event is a run of
 *     frames beyond the threshold that starts from rest; a blink must also recover within `blinkMaxMs`.
 */
import type { FaceAnalysis } from './engine.js';

export const EVENT_KINDS = ['blink', 'smile', 'mouth', 'up', 'down'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One frame of a burst: its capture time (ms) and the face the engine found (null: none). */
export interface BurstFrame {
  t: number;
  face: (Pick<FaceAnalysis, 'mesh'> & Partial<Pick<FaceAnalysis, 'box' | 'yaw' | 'pitch' | 'roll'>>) | null;
}

export interface FaceEvent {
  kind: EventKind;
  /** Capture times (ms) of the first and last frame beyond the threshold, and of the strongest one. */
  start: number;
  end: number;
  peak: number;
  /** The largest change from the baseline, in threshold units (1 = just detected). */
  strength: number;
  frames: number;
}

export interface EventReport {
  events: Record<EventKind, FaceEvent[]>;
  /** Per frame (null without a usable mesh): the measures, in reference units; kept as the mark's evidence. */
  signals: (FaceSignals | null)[];
  baseline: FaceSignals | null;
}

export interface FaceSignals {
  /** Eyelid gap, mean of both eyes (open eyes ≈ 0.12-0.16 of the distance between the eyes). */
  eye: number;
  /** Inner-lip gap. */
  mouth: number;
  /** Mouth width (corner to corner): a smile widens the mouth. */
  width: number;
  /** How far the corners sit above the upper inner lip's middle (a smile lifts them; negative: below). */
  lift: number;
  /** The nose tip's vertical offset left over by the rigid affine map (falls when looking up, rises looking down). */
  nose: number;
  /** Mean distance of the rigid landmarks from their affine fit (how well the frame fits the reference). */
  fit: number;
}

export const EVENT_THRESHOLDS = {
  /** Frames at the start that are the face at rest (the burst starts facing the screen). */
  baselineFrames: 3,
  /** Eyelid gap: the fraction of the open-eye baseline that must go (see decision 0060 for the figures). */
  blinkDrop: 0.3,
  /** The open-eye baseline: this quantile of the burst's eyelid gaps (eyes are open most of a burst). */
  openEyeQuantile: 0.75,
  /** A blink closes and opens within this (a held closed eye is not a blink). */
  blinkMaxMs: 900,
  /** Inner-lip gap growth, reference units. */
  mouthRise: 0.1,
  /** Smile: mouth width growth plus `smileLift` times the corners' lift, reference units. */
  smileRise: 0.1,
  smileLift: 1,
  /**
   * Nose tip offset change, reference units, looking up and looking down (Human's mesh moves the nose less on a nod
   * down, and a waved print reads up to 0.074 "up": decision 0060).
   */
  upShift: 0.09,
  downShift: 0.08,
  /** A frame whose rigid landmarks miss their affine fit by more than this is not judged (a bad mesh). */
  maxFit: 0.5,
  /**
   * A smile moves the lips and nothing else: at its strongest frame the rigid landmarks must still fit the reference
   * face this well (genuine peaks ≤ 0.015; a waved or swapped photo's mesh, when it reads as a smile, ≥ 0.040: Human
   * reshapes the whole face on a warped picture).
   */
  restFit: 0.03,
  /**
   * A nod moves the rigid landmarks off their affine fit by parallax, a little (genuine 15° nods: ≤ 0.07); one picture
   * swapped for another (the photo-pair attack) moves them far more (≥ 0.24): such a frame is no nod.
   */
  nodFit: 0.15,
} as const;
export type EventThresholds = { [K in keyof typeof EVENT_THRESHOLDS]: number };

/** Indices in Human's 468-point mesh (MediaPipe's; the same as bench/face/head3d/model.ts). */
const M = {
  rightEye: [33, 133],
  leftEye: [362, 263],
  /** Upper / lower eyelid pairs, each eye (middle of the lids). */
  lids: [
    [159, 145],
    [158, 153],
    [160, 144],
    [386, 374],
    [385, 380],
    [387, 373],
  ],
  innerLips: [
    [13, 14],
    [82, 87],
    [312, 317],
  ],
  corners: [61, 291],
  noseTip: 1,
  /** Landmarks that keep their place on the face through blinks, smiles and an open mouth. */
  rigid: [33, 133, 362, 263, 168, 6, 10, 151, 234, 454, 127, 356, 0, 2],
} as const;

type P = [number, number];
/** A 2-D affine map [a, b, c, d, e, f]: (x, y) -> (a x + b y + c, d x + e y + f). */
type Affine = [number, number, number, number, number, number];

const apply = (m: Affine, p: readonly number[]): P => [m[0] * p[0] + m[1] * p[1] + m[2], m[3] * p[0] + m[4] * p[1] + m[5]];

function invert([a, b, c, d, e, f]: Affine): Affine | null {
  const det = a * e - b * d;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-9) return null;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

/** Least-squares affine map taking `from` onto `to` (null when degenerate). */
export function fitAffine(from: readonly (readonly number[])[], to: readonly (readonly number[])[]): Affine | null {
  // Normal equations of [x y 1] against each output coordinate.
  let [sxx, sxy, sx, syy, sy, n] = [0, 0, 0, 0, 0, 0];
  const bx = [0, 0, 0];
  const by = [0, 0, 0];
  for (let i = 0; i < from.length; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    sxx += x * x;
    sxy += x * y;
    sx += x;
    syy += y * y;
    sy += y;
    n++;
    bx[0] += x * u;
    bx[1] += y * u;
    bx[2] += u;
    by[0] += x * v;
    by[1] += y * v;
    by[2] += v;
  }
  const a = [sxx, sxy, sx, sxy, syy, sy, sx, sy, n];
  const det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-9) return null;
  const solve = (b: number[]) => {
    const col = (i: number) => {
      const m = [...a];
      m[i] = b[0];
      m[3 + i] = b[1];
      m[6 + i] = b[2];
      return (m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])) / det;
    };
    return [col(0), col(1), col(2)];
  };
  const [p, q] = [solve(bx), solve(by)];
  return [p[0], p[1], p[2], q[0], q[1], q[2]];
}

const mid = (a: readonly number[], b: readonly number[]): P => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** The mesh in reference units: eye centres at (0, 0) and (1, 0), y down the face. Null without a full mesh. */
export function normalised(mesh: readonly (readonly number[])[]): P[] | null {
  if (mesh.length < 468) return null;
  const r = mid(mesh[M.rightEye[0]], mesh[M.rightEye[1]]);
  const l = mid(mesh[M.leftEye[0]], mesh[M.leftEye[1]]);
  const [ux, uy] = [l[0] - r[0], l[1] - r[1]];
  const d2 = ux * ux + uy * uy;
  if (d2 < 1) return null;
  // Rotate and scale so that r -> (0, 0), l -> (1, 0); y stays perpendicular (down the face in an upright frame).
  return mesh.map((p) => {
    const [x, y] = [p[0] - r[0], p[1] - r[1]];
    return [(x * ux + y * uy) / d2, (-x * uy + y * ux) / d2] as P;
  });
}

/** The measures of one frame against the reference face (both normalised). */
export function signalsOf(ref: readonly P[], face: readonly P[]): FaceSignals | null {
  // Fitted from the reference onto the frame, then inverted: the landmarks that stand out of the face plane (nose,
  // outline) scatter the FRAME's positions, and a fit in that direction would shrink the map (regression dilution).
  const forward = fitAffine(
    M.rigid.map((i) => ref[i]),
    M.rigid.map((i) => face[i]),
  );
  const m = forward && invert(forward);
  if (!m) return null;
  const q = face.map((p) => apply(m, p));
  const fit = M.rigid.reduce<number>((s, i) => s + Math.hypot(q[i][0] - ref[i][0], q[i][1] - ref[i][1]), 0) / M.rigid.length;
  const gap = (pairs: readonly (readonly [number, number])[]) => pairs.reduce((s, [a, b]) => s + (q[b][1] - q[a][1]), 0) / pairs.length;
  const [c1, c2] = [q[M.corners[0]], q[M.corners[1]]];
  return {
    eye: gap(M.lids),
    mouth: gap(M.innerLips),
    width: Math.hypot(c2[0] - c1[0], c2[1] - c1[1]),
    lift: q[M.innerLips[0][0]][1] - (c1[1] + c2[1]) / 2,
    nose: q[M.noseTip][1] - ref[M.noseTip][1],
    fit,
  };
}

/** The q-quantile (linear between ranks). */
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
};
const median = (xs: number[]) => quantile(xs, 0.5);

interface Run {
  from: number;
  to: number;
}

/**
 * Runs of frames that reach a deviation of 1 (threshold units), with their edges (frames at 0.5 or more), starting from
 * rest (the frame before is under 0.5); `recover`: the frame after must be under 0.5 too, within `maxMs` of the run's start.
 */
function runs(dev: (number | null)[], times: number[], recover: { maxMs: number } | null): Run[] {
  const out: Run[] = [];
  let i = 0;
  while (i < dev.length) {
    if (dev[i] === null || (dev[i] as number) < 1) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < dev.length && dev[j + 1] !== null && (dev[j + 1] as number) >= 0.5) j++;
    // The rising edge belongs to the run: back to the last frame still at rest.
    while (i > 0 && dev[i - 1] !== null && (dev[i - 1] as number) >= 0.5) i--;
    const before = dev[i - 1];
    const after = dev[j + 1];
    const fromRest = i > 0 && before !== null && before !== undefined && before < 0.5;
    const recovered = after !== null && after !== undefined && after < 0.5 && times[j + 1] - times[i] <= (recover?.maxMs ?? Number.POSITIVE_INFINITY);
    if (fromRest && (!recover || recovered)) out.push({ from: i, to: j });
    i = j + 1;
  }
  return out;
}

const nodding = (down: (number | null)[], up: (number | null)[], run: Run) => {
  for (let i = run.from; i <= run.to; i++) if ((down[i] ?? 0) >= 1 || (up[i] ?? 0) >= 1) return true;
  return false;
};

/** Detects every event kind across the burst (frames in capture order). */
export function detectEvents(frames: readonly BurstFrame[], th: EventThresholds = EVENT_THRESHOLDS): EventReport {
  const events = Object.fromEntries(EVENT_KINDS.map((k) => [k, [] as FaceEvent[]])) as Record<EventKind, FaceEvent[]>;
  const faces = frames.map((f) => (f.face ? normalised(f.face.mesh) : null));
  const refIndex = faces.findIndex((f) => f !== null);
  if (refIndex < 0) return { events, signals: faces.map(() => null), baseline: null };
  const ref = faces[refIndex]!;
  const signals = faces.map((f) => {
    const s = f ? signalsOf(ref, f) : null;
    return s && s.fit <= th.maxFit ? s : null;
  });
  const judged = signals.filter((s): s is FaceSignals => s !== null);
  const first = signals.slice(0, Math.max(1, th.baselineFrames)).filter((s): s is FaceSignals => s !== null);
  if (!first.length) return { events, signals, baseline: null };
  const baseline: FaceSignals = {
    eye: quantile(
      judged.map((s) => s.eye),
      th.openEyeQuantile,
    ),
    mouth: median(first.map((s) => s.mouth)),
    width: median(first.map((s) => s.width)),
    lift: median(first.map((s) => s.lift)),
    nose: median(first.map((s) => s.nose)),
    fit: median(first.map((s) => s.fit)),
  };
  const times = frames.map((f) => f.t);
  const deviation: Record<EventKind, (number | null)[]> = {
    blink: signals.map((s) => (s ? (baseline.eye - s.eye) / Math.max(1e-6, baseline.eye * th.blinkDrop) : null)),
    mouth: signals.map((s) => (s ? (s.mouth - baseline.mouth) / th.mouthRise : null)),
    smile: signals.map((s) => (s ? (s.width - baseline.width + th.smileLift * (s.lift - baseline.lift)) / th.smileRise : null)),
    up: signals.map((s) => (s ? (baseline.nose - s.nose) / th.upShift : null)),
    down: signals.map((s) => (s ? (s.nose - baseline.nose) / th.downShift : null)),
  };
  for (const kind of EVENT_KINDS) {
    const dev = deviation[kind];
    for (const run of runs(dev, times, kind === 'blink' ? { maxMs: th.blinkMaxMs } : null)) {
      // Eyes narrow when the head looks down: no blink is read while the head nods.
      if (kind === 'blink' && nodding(deviation.down, deviation.up, run)) continue;
      // A smile's strongest frame is looked for among the frames at rest (the rigid landmarks still fit): a smile
      // held while the head turns back reads stronger on the turned frames, and when one of those was the peak the
      // smile was lost (decision 0084). A picture whose mesh "smiles" only while warped has no such frame.
      const atRest = (i: number) => kind !== 'smile' || (signals[i]?.fit ?? 1) <= th.restFit;
      let peak = -1;
      for (let i = run.from; i <= run.to; i++) if (atRest(i) && (peak < 0 || (dev[i] ?? 0) > (dev[peak] ?? 0))) peak = i;
      if (peak < 0 || (dev[peak] ?? 0) < 1) continue;
      if ((kind === 'up' || kind === 'down') && (signals[peak]?.fit ?? 1) > th.nodFit) continue;
      events[kind].push({
        kind,
        start: times[run.from],
        end: times[run.to],
        peak: times[peak],
        strength: Math.round((dev[peak] ?? 0) * 100) / 100,
        frames: run.to - run.from + 1,
      });
    }
  }
  return { events, signals, baseline };
}

/**
 * The event that answers a step asked at `from` (ms, the burst's clock) until the next step was asked at `to`: the
 * first of its kind whose strongest frame falls in (from, to + lagMs] (a person reacts a little after the prompt).
 */
export function stepEvent(report: EventReport, kind: EventKind, from: number, to: number, lagMs = 0): FaceEvent | null {
  return report.events[kind].find((e) => e.peak > from && e.peak <= to + lagMs) ?? null;
}
