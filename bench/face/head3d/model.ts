/**
 * A textured 3-D head from one frontal photo (decision 0040): Human's 468-point face mesh (with depth) on the
 * photo, its triangulation, the photo itself as the texture (each vertex samples the pixel it was found at),
 * plus what a single mesh lacks to look like a head on camera:
 *  - the mouth opening filled (Human's triangulation leaves it a hole), with a centre vertex that darkens
 *    when the mouth opens;
 *  - two rings beyond the face outline, pushed back in depth (cheeks, ears, hair and neck falling away), so a
 *    turned head has a silhouette, not a cut-out mask edge;
 *  - three displacement fields the renderer scales per frame: `blink` (upper eyelids onto the lower ones),
 *    `smile` (mouth corners out and up) and `mouth` (lower lip and chin down).
 * Units: the face width (outline point 234 to 454) is 1; x right, y up, z towards the camera, origin at the
 * rotation centre (the middle of the face outline, `PIVOT_DEPTH` behind it: roughly the neck).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { HUMAN_CONFIG } from '../../../apps/server/src/face/engine.js';
import { loadLibraries } from '../../../apps/server/src/face/runtime.js';

/** Indices in the 468-point mesh (MediaPipe's, the names of Human's `face.annotations`; checked on the fixtures). */
export const MESH = {
  silhouette: [
    10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21,
    54, 103, 67, 109,
  ],
  rightEyeUpper0: [246, 161, 160, 159, 158, 157, 173],
  rightEyeLower0: [33, 7, 163, 144, 145, 153, 154, 155, 133],
  rightEyeUpper1: [247, 30, 29, 27, 28, 56, 190],
  rightEyeUpper2: [113, 225, 224, 223, 222, 221, 189],
  leftEyeUpper0: [466, 388, 387, 386, 385, 384, 398],
  leftEyeLower0: [263, 249, 390, 373, 374, 380, 381, 382, 362],
  leftEyeUpper1: [467, 260, 259, 257, 258, 286, 414],
  leftEyeUpper2: [342, 445, 444, 443, 442, 441, 413],
  lipsUpperInner: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308],
  lipsLowerInner: [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308],
  lipsLowerOuter: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291],
  mouthCorners: [61, 291, 78, 308],
  chin: 152,
  noseTip: 1,
  faceRight: 234,
  faceLeft: 454,
} as const;

/**
 * Human's depth has no fixed scale: nose tip to the outline points 234/454 measured 0.19 face widths on
 * stock-emotions-a-1 and far more on smaller faces (a turned render then grew a beak). On a real head those
 * points sit near the ears, ≈ 0.55-0.6 face widths behind the nose tip: every head's depth is scaled to this.
 */
export const NOSE_DEPTH = 0.57;
/** The rotation centre behind the face outline, in face widths. */
export const PIVOT_DEPTH = 0.55;
/** The rings beyond the outline: [scale from the face centre, pushed back by, in face widths]. */
const RINGS: [number, number, number][] = [
  [1.16, 0.22, 1],
  [1.42, 0.6, 1],
  // The last ring fades into the wall (alpha 0): no cut-out edge.
  [1.7, 0.95, 0],
];

export interface HeadModel {
  /** The texture: the photo as JPEG. */
  texture: Buffer;
  textureWidth: number;
  textureHeight: number;
  /** xyz per vertex (face widths). */
  positions: Float32Array;
  /** Texture coordinates per vertex (0-1, y down as in the photo). */
  uvs: Float32Array;
  /** Displacements per vertex (xyz) at full blink, smile and open mouth. */
  blink: Float32Array;
  smile: Float32Array;
  mouth: Float32Array;
  /** 1 on the mouth's inner centre vertex (darkened as the mouth opens), else 0. */
  dark: Float32Array;
  /** Opacity per vertex (the outer ring fades into the wall). */
  alpha: Float32Array;
  indices: Uint16Array;
  /** The photo's face, for reference: its width in pixels and the file. */
  faceWidthPx: number;
  source: string;
}

type P3 = [number, number, number];

interface Detected {
  mesh: P3[];
  triangulation: number[];
  width: number;
  height: number;
  jpeg: Buffer;
}

type HumanLike = { load(): Promise<void>; detect(t: unknown): Promise<{ face: { mesh: P3[]; box: number[] }[] }>; faceTriangulation: number[] };
const humans = new Map<boolean, Promise<{ human: HumanLike; tf: Awaited<ReturnType<typeof loadLibraries>>['tf'] }>>();

/**
 * One Human per process and setting, with the server's configuration on the server's tfjs wasm runtime; `iris`
 * adds Human's iris model, which also refines the eyelid points (the server's configuration has it off).
 */
