/**
 * Tests only: a 468-point "face mesh" of a rigid 3-D head (or a flat card) seen by a pinhole camera, for the
 * burst liveness tests and the scripted engine (modules/face/scripted-engine.ts). Each person's head is its own
 * fixed cloud of points on a half ellipsoid; the pose turns it about a pivot behind the face. The points events.ts
 * reads (eye corners and lids, lips and mouth corners, the nose tip, the rigid landmarks) sit where a face has them,
 * so a smile, an open mouth or a nod moves them as on a face (decision 0063).
 */
import { createHash } from 'node:crypto';

export interface MeshPose {
  /** Degrees, Human's sign: yaw > 0 moves the nose towards the frame's left edge. */
  yaw?: number;
  pitch?: number;
  roll?: number;
  /** Centre of the face in pixels, and its width in pixels. */
  cx?: number;
  cy?: number;
  width?: number;
  /** 0: a head; 1: the same face printed flat. */
  flat?: number;
  /** Expressions, 0 (at rest) to 1: a smile (mouth corners out and up), the mouth open (lower lip down). */
  smile?: number;
  mouth?: number;
}

/** Where a face has the landmarks events.ts reads (x right, y down, in face widths from the face's centre). */
const PLACED: Record<number, [number, number, number?]> = {
  // eye corners and lids (upper, lower) of both eyes
  33: [-0.32, -0.12],
  133: [-0.12, -0.12],
  362: [0.12, -0.12],
  263: [0.32, -0.12],
  159: [-0.22, -0.145],
  145: [-0.22, -0.095],
  158: [-0.18, -0.14],
  153: [-0.18, -0.1],
  160: [-0.26, -0.14],
  144: [-0.26, -0.1],
  386: [0.22, -0.145],
  374: [0.22, -0.095],
  385: [0.18, -0.14],
  380: [0.18, -0.1],
  387: [0.26, -0.14],
  373: [0.26, -0.1],
  // nose bridge, nose tip (stands out), under the nose, forehead, outline, upper lip
  168: [0, -0.13, 0.06],
  6: [0, -0.05, 0.1],
  1: [0, 0.08, 0.16],
  2: [0, 0.15, 0.08],
  10: [0, -0.5],
  151: [0, -0.4],
  234: [-0.45, -0.05],
  454: [0.45, -0.05],
  127: [-0.43, -0.16],
  356: [0.43, -0.16],
  0: [0, 0.24],
  // inner lips (upper, lower) and the mouth's corners
  13: [0, 0.29],
  14: [0, 0.305],
  82: [-0.05, 0.29],
  87: [-0.05, 0.305],
  312: [0.05, 0.29],
  317: [0.05, 0.305],
  61: [-0.13, 0.3],
  291: [0.13, 0.3],
};
const LOWER_LIP = [14, 87, 317];
const CORNERS = [61, 291];
/** The head's depth at (x, y), face widths: the nose region stands out ~0.35 in front of the outline. */
const depthAt = (x: number, y: number) => 0.35 * Math.max(0, 1 - (x / 0.5) ** 2 - (y / 0.65) ** 2) ** 0.7;

