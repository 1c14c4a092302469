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
import { greyOf, settleDense, THUMB, TURN_GAP_MS, TURN_RETURN_MS, thinFrames } from '../../../apps/web/src/features/face/camera/thin.js';
import { KIOSK_TIMING as PAGE } from '../../../apps/web/src/features/face/kiosk/pace.js';
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
  /**
   * The rate inside a turn's window (`dense`): the page takes every camera frame TURN_GAP_MS apart (decision 0086), so
   * a 30 fps camera's every second frame: 15 fps. Default `fps`.
   */
  turnFps?: number;
}
/** The kiosk's camera, frames per second (a webcam's usual rate). */
const CAMERA_FPS = 30;
export const KIOSK_TIMING: Timing = {
  fps: 6,
  maxFrames: FACE_LIMITS.maxFrames,
  lateShare: 0.1,
  turnFps: CAMERA_FPS / Math.ceil((TURN_GAP_MS * CAMERA_FPS) / 1000),
};

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
  return thinTimes(recordTimes(ms, random, timing, dense), timing.maxFrames, dense);
}

/** Capture times over `ms` as the page records them (the turns' windows at the turn rate), before thinning. */
export function recordTimes(ms: number, random: () => number, timing: Timing = KIOSK_TIMING, dense: Windows = []): number[] {
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
  return times;
}