function human(iris = false) {
  let h = humans.get(iris);
  if (!h) {
    h = (async () => {
      const libs = await loadLibraries();
      const config = structuredClone(HUMAN_CONFIG) as unknown as { face: Record<string, unknown> };
      config.face.iris = { enabled: iris };
      const instance = new libs.Human(config as unknown as Record<string, unknown>) as unknown as HumanLike;
      await instance.load();
      return { human: instance, tf: libs.tf };
    })();
    humans.set(iris, h);
  }
  return h;
}

/** The largest face's 468-point mesh (pixels of the image; z: depth, negative towards the camera), or null. */
export async function meshOf(image: Buffer, opts: { iris?: boolean } = {}): Promise<{ mesh: P3[]; width: number; height: number; rgb: Buffer } | null> {
  const { human: h, tf } = await human(opts.iris);
  const { data, info } = await sharp(image)
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = tf.tensor4d(new Float32Array(data), [1, info.height, info.width, 3], 'float32');
  let faces: { mesh: P3[]; box: number[] }[];
  try {
    faces = (await h.detect(tensor)).face;
  } finally {
    tensor.dispose();
  }
  const face = faces.filter((f) => f.mesh.length >= 468).sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
  return face ? { mesh: face.mesh.slice(0, 468), width: info.width, height: info.height, rgb: data } : null;
}

/**
 * Eye openness from a mesh: the lid gap (upper to lower lid at the eye's middle) over the eye's width, the mean
 * of both eyes (open eyes of the fixture heads: 0.31-0.36).
 */
export function eyeOpenness(mesh: P3[]): number {
  const gap = (a: number, b: number) => Math.hypot(mesh[a][0] - mesh[b][0], mesh[a][1] - mesh[b][1]);
  return (gap(159, 145) / gap(33, 133) + gap(386, 374) / gap(263, 362)) / 2;
}

/** Mouth openness: the inner lips' gap over the mouth's width. */
export function mouthOpenness(mesh: P3[]): number {
  const gap = (a: number, b: number) => Math.hypot(mesh[a][0] - mesh[b][0], mesh[a][1] - mesh[b][1]);
  return gap(13, 14) / gap(61, 291);
}

