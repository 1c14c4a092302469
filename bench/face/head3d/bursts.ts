/**
 * Continuous kiosk bursts (decision 0049) for the benches and the attack suite: what a kiosk camera records over a
 * challenge, as JPEG frames with capture times.
 *
 *  - genuine: a rendered 3-D head (decision 0040) following the challenge's steps, at its own place, turn and light;
 *  - flat cards: the same photo printed flat (or bent like a curved print) and moved by a hand: turned, tilted,
 *    rotated, scaled, waved (a perspective, affine or similarity warp of one picture each frame);
 *  - photo pair + mirror: a frontal photo, a turned photo and its mirror image held up in turn, each a little
 *    wobbly in the hand, swapped between two frames;
 *  - reordered: a genuine burst cut at its steps and put together in another challenge's order.
 *
 * Capture times: about `fps` with a little jitter, and now and then a late frame (a busy kiosk), at most `maxFrames`
 * (a longer take is thinned as the page does: evenly, the turns kept dense; thin.ts).
 */
import { FACE_LIMITS } from '@presente/shared';
import sharp from 'sharp';
import { TURN_RATE, TURN_RETURN_MS, thinFrames } from '../../../apps/web/src/features/face/camera/thin.js';
import type { HeadModel } from './model.js';
import { type HeadRenderer, jpegOf } from './render.js';
import { ACTION_POSE, type Action, type Key, NEUTRAL, type Pose, poseAt } from './script.js';

export interface Burst {
  frames: Buffer[];
  times: number[];
}

export interface Timing {
  fps: number;
  maxFrames: number;
  /** Share of frames that arrive late (one to two frame times more). */
  lateShare: number;
  /** The rate inside a turn's window (`dense`): the page's TURN_RATE times `fps` (decision 0083). Default `fps`. */
  turnFps?: number;
}
export const KIOSK_TIMING: Timing = { fps: 6, maxFrames: FACE_LIMITS.maxFrames, lateShare: 0.1, turnFps: 6 * TURN_RATE };

/** Spans of the recording (ms) the page keeps dense: a head turn from its prompt until the head is back (thin.ts). */
export type Windows = readonly (readonly [number, number])[];

/**
 * Where the kiosk page records densely (useKioskFlow: `recorder.turning`): from each turn's prompt (`starts[k]`, when
 * step k is shown) through the next turn, until TURN_RETURN_MS after the next step that is not a turn, or the end.
 */
export function turnWindows(steps: readonly string[], starts: readonly number[], returnMs = TURN_RETURN_MS): Windows {
  const out: [number, number][] = [];
  let from: number | null = null;
  for (const [k, step] of steps.entries()) {
    const turn = step === 'left' || step === 'right';
    if (turn && from === null) from = starts[k];
    if (!turn && from !== null) {
      out.push([from, starts[k] + returnMs]);
      from = null;
    }
  }
  if (from !== null) out.push([from, Number.POSITIVE_INFINITY]);
  return out;
}

/** Whether time `t` falls in one of the turn windows. */
const within = (t: number, dense: Windows) => dense.some(([a, b]) => t >= a && t <= b);

/** Capture times over `ms`, thinned to `maxFrames` as the page thins them (thin.ts: frames in `dense` kept close). */
export function captureTimes(ms: number, random: () => number, timing: Timing = KIOSK_TIMING, dense: Windows = []): number[] {
  const times = [0];
  const turnPeriod = 1000 / (timing.turnFps ?? timing.fps);
  for (;;) {
    const last = times[times.length - 1];
    const period = within(last, dense) ? turnPeriod : 1000 / timing.fps;
    let t = last + period * (0.85 + random() * 0.3);
    // The page switches to the turn's rate at the prompt (burst.ts `turning`): the camera's next frame after it is
    // taken (30 fps: within 33 ms), not the one a still part's period would have waited for.
    const prompt = dense.find(([a]) => a > last && a < t)?.[0];
    if (prompt !== undefined) t = Math.max(last + turnPeriod * 0.85, prompt + random() * 33);
    if (random() < timing.lateShare) t += (within(t, dense) ? turnPeriod : period) * (1 + random());
    if (t > ms) break;
    times.push(Math.round(t));
  }
  return thinTimes(times, timing.maxFrames, dense);
}

