/**
 * Tracking a recording's face from frame to frame (decision 0081). Human's detector (blazeface) is about 70 % of a lite
 * frame's time; its mesh model only needs a square crop around the face. In a run of consecutive frames (`analyzeRun`)
 * a frame after one with exactly one face gets its crop from that face instead of from the detector: Human's own mesh
 * step (crop, resize to 192, mesh model, back to image pixels, head angles), run twice, first around the previous
 * frame's face, then around where the first pass found it, so the crop is centred as a detector's would be. The crop's
 * side is the detected one times the change of the mesh's size. The result is taken only when it holds (`TRACK`);
 * otherwise the frame runs the detector. A described frame is tracked too (decision 0082): Human's antispoof and
 * liveness then run on the track's crop (`createScoreStep`), and the descriptor on the tracked face's box.
 */
import type { AnalyzeOptions } from './engine.js';
import type { HumanFace, Tensor, Tf } from './runtime.js';

/**
 * When a tracked face is taken: the mesh model is at least `minConfidence` sure (Human's own floor), its centre moved
 * at most `maxShift` of the crop's side from the previous frame's, and its size (the mesh's spread) is within
 * `minScale`-`maxScale` of the detected frame's; a first pass that found the face more than `maxShift` off its crop's
 * centre, or a second pass that did not find it where the first did (within twice `recentre`), is not taken either.
 * Otherwise the frame runs the detector: a photo swapped or jerked into another place or size is found by the
 * detector, as before.
 */
export const TRACK = { minConfidence: 0.5, maxShift: 0.15, minScale: 0.85, maxScale: 1.18, recentre: 0.02 };

/** Where a run's next frame looks: the crop side of the run's detected face, its mesh spread, the previous face. */
export interface Seed {
  side: number;
  spread: number;
  centre: [number, number];
  scale: number;
  /** The face's move from the frame before the previous one (pixels), to centre the next crop where it will be. */
  velocity: [number, number];
}

/** The centre of the mesh's bounding box (as Human centres its box) and the mean distance of its points from it. */
export function meshShape(mesh: number[][]): { centre: [number, number]; spread: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < 468; k++) {
    const [x, y] = mesh[k];
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const centre: [number, number] = [(x0 + x1) / 2, (y0 + y1) / 2];
  let spread = 0;
  for (let k = 0; k < 468; k++) spread += Math.hypot(mesh[k][0] - centre[0], mesh[k][1] - centre[1]);
  return { centre, spread: spread / 468 };
}

/** The seed a detected face gives the next frame, when its box is Human's whole square crop (not cut by the edge). */
export function seedOf(face: HumanFace): Seed | null {
  if (!face.mesh || face.mesh.length < 468 || Math.abs(face.box[2] - face.box[3]) > 1) return null;
  const { centre, spread } = meshShape(face.mesh);
  return { side: Math.max(face.box[2], face.box[3]), spread, centre, scale: 1, velocity: [0, 0] };
}

type Vec = [number, number, number];
const normalize = (v: Vec): Vec => {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
};
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Human's head angles from the mesh (its face/angles.ts `calculateFaceAngle`, without the gaze): radians. */
export function meshAngles(mesh: number[][], side: number, inputSize: number): { pitch: number; yaw: number; roll: number } {
  const size = side / 1.5;
  const [top, bottom, left, right] = [mesh[10], mesh[152], mesh[234], mesh[454]].map((p): Vec => [p[0] / size, p[1] / size, p[2] / inputSize]);
  const y = normalize([bottom[0] - top[0], bottom[1] - top[1], bottom[2] - top[2]]);
  let x = normalize([right[0] - left[0], right[1] - left[1], right[2] - left[2]]);
  const z = normalize(cross(x, y));
  x = cross(y, z);
  const [r00, r10, r11, r12, r20] = [x[0], y[0], y[1], y[2], z[0]];
  let [tx, ty, tz] = [0, 0, 0];
  if (r10 < 1 && r10 > -1) {
    tz = Math.atan2(r10, Math.sqrt(r00 * r00 + r20 * r20));
    ty = Math.atan2(-r20, r00);
    tx = Math.atan2(-r12, r11);
  } else if (r10 <= -1) {
    tz = -Math.PI / 2;
    ty = -Math.atan2(z[1], z[2]);
  } else {
    tz = Math.PI / 2;
    ty = Math.atan2(z[1], z[2]);
  }
  const clean = (v: number) => (Number.isNaN(v) ? 0 : -v);
  return { pitch: clean(tx), yaw: clean(ty), roll: clean(tz) };
}

/** A tfjs graph model of Human's, and the side of its square input. */
type Model = { execute(input: Tensor): Tensor | Tensor[]; inputs: { shape?: number[] }[] };
const inputOf = (model: Model) => model.inputs[0]?.shape?.[2] ?? 192;

