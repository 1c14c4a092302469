/**
 * What the head does over time (decision 0040): key poses at given times, eased in between, sampled at a camera's
 * frame rate. Angles in degrees with the signs of Human's head pose, which the server's liveness check reads
 * (apps/server/src/face/liveness.ts calls yaw ≤ -15 'left', the person's own left): yaw > 0 moves the nose towards the
 * LEFT edge of an unmirrored frame (measured: stock-emotions-a-2.jpg, nose towards the right edge, yaw -22.4), pitch > 0
 * moves it down. Human reads about half the rendered angle (decision 0040's table), as it does on real turned photos.
 */
export interface Pose {
  yaw: number;
  pitch: number;
  roll: number;
  /** 0 open eyes, 1 closed. */
  blink: number;
  /** 0 neutral, 1 a full smile (mouth corners out and up). */
  smile: number;
  /** 0 closed, 1 open (lower lip and chin down, the mouth's inside dark). */
  mouth: number;
  /** The light on the face, per channel (1 = as photographed): the kiosk screen's colour multiplies it. */
  light: [number, number, number];
  /** Where the person stands: offset right/up and farther from the camera, in face widths. */
  x: number;
  y: number;
  back: number;
}

export const NEUTRAL: Pose = { yaw: 0, pitch: 0, roll: 0, blink: 0, smile: 0, mouth: 0, light: [1, 1, 1], x: 0, y: 0, back: 0 };

export interface Key {
  /** Milliseconds from the start. */
  at: number;
  pose: Partial<Pose>;
}

export type Action = 'straight' | 'left' | 'right' | 'up' | 'down' | 'blink' | 'smile' | 'open';

/**
 * The rendered angles of each action: a clear turn (40°, which Human reads as 17-24° on stock-emotions-a-1, over the
 * server's 15°; other heads need 20-45°, see calibrate.ts) and a nod (15°). 'left' and 'right' are the person's own left and right, the server's step names.
 */
export const ACTION_POSE: Record<Action, Partial<Pose>> = {
  straight: {},
  left: { yaw: -40 },
  right: { yaw: 40 },
  up: { pitch: -15 },
  down: { pitch: 15 },
  blink: { blink: 1 },
  smile: { smile: 1 },
  open: { mouth: 1 },
};

const ease = (t: number) => t * t * (3 - 2 * t);

/** The pose at time t (ms): each key's fields hold until the next key that sets them, eased over the gap. */
export function poseAt(keys: readonly Key[], t: number): Pose {
  const out: Pose = { ...NEUTRAL, light: [...NEUTRAL.light] };
  for (const field of Object.keys(NEUTRAL) as (keyof Pose)[]) {
    const ks = keys.filter((k) => k.pose[field] !== undefined);
    if (!ks.length) continue;
    const after = ks.findIndex((k) => k.at > t);
    if (after === -1) {
      (out as unknown as Record<string, unknown>)[field] = ks[ks.length - 1].pose[field];
      continue;
    }
    if (after === 0) {
      (out as unknown as Record<string, unknown>)[field] = ks[0].pose[field];
      continue;
    }
    const [a, b] = [ks[after - 1], ks[after]];
    const w = ease((t - a.at) / (b.at - a.at));
    const va = a.pose[field] as number | number[];
    const vb = b.pose[field] as number | number[];
    (out as unknown as Record<string, unknown>)[field] = Array.isArray(va)
      ? va.map((x, i) => x + ((vb as number[])[i] - x) * w)
      : va + ((vb as number) - va) * w;
  }
  return out;
}

export interface ScriptTiming {
  /** Time to move into a pose, then time held there (ms). A blink is quicker: it closes and opens in `blinkMs`. */
  moveMs: number;
  holdMs: number;
  blinkMs: number;
}
export const DEFAULT_TIMING: ScriptTiming = { moveMs: 450, holdMs: 700, blinkMs: 300 };

/**
 * Keys for a list of actions, each starting from neutral and going back to it (a person turns left, comes back,
 * blinks...): straight is a held neutral pose. Returns the keys and the script's length in ms.
 */
export function actionsScript(
  actions: readonly Action[],
  timing: ScriptTiming = DEFAULT_TIMING,
  /** Another turn angle (degrees; see `calibrateTurn` in the tests and the bench). */
  turn?: number,
): { keys: Key[]; ms: number } {
  const keys: Key[] = [{ at: 0, pose: { ...NEUTRAL } }];
  let t = 0;
  for (const action of actions) {
    const target = { ...NEUTRAL, ...ACTION_POSE[action] };
    if (turn !== undefined && (action === 'left' || action === 'right')) target.yaw = action === 'left' ? -turn : turn;
    if (action === 'blink') {
      keys.push({ at: t + timing.holdMs / 2, pose: { blink: 0 } }, { at: t + timing.holdMs / 2 + timing.blinkMs / 2, pose: { blink: 1 } });
      keys.push({ at: t + timing.holdMs / 2 + timing.blinkMs, pose: { blink: 0 } });
      t += timing.holdMs + timing.blinkMs;
      continue;
    }
    keys.push({ at: t + timing.moveMs, pose: target }, { at: t + timing.moveMs + timing.holdMs, pose: target });
    t += timing.moveMs + timing.holdMs;
    if (action !== 'straight') {
      keys.push({ at: t + timing.moveMs, pose: { ...NEUTRAL } });
      t += timing.moveMs;
    }
  }
  return { keys, ms: t };
}

/** Capture times (ms) of a camera at `fps` over `ms`. */
export function frameTimes(ms: number, fps: number): number[] {
  return Array.from({ length: Math.floor((ms * fps) / 1000) + 1 }, (_, i) => Math.round((i * 1000) / fps));
}