/** The page's thinning (thin.ts) of capture times, frames inside `dense` kept close. */
export function thinTimes(times: readonly number[], max: number, dense: Windows = []): number[] {
  const frames = times.map((t) => ({ t, dense: within(t, dense) }));
  return thinFrames(frames, max).map((f) => f.t);
}

/**
 * Kiosk moves: a person follows a prompt in ~0.5 s and holds until the next (the page moves on once it sees the pose);
 * between turns to opposite sides the page asks for the front first (`between`), so nobody swings 80° at once.
 */
export const QUICK = { moveMs: 500, holdMs: 400, betweenMs: 250 };

/** Key poses for the steps: each step reached, held, and the head comes back before a turn to the other side. */
export function stepKeys(steps: readonly string[], turn: number, base: Partial<Pose>): { keys: Key[]; ms: number; dense: Windows } {
  const keys: Key[] = [{ at: 0, pose: { ...NEUTRAL, ...base } }];
  let t = 250;
  let last = 'straight';
  const starts: number[] = [];
  for (const step of steps) {
    starts.push(t);
    // The server's step 'mouth' is the head's action 'open'.
    const pose = { ...NEUTRAL, ...base, ...ACTION_POSE[(step === 'mouth' ? 'open' : step) as Action] };
    if (step === 'left' || step === 'right') pose.yaw = step === 'left' ? -turn : turn;
    if ((last === 'left' && step === 'right') || (last === 'right' && step === 'left')) {
      keys.push({ at: t + QUICK.moveMs, pose: { ...NEUTRAL, ...base } }, { at: t + QUICK.moveMs + QUICK.betweenMs, pose: { ...NEUTRAL, ...base } });
      t += QUICK.moveMs + QUICK.betweenMs;
    }
    last = step;
    keys.push({ at: t + QUICK.moveMs, pose }, { at: t + QUICK.moveMs + QUICK.holdMs, pose });
    t += QUICK.moveMs + QUICK.holdMs;
  }
  keys.push({ at: t + QUICK.moveMs, pose: { ...NEUTRAL, ...base } });
  return { keys, ms: t + 200, dense: turnWindows(steps, starts) };
}

/** Renders the keys at the capture times. */
export async function renderBurst(renderer: HeadRenderer, keys: readonly Key[], times: readonly number[]): Promise<Burst> {
  const frames: Buffer[] = [];
  for (const t of times) frames.push(await jpegOf(await renderer.render(poseAt(keys, t)), 85));
  return { frames, times: [...times] };
}

/** Where a person stands this time: a little across, up, farther, a little roll, the room's light. */
export function moment(random: () => number): Partial<Pose> {
  const light = 0.88 + random() * 0.24;
  return { x: (random() - 0.5) * 0.6, y: (random() - 0.5) * 0.3, back: random() * 0.5, roll: (random() - 0.5) * 6, light: [light, light, light] };
}

/** A genuine burst: the head follows the steps. */
export async function genuineBurst(renderer: HeadRenderer, steps: readonly string[], turn: number, random: () => number): Promise<Burst> {
  const turnNow = turn + random() * 5;
  const { keys, ms, dense } = stepKeys(steps, turnNow, moment(random));
  return renderBurst(renderer, keys, captureTimes(ms, random, KIOSK_TIMING, dense));
}

/**
 * The head's photo as a flat print (depth removed, the rings flattened onto it) or a curved one (bent round a
 * vertical axis by `bend` face widths at the edges): a card, not a head.
 */
export function cardOf(model: HeadModel, bend = 0): HeadModel {
  const positions = Float32Array.from(model.positions);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i];
    positions[i + 2] = -0.55 - bend * x * x * 4;
  }
  const still = new Float32Array(model.blink.length);
  return { ...model, positions, blink: still, smile: still, mouth: still };
}

export type Wave = 'perspective' | 'affine' | 'rotation' | 'scale' | 'curved';
export const WAVES: readonly Wave[] = ['perspective', 'affine', 'rotation', 'scale', 'curved'];

/**
 * A card waved by a hand to act out the steps: `perspective`/`curved` turn and tilt it (a perspective warp),
 * `affine` slides and shears it sideways (small turns far away), `rotation` rolls it, `scale` brings it nearer and
 * back; each step's turn is acted out by turning the card as far as `turn`.
 */
