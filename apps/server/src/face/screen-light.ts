/**
 * The screen lights the face (issue 17 item 4, decision 0073). While the burst records, the kiosk's own screen shows
 * a short sequence of saturated colours drawn per challenge (`lightSequence`: bound to the challenge's id, so the
 * mark, which signs that id, cannot swap it, and nobody knows it before the challenge is issued). A face a few tens of
 * centimetres from the screen reflects it; the wall behind, farther away, much less; a photo, a phone screen or a
 * recorded video held up to the camera shows whatever light it was made under.
 *
 * Per frame, in the face worker (`measureLight`, from the mesh the engine already computes): the mean colour of skin
 * patches (forehead, cheeks, nose) and of the background (the frame's upper side strips, outside the face). Across the
 * burst (`scoreLight`): each region's chromaticity (r, g, b over their sum: the ambient's brightness drops out) minus
 * its burst mean (the ambient's own tint drops out), against the chromaticity of the colour the screen showed at each
 * frame's time (searched over the screen-to-camera lag). `corr` says whether the region follows the sequence, `gain`
 * how much of the screen's swing it shows; the face should follow with a gain well above the background's.
 */
import { createHash } from 'node:crypto';
import type { ScreenLightSegment } from '@presente/shared';
import type { Analysis } from './engine.js';
import type { RawImage } from './image.js';

export type Rgb = [number, number, number];

export const SCREEN_LIGHT = {
  /** The colours the screen shows (sRGB): red, green, blue, saturated so their chromaticities are far apart. */
  palette: [
    [255, 40, 40],
    [40, 230, 60],
    [60, 80, 255],
  ] as readonly Rgb[],
  /** Colours per sequence, each shown this long (ms); the last one stays until the burst ends. */
  segments: 6,
  minMs: 500,
  maxMs: 850,
  /** The screen-to-camera delay searched (ms, in steps): paint, the display's refresh, the camera's exposure and pipeline. */
  lag: { min: -100, max: 400, step: 25 },
  /** Skin patches (mesh points: forehead, between the brows, cheeks, under the eyes, nose) and their half side (face widths). */
  skinPoints: [10, 151, 9, 108, 337, 50, 280, 117, 346, 205, 425, 4, 195] as readonly number[],
  patch: 0.035,
  /** The background: the frame's left and right strips of this width (fraction), from the top down to this height. */
  strip: 0.15,
  stripHeight: 0.55,
  /** Pixels of the face box grown by this (fraction of its size, each side) are never background. */
  boxMargin: 0.35,
} as const;

/** The sequence of a challenge: a pure function of its id (random, issued by the server), recomputed when the mark arrives. */
export function lightSequence(challengeId: string): ScreenLightSegment[] {
  const bytes = createHash('sha256').update(`presente:screen-light:${challengeId}`).digest();
  const { palette, segments, minMs, maxMs } = SCREEN_LIGHT;
  const out: ScreenLightSegment[] = [];
  let [at, previous] = [0, -1];
  for (let i = 0; i < segments; i++) {
    // Never the same colour twice in a row: every boundary is a change.
    const c = previous < 0 ? bytes[i] % palette.length : (previous + 1 + (bytes[i] % (palette.length - 1))) % palette.length;
    out.push({ at, color: [...palette[c]] as Rgb });
    previous = c;
    at += minMs + (bytes[16 + i] % (maxMs - minMs + 1));
  }
  return out;
}

/** The colour on screen `t` ms after the burst started (the first until the first segment, the last after the end). */
export function colorAt(segments: readonly ScreenLightSegment[], t: number): Rgb {
  let color = segments[0].color;
  for (const s of segments) if (s.at <= t) color = s.color;
  return color as Rgb;
}