/** Human's mesh step on a square crop of `side` around `centre`, in pixels of `image` (float, [1, h, w, 3]). */
export function createMeshStep(tf: Tf, model: Model) {
  const inputSize = inputOf(model);
  return async function meshAt(image: Tensor, centre: [number, number], side: number): Promise<HumanFace | null> {
    const [h, w] = [image.shape[1]!, image.shape[2]!];
    const half = side / 2;
    const results = tf.tidy(() => {
      const out = model.execute(cropOf(tf, image, { centre, side }, inputSize));
      return Array.isArray(out) ? out : [out];
    });
    try {
      const confidence = results.find((t) => t.shape.at(-1) === 1);
      const points = results.find((t) => t.shape.at(-1) === 1404);
      if (!confidence || !points) return null;
      const score = Math.round(100 * (await confidence.data())[0]) / 100;
      if (score < TRACK.minConfidence) return null;
      const raw = await points.data();
      const k = side / inputSize;
      const mesh: [number, number, number][] = [];
      for (let i = 0; i < 468; i++) {
        const [px, py, pz] = [raw[i * 3], raw[i * 3 + 1], raw[i * 3 + 2]];
        mesh.push([Math.trunc(k * (px - inputSize / 2) + centre[0]), Math.trunc(k * (py - inputSize / 2) + centre[1]), Math.trunc(pz)]);
      }
      const { centre: c } = meshShape(mesh);
      const [bx0, by0, bx1, by1] = [c[0] - half, c[1] - half, c[0] + half, c[1] + half];
      const box: [number, number, number, number] = [
        Math.trunc(Math.max(0, bx0)),
        Math.trunc(Math.max(0, by0)),
        Math.trunc(Math.min(w, bx1) - Math.max(0, bx0)),
        Math.trunc(Math.min(h, by1) - Math.max(0, by0)),
      ];
      return { box, score, boxScore: score, faceScore: score, mesh, rotation: { angle: meshAngles(mesh, side, inputSize) } };
    } finally {
      tf.dispose(results);
    }
  };
}

/**
 * Human's antispoof and liveness on the crop the mesh step read (its face/antispoof.ts and liveness.ts: the face
 * tensor, which is the mesh's 192×192 crop divided by 255, resized bilinearly to each model's input; the score rounded
 * to 0.01). For a tracked described frame (decision 0082): the same scores Human gives a detected one, on the crop the
 * track found.
 */
export function createScoreStep(tf: Tf, models: { facemesh: Model; antispoof: Model; liveness: Model }) {
  const meshInput = inputOf(models.facemesh);
  return async function scoresAt(image: Tensor, crop: Crop): Promise<{ real: number; live: number }> {
    const outs = tf.tidy(() => {
      const face = cropOf(tf, image, crop, meshInput);
      return [models.antispoof, models.liveness].map((m) => {
        const side = inputOf(m);
        const out = m.execute(tf.image.resizeBilinear(face as never, [side, side], false));
        return Array.isArray(out) ? out[0] : out;
      });
    });
    try {
      const [real, live] = await Promise.all(outs.map(async (t) => Math.round(100 * (await t.data())[0]) / 100));
      return { real, live };
    } finally {
      tf.dispose(outs);
    }
  };
}

/** A square crop of an image: its centre and side, in pixels. */
export interface Crop {
  centre: [number, number];
  side: number;
}

/** The crop resized to size×size and divided by 255 (Human's cutAndResize), [1, size, size, 3]. */
function cropOf(tf: Tf, image: Tensor, { centre, side }: Crop, size: number): Tensor {
  const [h, w] = [image.shape[1]!, image.shape[2]!];
  const half = side / 2;
  const [x0, y0, x1, y1] = [centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half];
  return tf.div(tf.image.cropAndResize(image as never, [[y0 / h, x0 / w, y1 / h, x1 / w]], [0], [size, size]), 255);
}

/**
 * A tracked frame: twice Human's mesh step (around the previous face, then around where the first pass found it);
 * the face and the next frame's seed when it holds (`TRACK`), else null (the frame then runs the detector).
 */
export async function track(
  meshAt: (image: Tensor, centre: [number, number], side: number) => Promise<HumanFace | null>,
  image: Tensor,
  seed: Seed,
): Promise<{ face: HumanFace; next: Seed; crop: Crop } | null> {
  const aim: [number, number] = [seed.centre[0] + seed.velocity[0], seed.centre[1] + seed.velocity[1]];
  const side = seed.side * seed.scale;
  let crop: Crop = { centre: aim, side };
  let face = await meshAt(image, aim, side);
  if (!face?.mesh) return null;
  let found = meshShape(face.mesh);
  const off = (a: [number, number], b: [number, number], across: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) / across;
  // Far off the crop's centre, the mesh read a face cut by the crop's edge: not to be trusted.
  if (off(found.centre, aim, side) > TRACK.maxShift) return null;
  if (off(found.centre, aim, side) > TRACK.recentre || Math.abs(found.spread / seed.spread / seed.scale - 1) > TRACK.recentre * 2) {
    // Off the crop's centre or size: once more around where it is (a detector pass costs about three mesh passes).
    crop = { centre: found.centre, side: seed.side * (found.spread / seed.spread) };
    face = await meshAt(image, crop.centre, crop.side);
    if (!face?.mesh) return null;
    found = meshShape(face.mesh);
    // The second pass must agree with the first: a face found where the crop was centred.
    if (off(found.centre, crop.centre, crop.side) > TRACK.recentre * 2) return null;
  }
  const { centre, spread } = found;
  const scale = spread / seed.spread;
  if (Math.hypot(centre[0] - seed.centre[0], centre[1] - seed.centre[1]) / seed.side > TRACK.maxShift) return null;
  if (!(scale >= TRACK.minScale && scale <= TRACK.maxScale)) return null;
  return { face, crop, next: { ...seed, centre, scale, velocity: [centre[0] - seed.centre[0], centre[1] - seed.centre[1]] } };
}

/**
 * The most frames of one run. A 32-frame burst is two runs, one per worker of a 2-core machine (decision 0082); each
 * cut costs a detector pass.
 */
export const RUN_FRAMES = 16;

/**
 * A recording's frames cut into runs for `analyzeRun`: a run starts at the first frame and after `max` frames
 * (decision 0082: a described frame no longer starts one, it is tracked too). Indices, in order.
 */
export function runsOf(options: AnalyzeOptions[], max = RUN_FRAMES): number[][] {
  const runs: number[][] = [];
  for (const i of options.keys()) {
    const last = runs.at(-1);
    if (!last || last.length >= max) runs.push([i]);
    else last.push(i);
  }
  return runs;
}