/** The page's thumbnail of a frame for its motion measure (thin.ts THUMB), from the frame's JPEG. */
export async function thumbOf(jpeg: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(jpeg).resize(THUMB.width, THUMB.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return greyOf(data);
}

/** Whether the bench settles its recordings as an offline kiosk's page does (`BENCH_SETTLE=1`); the online page does not. */
const SETTLE = process.env.BENCH_SETTLE === '1';

/**
 * What the page sends of a recording (decision 0085): every frame at `times` (`frameAt`, in time order), each with its
 * thumbnail, the turns' windows settled to where the picture moves, thinned to `max` (thin.ts `settleDense`,
 * `thinFrames`). The camera sees whatever is in front of it: genuine heads and attacks go through the same.
 */
export async function recordAndThin(
  times: readonly number[],
  dense: Windows,
  frameAt: (t: number) => Promise<Buffer>,
  max = KIOSK_TIMING.maxFrames,
): Promise<Burst> {
  const recorded = [];
  for (const t of times) {
    const frame = await frameAt(t);
    recorded.push({ t, dense: within(t, dense), frame, thumb: await thumbOf(frame) });
  }
  // The page settles only a burst without the screen's colour sequence (decision 0085's amendment); the bench's
  // bursts model an online kiosk, which has one.
  const sent = thinFrames(SETTLE ? settleDense(recorded) : recorded, max);
  return { frames: sent.map((f) => f.frame), times: sent.map((f) => f.t) };
}

/** The page's thinning (thin.ts) of capture times, frames inside `dense` kept close. */
export function thinTimes(times: readonly number[], max: number, dense: Windows = []): number[] {
  const frames = times.map((t) => ({ t, dense: within(t, dense) }));
  return thinFrames(frames, max).map((f) => f.t);
}

/** Photo swaps (photoPairBurst): a photo is up ~0.5 s after its prompt and held. */
export const QUICK = { moveMs: 500, holdMs: 400, betweenMs: 250 };

/**
 * A person (or a hand) following the kiosk page's prompts (decision 0085): after `reactMs` the move starts, and takes
 * `moveMs`; the page (useKioskFlow, its pace in kiosk/pace.ts) shows a smile or an open mouth for its `moveMs`
 * (`moveAfterTurnMs` right after a turn), a turn until its guidance has seen it (`seenMs` after the head got there,
 * never past `turnTimeoutMs`) and then `holdMs`,
 * and asks for the front between opposite turns. The page faces the person to the screen for `restMs` before the
 * first prompt: the server's baseline for smiles, mouths and nods. Until stop 42 the bench asked the first step at
 * 250 ms and the head started moving at 0, so a smile asked first was already half there in the baseline's frames.
 */
export const PERSON = { reactMs: [300, 600], moveMs: [450, 550], seenMs: [100, 300] } as const;

const draw = (random: () => number, [a, b]: readonly [number, number]) => a + random() * (b - a);
const TURN_STEPS = ['left', 'right'];
const opposite = (a: string | undefined, b: string) => a !== undefined && a !== b && TURN_STEPS.includes(a) && TURN_STEPS.includes(b);

/** The key poses of someone following `steps` at the page's pace (`poseFor`: the pose that answers a step). */
export function follow(
  steps: readonly string[],
  front: Pose,
  poseFor: (step: string) => Pose,
  random: () => number,
): { keys: Key[]; ms: number; dense: Windows } {
  const keys: Key[] = [{ at: 0, pose: front }];
  let [t, free, now] = [PAGE.restMs, 0, front];
  const moveTo = (prompt: number, pose: Pose) => {
    const start = Math.max(free, prompt + draw(random, PERSON.reactMs));
    free = start + draw(random, PERSON.moveMs);
    keys.push({ at: start, pose: now }, { at: free, pose });
    now = pose;
    return free;
  };
  // Where the page records densely (useKioskFlow: `recorder.turning`): from a turn's prompt (or the front's, between
  // opposite turns) until its guidance has seen the turn; the head coming back, TURN_RETURN_MS from the next prompt.
  const dense: [number, number][] = [];
  for (const [k, step] of steps.entries()) {
    const turn = TURN_STEPS.includes(step);
    const afterTurn = TURN_STEPS.includes(steps[k - 1] ?? '');
    if (opposite(steps[k - 1], step)) {
      // The front between opposite turns: shown until the guidance sees it, within the page's bounds.
      dense.push([t, Number.POSITIVE_INFINITY]);
      const back = moveTo(t, front);
      t += Math.min(PAGE.frontMaxMs, Math.max(PAGE.frontMinMs, back + draw(random, PERSON.seenMs) - t));
    } else if (turn) dense.push([t, Number.POSITIVE_INFINITY]);
    else if (afterTurn) dense.push([t, t + PAGE.turnReturnMs]);
    const reached = moveTo(t, poseFor(step));
    if (turn) {
      const seen = reached + draw(random, PERSON.seenMs);
      // Seen within the page's wait: the turn is held and no longer dense; else the page moves on with it open.
      if (seen <= t + PAGE.turnTimeoutMs) dense[dense.length - 1][1] = seen;
      t = Math.min(seen, t + PAGE.turnTimeoutMs) + PAGE.holdMs;
    } else t += afterTurn ? PAGE.moveAfterTurnMs : PAGE.moveMs;
  }
  return { keys, ms: t + PAGE.tailMs, dense: merged(dense) };
}

/** Overlapping or touching windows as one. */
const merged = (ws: readonly (readonly [number, number])[]): Windows =>
  ws.reduce<[number, number][]>((out, [a, b]) => {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
    return out;
  }, []);

/** Key poses for the steps: each step reached and held, the head back to the front before a turn to the other side. */
export function stepKeys(steps: readonly string[], turn: number, base: Partial<Pose>, random: () => number): { keys: Key[]; ms: number; dense: Windows } {
  const front = { ...NEUTRAL, ...base } as Pose;
  return follow(
    steps,
    front,
    (step) => {
      // The server's step 'mouth' is the head's action 'open'.
      const pose = { ...front, ...ACTION_POSE[(step === 'mouth' ? 'open' : step) as Action] };
      if (step === 'left' || step === 'right') pose.yaw = step === 'left' ? -turn : turn;
      return pose;
    },
    random,
  );
}

/** What the page sends of `renderer` following `keys` for `ms` (recordAndThin: every capture time rendered). */
export async function renderBurst(renderer: HeadRenderer, keys: readonly Key[], ms: number, dense: Windows, random: () => number): Promise<Burst> {
  return recordAndThin(recordTimes(ms, random, KIOSK_TIMING, dense), dense, async (t) => jpegOf(await renderer.render(poseAt(keys, t)), 85));
}

/** Where a person stands this time: a little across, up, farther, a little roll, the room's light. */
export function moment(random: () => number): Partial<Pose> {
  const light = 0.88 + random() * 0.24;
  return { x: (random() - 0.5) * 0.6, y: (random() - 0.5) * 0.3, back: random() * 0.5, roll: (random() - 0.5) * 6, light: [light, light, light] };
}

/** A genuine burst: the head follows the steps. */
export async function genuineBurst(renderer: HeadRenderer, steps: readonly string[], turn: number, random: () => number): Promise<Burst> {
  const turnNow = turn + random() * 5;
  const { keys, ms, dense } = stepKeys(steps, turnNow, moment(random), random);
  return renderBurst(renderer, keys, ms, dense, random);
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
  const front = { ...NEUTRAL, ...base } as Pose;
  return follow(
    steps,
    front,
    (step) => {
      const side = step === 'left' ? -1 : step === 'right' ? 1 : 0;
      const pose: Pose = { ...front };
      const a = turn * (0.8 + random() * 0.4);
      if (wave === 'perspective' || wave === 'curved') Object.assign(pose, { yaw: side * a, pitch: (random() - 0.5) * 16 });
      if (wave === 'affine') Object.assign(pose, { x: (base.x ?? 0) + side * 0.5, yaw: side * a * 0.3, back: 1.5 });
      if (wave === 'rotation') Object.assign(pose, { roll: side * 25 + (random() - 0.5) * 10, yaw: side * a * 0.5 });
      if (wave === 'scale') Object.assign(pose, { back: (base.back ?? 0) + (side ? 0.8 : -0.3), yaw: side * a });
      return pose;
    },
    random,
  );
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
