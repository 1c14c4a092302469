/**
 * Tests only: a 468-point "face mesh" of a rigid 3-D head (or a flat card) seen by a pinhole camera, for the
 * burst liveness tests and the scripted engine (modules/face/scripted-engine.ts). Each person's head is its own
 * fixed cloud of points on a half ellipsoid; the pose turns it about a pivot behind the face.
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
}

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
function cloud(person: string) {
  let c = clouds.get(person);
  if (!c) {
    const next = rng(`mesh:${person}`);
    c = Array.from({ length: 468 }, () => {
      const x = (next() - 0.5) * 0.9;
      const y = (next() - 0.5) * 1.1;
      // Depth in face widths: the nose region stands out ~0.35 in front of the outline.
      const z = 0.35 * Math.max(0, 1 - (x / 0.5) ** 2 - (y / 0.65) ** 2) ** 0.7;
      return [x, y, z] as [number, number, number];
    });
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
  return cloud(person).map(([x0, y0, z0]) => {
    const z1 = z0 * (1 - (pose.flat ?? 0)) - 0.55;
    // yaw about y (nose to the frame's left for yaw > 0), pitch about x, roll about z.
    let [x, y, z] = [x0 * Math.cos(yaw) + z1 * Math.sin(yaw) * -1, y0, x0 * Math.sin(yaw) + z1 * Math.cos(yaw)];
    [y, z] = [y * Math.cos(pitch) - z * Math.sin(pitch), y * Math.sin(pitch) + z * Math.cos(pitch)];
    [x, y] = [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)];
    const depth = distance - (z + 0.55);
    return [cx + (focal * x) / depth, cy + (focal * y) / depth, z * width];
  });
}

/**
 * The yaw Human would read over a burst of `count` frames following `steps`: 0 straight, -18 / 18 for the person's own
 * left / right, through the front between opposite turns; each pose held briefly and eased to the next.
 */
export function stepYaws(steps: readonly string[], count: number, turn = 18): number[] {
  const target = (s: string) => (s === 'left' ? -turn : s === 'right' ? turn : 0);
  const path: number[] = [0];
  for (const s of steps) {
    const to = target(s);
    if (to !== 0 && path[path.length - 1] === -to) path.push(0);
    path.push(to);
  }
  return Array.from({ length: count }, (_, i) => {
    const x = (i / (count - 1)) * (path.length - 1);
    const k = Math.min(path.length - 2, Math.floor(x));
    const f = Math.min(1, Math.max(0, (x - k - 0.1) / 0.8));
    return Math.round((path[k] + (path[k + 1] - path[k]) * f * f * (3 - 2 * f)) * 10) / 10;
  });
}