export function waveKeys(steps: readonly string[], wave: Wave, turn: number, random: () => number): { keys: Key[]; ms: number; dense: Windows } {
  const base = moment(random);
  const keys: Key[] = [{ at: 0, pose: { ...NEUTRAL, ...base } }];
  let t = 250;
  const starts: number[] = [];
  for (const step of steps) {
    starts.push(t);
    const side = step === 'left' ? -1 : step === 'right' ? 1 : 0;
    const pose: Pose = { ...NEUTRAL, ...base } as Pose;
    const a = turn * (0.8 + random() * 0.4);
    if (wave === 'perspective' || wave === 'curved') Object.assign(pose, { yaw: side * a, pitch: (random() - 0.5) * 16 });
    if (wave === 'affine') Object.assign(pose, { x: (base.x ?? 0) + side * 0.5, yaw: side * a * 0.3, back: 1.5 });
    if (wave === 'rotation') Object.assign(pose, { roll: side * 25 + (random() - 0.5) * 10, yaw: side * a * 0.5 });
    if (wave === 'scale') Object.assign(pose, { back: (base.back ?? 0) + (side ? 0.8 : -0.3), yaw: side * a });
    keys.push({ at: t + QUICK.moveMs, pose }, { at: t + QUICK.moveMs + QUICK.holdMs, pose });
    t += QUICK.moveMs + QUICK.holdMs;
  }
  return { keys, ms: t + 200, dense: turnWindows(steps, starts) };
}

/** Photos held up in turn (each a little wobbly in the hand), swapped between two frames: the photo-pair attack. */
export async function photoPairBurst(photos: Record<string, { file: string; flip?: boolean }>, steps: readonly string[], random: () => number): Promise<Burst> {
  const segment = 250 + QUICK.moveMs + QUICK.holdMs;
  const ms = steps.length * (QUICK.moveMs + QUICK.holdMs) + 700;
  const starts = steps.map((_, k) => 250 + k * (segment - 250));
  const times = captureTimes(ms, random, KIOSK_TIMING, turnWindows(steps, starts));
  const bg = 150 + Math.floor(random() * 40);
  const side = 300 + Math.floor(random() * 80);
  const [left, top] = [Math.floor(random() * (640 - side)), Math.floor(random() * (480 - side))];
  const frames: Buffer[] = [];
  for (const t of times) {
    const step = steps[Math.min(steps.length - 1, Math.max(0, Math.floor((t - 250) / (segment - 250))))];
    const photo = photos[step] ?? photos.straight;
    const wobble = (random() - 0.5) * 3;
    const s = Math.round(side * (1 + (random() - 0.5) * 0.02));
    const img = await sharp(photo.file)
      .rotate()
      .flop(!!photo.flip)
      .resize(s, s, { fit: 'cover' })
      .rotate(wobble, { background: { r: bg, g: bg - 6, b: bg - 12 } })
      .toBuffer({ resolveWithObject: true });
    const w = Math.min(640, img.info.width);
    const h = Math.min(480, img.info.height);
    const x = Math.max(0, Math.min(640 - w, left + Math.round((random() - 0.5) * 8)));
    const y = Math.max(0, Math.min(480 - h, top + Math.round((random() - 0.5) * 8)));
    frames.push(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: bg, g: bg - 6, b: bg - 12 } } })
        .composite([{ input: await sharp(img.data).extract({ left: 0, top: 0, width: w, height: h }).toBuffer(), left: x, top: y }])
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return { frames, times };
}

/**
 * A recorded genuine burst (its frames and where each step was) cut at its steps and put together in the order of
 * `steps`, with capture times made up at the page's rate: old frames fitted to a new challenge.
 */
export function reorderBurst(recorded: Burst, recordedSteps: readonly string[], steps: readonly string[], random: () => number): Burst {
  const n = recorded.frames.length;
  const parts = recordedSteps.map((_, i) =>
    recorded.frames.slice(Math.floor((i * n) / recordedSteps.length), Math.floor(((i + 1) * n) / recordedSteps.length)),
  );
  const frames = steps.flatMap((s) => parts[recordedSteps.indexOf(s)] ?? []);
  const times = [0];
  for (let i = 1; i < frames.length; i++) times.push(Math.round(times[i - 1] + (1000 / KIOSK_TIMING.fps) * (0.9 + random() * 0.2)));
  return { frames, times };
}
