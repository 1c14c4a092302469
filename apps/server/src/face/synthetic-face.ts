/**
 * A synthetic face mesh for the events tests (events.test.ts): the landmarks events.ts reads, placed on a 3-D face
 * (units: the distance between the eyes' centres; x to the image's right, y down, z towards the camera), moved by a
 * head pose or flattened into a print, deformed by a blink, a smile or an open mouth, and projected with perspective
 * into image pixels, as Human's 468-point mesh is. Every other index sits on a coarse shell so the mesh is complete.
 */
export interface SyntheticPose {
  /** Degrees; Human's signs: yaw > 0 moves the nose to the frame's left, pitch > 0 moves it down (looking down). */
  yaw?: number;
  pitch?: number;
  roll?: number;
  /** 0-1. */
  blink?: number;
  smile?: number;
  mouth?: number;
  /** Pixels between the eyes' centres; the face's centre in the image. */
  scale?: number;
  x?: number;
  y?: number;
  /** A flat print of the face (depth removed), held at the given tilt/turn (perspective included). */
  flat?: boolean;
}

const POINTS: Record<number, [number, number, number]> = {
  33: [-0.72, 0, -0.05],
  133: [-0.28, 0, 0],
  362: [0.28, 0, 0],
  263: [0.72, 0, -0.05],
  159: [-0.5, -0.07, 0.02],
  145: [-0.5, 0.07, 0.02],
  158: [-0.4, -0.065, 0.02],
  153: [-0.4, 0.06, 0.02],
  160: [-0.6, -0.065, 0.01],
  144: [-0.6, 0.06, 0.01],
  386: [0.5, -0.07, 0.02],
  374: [0.5, 0.07, 0.02],
  385: [0.4, -0.065, 0.02],
  380: [0.4, 0.06, 0.02],
  387: [0.6, -0.065, 0.01],
  373: [0.6, 0.06, 0.01],
  168: [0, -0.05, 0.15],
  6: [0, 0.1, 0.25],
  1: [0, 0.55, 0.55],
  2: [0, 0.65, 0.4],
  10: [0, -0.9, 0.1],
  151: [0, -0.65, 0.15],
  234: [-1.1, 0.2, -0.6],
  454: [1.1, 0.2, -0.6],
  127: [-1.05, -0.1, -0.6],
  356: [1.05, -0.1, -0.6],
  0: [0, 0.85, 0.35],
  13: [0, 0.92, 0.3],
  14: [0, 0.94, 0.3],
  82: [-0.1, 0.92, 0.29],
  87: [-0.1, 0.94, 0.29],
  312: [0.1, 0.92, 0.29],
  317: [0.1, 0.94, 0.29],
  61: [-0.35, 0.95, 0.15],
  291: [0.35, 0.95, 0.15],
};
const UPPER_LIDS = [159, 158, 160, 386, 385, 387];
const LOWER_INNER_LIPS = [14, 87, 317];

/** The 468 points of the face at rest. */
export function restFace(): [number, number, number][] {
  return Array.from({ length: 468 }, (_, i) => {
    const known = POINTS[i];
    if (known) return [...known] as [number, number, number];
    const a = (i * 2.399963) % (Math.PI * 2);
    const r = 0.3 + ((i * 7) % 10) / 12;
    return [Math.cos(a) * r, 0.2 + Math.sin(a) * r * 1.2, -0.2 - r * 0.3];
  });
}

/** The mesh as the camera sees it (image pixels, 640x480 frame, focal 600 px, the face 6 units away). */
export function syntheticMesh(pose: SyntheticPose = {}, rest = restFace()): [number, number, number][] {
  const rad = Math.PI / 180;
  const [yaw, pitch, roll] = [(pose.yaw ?? 0) * rad, (pose.pitch ?? 0) * rad, (pose.roll ?? 0) * rad];
  const scale = pose.scale ?? 100;
  const distance = (600 / scale) * 1; // the distance at which one unit is `scale` pixels
  return rest.map((p, i) => {
    let [x, y, z] = p;
    if (UPPER_LIDS.includes(i)) y += 0.13 * (pose.blink ?? 0);
    if (i === 61 || i === 291) {
      x += Math.sign(x) * 0.07 * (pose.smile ?? 0);
      y -= 0.06 * (pose.smile ?? 0);
    }
    if (LOWER_INNER_LIPS.includes(i)) y += 0.3 * (pose.mouth ?? 0);
    if (pose.flat) z = 0;
    // Rotate about a pivot behind the face: pitch (about x: positive moves the nose down), yaw (about y: positive
    // moves the nose to the image's left), roll (in the image plane).
    z += 0.8;
    [y, z] = [y * Math.cos(pitch) + z * Math.sin(pitch), -y * Math.sin(pitch) + z * Math.cos(pitch)];
    [x, z] = [x * Math.cos(yaw) - z * Math.sin(yaw), x * Math.sin(yaw) + z * Math.cos(yaw)];
    [x, y] = [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)];
    z -= 0.8;
    const depth = distance - z;
    return [(pose.x ?? 320) + (600 * x) / depth, (pose.y ?? 240) + (600 * y) / depth, -z * scale];
  });
}

/** Adds the frame-to-frame jitter of a face mesh (sd in pixels), deterministically from `seed`. */
export function jitter(mesh: [number, number, number][], sd: number, seed: number): [number, number, number][] {
  let s = seed % 2147483647 || 1;
  const next = () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
  const g = () => (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return mesh.map(([x, y, z]) => [x + g() * sd, y + g() * sd, z]);
}

/**
 * A mesh as it moves when the PICTURE it was found on is moved: every point on one plane (the print or the phone's
 * screen), rotated in 3-D about the picture's centre (degrees: tilt about the horizontal axis, turn about the vertical
 * one, roll in the image), scaled, shifted, and seen with perspective (focal 600 px, the picture 600 px away).
 */
export function asPrint(
  mesh: readonly (readonly number[])[],
  p: { tilt?: number; turn?: number; roll?: number; scale?: number; dx?: number; dy?: number },
  centre: [number, number] = [320, 240],
): [number, number, number][] {
  const rad = Math.PI / 180;
  const [t, u, r] = [(p.tilt ?? 0) * rad, (p.turn ?? 0) * rad, (p.roll ?? 0) * rad];
  const f = 600;
  return mesh.map(([mx, my, mz]) => {
    let [x, y, z] = [(mx - centre[0]) * (p.scale ?? 1), (my - centre[1]) * (p.scale ?? 1), 0];
    [y, z] = [y * Math.cos(t) - z * Math.sin(t), y * Math.sin(t) + z * Math.cos(t)];
    [x, z] = [x * Math.cos(u) + z * Math.sin(u), -x * Math.sin(u) + z * Math.cos(u)];
    [x, y] = [x * Math.cos(r) - y * Math.sin(r), x * Math.sin(r) + y * Math.cos(r)];
    const depth = f + z;
    return [centre[0] + (p.dx ?? 0) + (f * x) / depth, centre[1] + (p.dy ?? 0) + (f * y) / depth, mz];
  });
}