async function detect(file: string): Promise<Detected> {
  const found = await meshOf(readFileSync(file));
  if (!found) throw new Error(`head3d: no face mesh in ${file}`);
  const jpeg = await sharp(found.rgb, { raw: { width: found.width, height: found.height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { mesh: found.mesh, triangulation: (await human()).human.faceTriangulation, width: found.width, height: found.height, jpeg };
}

/** Builds the head from a frontal photo (the face should look at the camera: its render at yaw 0 is the enrolment). */
export async function buildHead(file: string): Promise<HeadModel> {
  const { mesh, triangulation, width, height, jpeg } = await detect(file);
  const [r, l] = [mesh[MESH.faceRight], mesh[MESH.faceLeft]];
  const faceWidthPx = Math.hypot(l[0] - r[0], l[1] - r[1]);
  const sil = MESH.silhouette.map((i) => mesh[i]);
  const cx = sil.reduce((s, p) => s + p[0], 0) / sil.length;
  const cy = sil.reduce((s, p) => s + p[1], 0) / sil.length;
  const zMean = sil.reduce((s, p) => s + p[2], 0) / sil.length;
  const noseDepth = ((r[2] + l[2]) / 2 - mesh[MESH.noseTip][2]) / faceWidthPx;
  const depthScale = NOSE_DEPTH / Math.max(0.05, noseDepth);
  // Photo pixels -> model units (y up, z towards the camera, origin at the pivot).
  const toModel = (p: P3): P3 => [(p[0] - cx) / faceWidthPx, -(p[1] - cy) / faceWidthPx, (-(p[2] - zMean) * depthScale) / faceWidthPx - PIVOT_DEPTH];
  const uvOf = (x: number, y: number): [number, number] => [Math.min(1, Math.max(0, x / width)), Math.min(1, Math.max(0, y / height))];

  const pos: P3[] = mesh.map(toModel);
  const uv: [number, number][] = mesh.map((p) => uvOf(p[0], p[1]));
  const dark: number[] = mesh.map(() => 0);
  const alpha: number[] = mesh.map(() => 1);
  const tris: number[] = [...triangulation];

  // The mouth's opening: a fan from a centre vertex slightly behind the lips.
  const ring = [...MESH.lipsUpperInner, ...MESH.lipsLowerInner.slice(1, -1).reverse()];
  const mouthPx = ring.map((i) => mesh[i]);
  const mc: P3 = [
    mouthPx.reduce((s, p) => s + p[0], 0) / ring.length,
    mouthPx.reduce((s, p) => s + p[1], 0) / ring.length,
    mouthPx.reduce((s, p) => s + p[2], 0) / ring.length,
  ];
  const mouthCentre = pos.length;
  const mcModel = toModel(mc);
  pos.push([mcModel[0], mcModel[1], mcModel[2] - 0.06]);
  uv.push(uvOf(mc[0], mc[1]));
  dark.push(1);
  alpha.push(1);
  for (let i = 0; i < ring.length; i++) tris.push(ring[i], ring[(i + 1) % ring.length], mouthCentre);

  // Rings beyond the outline, textured with what the photo has there (hair, ears, neck), pushed back.
  let inner: number[] = [...MESH.silhouette];
  for (const [scale, back, opacity] of RINGS) {
    const outer: number[] = [];
    for (const i of MESH.silhouette) {
      const p = mesh[i];
      const x = cx + (p[0] - cx) * scale;
      const y = cy + (p[1] - cy) * scale;
      const m = toModel([x, y, p[2]]);
      outer.push(pos.length);
      pos.push([m[0], m[1], m[2] - back]);
      uv.push(uvOf(x, y));
      dark.push(0);
      alpha.push(opacity);
    }
    for (let k = 0; k < inner.length; k++) {
      const k2 = (k + 1) % inner.length;
      tris.push(inner[k], outer[k], inner[k2], inner[k2], outer[k], outer[k2]);
    }
    inner = outer;
  }

  const n = pos.length;
  const blink = new Float32Array(n * 3);
  const smile = new Float32Array(n * 3);
  const mouth = new Float32Array(n * 3);
  const add = (field: Float32Array, i: number, d: P3, w = 1) => {
    field[i * 3] += d[0] * w;
    field[i * 3 + 1] += d[1] * w;
    field[i * 3 + 2] += d[2] * w;
  };

  // Blink: each upper-lid point goes onto the lower lid below it; the skin above follows less.
  for (const [upper0, lower0, upper1, upper2] of [
    [MESH.rightEyeUpper0, MESH.rightEyeLower0, MESH.rightEyeUpper1, MESH.rightEyeUpper2],
    [MESH.leftEyeUpper0, MESH.leftEyeLower0, MESH.leftEyeUpper1, MESH.leftEyeUpper2],
  ] as const) {
    const lower = [...lower0].map((i) => pos[i]).sort((a, b) => a[0] - b[0]);
    const below = (p: P3): P3 => {
      for (let k = 0; k + 1 < lower.length; k++) {
        const [a, b] = [lower[k], lower[k + 1]];
        if (p[0] >= a[0] && p[0] <= b[0]) {
          const t = (p[0] - a[0]) / (b[0] - a[0] || 1);
          return [p[0], a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
        }
      }
      return p;
    };
    // A closed lid sits a little above the lower lid line, as eyelashes meet.
    const closing = upper0.map((i) => {
      const p = pos[i];
      const target = below(p);
      return [target[0] - p[0], target[1] - p[1] + 0.004, target[2] - p[2] + 0.004] as P3;
    });
    for (const [k, i] of upper0.entries()) add(blink, i, closing[k]);
    for (const [k, i] of upper1.entries()) add(blink, i, closing[k], 0.55);
    for (const [k, i] of upper2.entries()) add(blink, i, closing[k], 0.2);
  }

  // Smile and open mouth: smooth fields around the mouth (Gaussian falloff over the model's vertices).
  const mouthWidth = Math.abs(pos[291][0] - pos[61][0]);
  const falloff = (i: number, c: P3, sigma: number) => Math.exp(-((pos[i][0] - c[0]) ** 2 + (pos[i][1] - c[1]) ** 2) / (2 * sigma ** 2));
  for (const [corner, side] of [
    [61, -1],
    [291, 1],
  ] as const) {
    const c = pos[corner];
    for (let i = 0; i < n; i++) add(smile, i, [side * 0.12 * mouthWidth, 0.07 * mouthWidth, -0.02 * mouthWidth], falloff(i, c, 0.28 * mouthWidth));
  }
  const lowerLip = pos[14];
  const jawDrop = 0.09;
  for (let i = 0; i < n; i++) {
    if (pos[i][1] > lowerLip[1] + 0.005 || i === mouthCentre) continue;
    // The lower lip and chin drop; the jaw's sides less, the cheeks not at all.
    const w = Math.exp(-((pos[i][0] - lowerLip[0]) ** 2) / (2 * (0.3 * 1) ** 2)) * Math.min(1, (lowerLip[1] + 0.005 - pos[i][1]) / 0.02 + 0.6);
    add(mouth, i, [0, -jawDrop, -0.01], Math.min(1, w));
  }
  add(mouth, mouthCentre, [0, -jawDrop / 2, -0.03]);
  for (const i of MESH.lipsUpperInner) add(mouth, i, [0, 0.012, 0]);

  return {
    texture: jpeg,
    textureWidth: width,
    textureHeight: height,
    positions: Float32Array.from(pos.flat()),
    uvs: Float32Array.from(uv.flat()),
    blink,
    smile,
    mouth,
    dark: Float32Array.from(dark),
    alpha: Float32Array.from(alpha),
    indices: Uint16Array.from(tris),
    faceWidthPx,
    source: file,
  };
}