/** A deterministic pseudo-random generator (mulberry32) seeded from a string (the scripted engine uses it too). */
export function rng(seed: string) {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clouds = new Map<string, [number, number, number][]>();
/**
 * `person`'s head: one face's layout (shared, so every person turns alike) with the person's own shape, each point
 * moved up to ±0.05 face widths (two people's meshes differ as much as a photo swap moves them: a jump).
 */
function cloud(person: string) {
  let c = clouds.get(person);
  if (!c) {
    const face = rng('mesh:face');
    const own = rng(`mesh:${person}`);
    c = Array.from({ length: 468 }, () => {
      const x = (face() - 0.5) * 0.9 + (own() - 0.5) * 0.1;
      const y = (face() - 0.5) * 1.1 + (own() - 0.5) * 0.1;
      return [x, y, depthAt(x, y)] as [number, number, number];
    });
    // The landmarks events.ts reads, where a face has them (a person's own few hundredths off).
    for (const [k, [x, y, extra = 0]] of Object.entries(PLACED)) {
      const [dx, dy] = [(own() - 0.5) * 0.02, (own() - 0.5) * 0.02];
      c[Number(k)] = [x + dx, y + dy, depthAt(x, y) + extra];
    }
    clouds.set(person, c);
  }
  return c;
}

/** The mesh (pixels) of `person`'s head in `pose`. */
export function syntheticMesh(person: string, pose: MeshPose = {}): [number, number, number][] {
  const rad = Math.PI / 180;
  const [yaw, pitch, roll] = [(pose.yaw ?? 0) * rad, (pose.pitch ?? 0) * rad, (pose.roll ?? 0) * rad];
  const width = pose.width ?? 200;
  const [cx, cy] = [pose.cx ?? 320, pose.cy ?? 220];
  const distance = 3;
  const focal = width * distance;
  const [smile, mouth] = [pose.smile ?? 0, pose.mouth ?? 0];
  return cloud(person).map(([xr, y0, z0], k) => {
    let [x0, y1] = [xr, y0];
    if (CORNERS.includes(k)) [x0, y1] = [xr * (1 + 0.3 * smile), y0 - 0.035 * smile];
    if (LOWER_LIP.includes(k)) y1 = y0 + 0.07 * mouth;
    const z1 = z0 * (1 - (pose.flat ?? 0)) - 0.55;
    // yaw about y (nose to the frame's left for yaw > 0), pitch about x, roll about z.
    let [x, y, z] = [x0 * Math.cos(yaw) + z1 * Math.sin(yaw) * -1, y1, x0 * Math.sin(yaw) + z1 * Math.cos(yaw)];
    [y, z] = [y * Math.cos(pitch) - z * Math.sin(pitch), y * Math.sin(pitch) + z * Math.cos(pitch)];
    [x, y] = [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)];
    const depth = distance - (z + 0.55);
    return [cx + (focal * x) / depth, cy + (focal * y) / depth, z * width];
  });
}

/** A frame's pose in a scripted burst: the yaw Human would read (the mesh turns twice that), the nod, the expressions. */
export interface StepPose {
  yaw: number;
  pitch: number;
  smile: number;
  mouth: number;
}

/** The pose each step asks for (`turn`: the yaw Human reads for a turn; `nod`: the mesh's pitch for up / down). */
function poseFor(step: string, turn: number, nod: number): StepPose {
  const rest = { yaw: 0, pitch: 0, smile: 0, mouth: 0 };
  if (step === 'left') return { ...rest, yaw: -turn };
  if (step === 'right') return { ...rest, yaw: turn };
  if (step === 'up') return { ...rest, pitch: nod };
  if (step === 'down') return { ...rest, pitch: -nod };
  if (step === 'smile') return { ...rest, smile: 1 };
  if (step === 'mouth') return { ...rest, mouth: 1 };
  return rest;
}

/**
 * A person following `steps` over a burst of `count` frames, as the kiosk page asks (decision 0063): facing the
 * screen first, then each step in turn (through the front between opposite turns), each pose held briefly and eased
 * to the next. Yaw as Human reads it: 0 straight, -18 / 18 for the person's own left / right.
 */
export function stepPoses(steps: readonly string[], count: number, turn = 18, nod = 25): StepPose[] {
  const rest = poseFor('straight', turn, nod);
  const path: StepPose[] = [rest, rest];
  for (const s of steps) {
    const to = poseFor(s, turn, nod);
    const last = path[path.length - 1];
    // The front between opposite turns (the page asks for it) and between opposite nods.
    if ((to.yaw !== 0 && last.yaw === -to.yaw) || (to.pitch !== 0 && last.pitch === -to.pitch)) path.push(rest);
    path.push(to);
  }
  const keys = Object.keys(rest) as (keyof StepPose)[];
  return Array.from({ length: count }, (_, i) => {
    const x = (i / (count - 1)) * (path.length - 1);
    const k = Math.min(path.length - 2, Math.floor(x));
    const f = Math.min(1, Math.max(0, x - k));
    const e = f * f * (3 - 2 * f);
    return Object.fromEntries(keys.map((key) => [key, Math.round((path[k][key] + (path[k + 1][key] - path[k][key]) * e) * 100) / 100])) as unknown as StepPose;
  });
}

/** The yaw Human would read over a burst of `count` frames following `steps` (stepPoses' yaws). */
export function stepYaws(steps: readonly string[], count: number, turn = 18): number[] {
  return stepPoses(steps, count, turn).map((p) => Math.round(p.yaw * 10) / 10);
}