/** One frame's light: mean sRGB of the face's skin patches and of the background (null when none of it is in frame). */
export interface FrameLight {
  face: Rgb;
  background: Rgb | null;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** Measures a frame (box and mesh in the image's own pixels). Sub-millisecond: a few thousand pixels read. */
export function measureLight(img: RawImage, box: readonly number[], mesh: readonly (readonly number[])[]): FrameLight | null {
  const { width, height, data } = img;
  const [bx, by, bw, bh] = box;
  const sum = (acc: number[], x: number, y: number) => {
    const i = (y * width + x) * 3;
    acc[0] += data[i];
    acc[1] += data[i + 1];
    acc[2] += data[i + 2];
    acc[3]++;
  };
  const face = [0, 0, 0, 0];
  const half = Math.max(1, Math.round(SCREEN_LIGHT.patch * bw));
  for (const k of SCREEN_LIGHT.skinPoints) {
    const p = mesh[k];
    if (!p) continue;
    const [cx, cy] = [Math.round(p[0]), Math.round(p[1])];
    for (let y = Math.max(0, cy - half); y <= Math.min(height - 1, cy + half); y++)
      for (let x = Math.max(0, cx - half); x <= Math.min(width - 1, cx + half); x++) sum(face, x, y);
  }
  if (!face[3]) return null;
  const bg = [0, 0, 0, 0];
  const m = SCREEN_LIGHT.boxMargin;
  const [ex0, ex1, ey1] = [bx - m * bw, bx + bw * (1 + m), by + bh * (1 + m)];
  const stripW = Math.round(SCREEN_LIGHT.strip * width);
  const rows = Math.round(SCREEN_LIGHT.stripHeight * height);
  for (let y = 0; y < rows; y += 2)
    for (const [x0, x1] of [
      [0, stripW],
      [width - stripW, width],
    ])
      for (let x = x0; x < x1; x += 2) if (!(x >= ex0 && x <= ex1 && y <= ey1)) sum(bg, x, y);
  const mean = (a: number[]): Rgb => [r1(a[0] / a[3]), r1(a[1] / a[3]), r1(a[2] / a[3])];
  return { face: mean(face), background: bg[3] ? mean(bg) : null };
}

/** How a region's colour follows the sequence: correlation (-1..1) and gain (share of the screen's chromaticity swing). */
export interface RegionFit {
  corr: number;
  gain: number;
}

export interface LightScore {
  /** Frames measured. */
  frames: number;
  /** The screen-to-camera lag that fits the face best (ms). */
  lagMs: number;
  face: RegionFit;
  background: RegionFit | null;
  /** The face's gain minus the background's: a colour cast over the whole picture raises both. */
  contrast: number | null;
  /** Mean brightness of the face's skin (0-255): the ambient light the screen competes with. */
  ambient: number;
}

const chroma = (c: readonly number[]): Rgb => {
  const s = c[0] + c[1] + c[2];
  return s > 0 ? [c[0] / s, c[1] / s, c[2] / s] : [1 / 3, 1 / 3, 1 / 3];
};

/** Pooled over the three channels: the correlation and regression gain of `y` on `x` (each minus its mean). */
function fit(x: readonly Rgb[], y: readonly Rgb[]): RegionFit | null {
  const n = x.length;
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const mx = x.reduce((s, v) => s + v[c], 0) / n;
    const my = y.reduce((s, v) => s + v[c], 0) / n;
    for (let i = 0; i < n; i++) {
      const [dx, dy] = [x[i][c] - mx, y[i][c] - my];
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
  }
  if (sxx < 1e-9) return null;
  return { corr: syy > 1e-12 ? sxy / Math.sqrt(sxx * syy) : 0, gain: sxy / sxx };
}

/** Fewest frames a region is fitted on. */
const MIN_FRAMES = 6;

/**
 * Scores a burst against its sequence. `samples`: each frame's time (ms after the first) and light (null where the
 * frame has no face). Null when fewer than 6 frames were measured or the frames saw only one colour.
 */
export function scoreLight(samples: readonly { t: number; light: FrameLight | null }[], segments: readonly ScreenLightSegment[]): LightScore | null {
  const seen = samples.filter((s): s is { t: number; light: FrameLight } => !!s.light);
  if (seen.length < MIN_FRAMES || !segments.length) return null;
  const face = seen.map((s) => chroma(s.light.face));
  // The wall is judged on the frames that show it: a head turned or leaning towards a side covers that strip in a few
  // frames, and one such frame took the whole burst's background away (stop 45's CI: a genuine mark, face corr 0.997,
  // background and contrast null). Too few such frames, and there is no background figure.
  const withBg = seen.flatMap((s, i) => (s.light.background ? [i] : []));
  const bg = withBg.length >= MIN_FRAMES ? withBg.map((i) => chroma(seen[i].light.background as Rgb)) : null;
  const { min, max, step } = SCREEN_LIGHT.lag;
  let best: { lag: number; face: RegionFit; expected: Rgb[] } | null = null;
  for (let lag = min; lag <= max; lag += step) {
    const expected = seen.map((s) => chroma(colorAt(segments, s.t - lag)));
    const f = fit(expected, face);
    if (f && (!best || f.corr > best.face.corr)) best = { lag, face: f, expected };
  }
  if (!best) return null;
  const wallExpected = withBg.map((i) => best.expected[i]);
  const background = bg ? fit(wallExpected, bg) : null;
  const luma = seen.reduce((s, v) => s + 0.299 * v.light.face[0] + 0.587 * v.light.face[1] + 0.114 * v.light.face[2], 0) / seen.length;
  const round = (f: RegionFit): RegionFit => ({ corr: r3(f.corr), gain: r3(f.gain) });
  return {
    frames: seen.length,
    lagMs: best.lag,
    face: round(best.face),
    background: background ? round(background) : null,
    contrast: background ? r3(best.face.gain - background.gain) : null,
    ambient: r1(luma),
  };
}

/**
 * A kiosk burst's screen-light score against its challenge's sequence (the mark's evidence): null without capture
 * times for every frame or with too few measured frames.
 */
export function screenLightOf(analyses: readonly Analysis[], times: readonly number[] | null, challengeId: string): LightScore | null {
  if (!times || times.length !== analyses.length) return null;
  const samples = analyses.map((a, i) => ({ t: times[i], light: a.faces.length === 1 ? (a.faces[0].light ?? null) : null }));
  return scoreLight(samples, lightSequence(challengeId));
}
