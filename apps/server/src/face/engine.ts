/**
 * The face engine: one image in, every face out (box, pose, quality, anti-spoof / liveness scores and
 * the 128-d face-api descriptor). Runs inside a face worker (pool.ts); tests may use it directly.
 *
 * Human (blazeface detector + facemesh + antispoof + liveness) finds the faces and their pose;
 * face-api's landmarks68 net aligns each face and its recognition net computes the descriptor,
 * both on the same tfjs-core wasm engine (runtime.ts). Human's frame caching is off, so a result
 * never depends on the previous request.
 */
import { performance } from 'node:perf_hooks';
import { clipRect, decode, digest, greyCrop, laplacianVariance, letterbox, type RawImage, type Rect, squareCrop, THUMB_SIDE } from './image.js';
import { type FaLandmarks, type HumanFace, type HumanInstance, type Libraries, loadLibraries, paths, type Tensor3D } from './runtime.js';

export interface FaceAnalysis {
  /** [x, y, width, height] in pixels of the analysed image. */
  box: [number, number, number, number];
  /** Detector x mesh confidence, 0-1. */
  score: number;
  /** Shorter side of the box in pixels. */
  size: number;
  /** Variance of the Laplacian of the face resized to 128x128 grey. */
  sharpness: number;
  /** Head rotation in degrees (from the mesh). Yaw > 0: the person turns to their own left (see liveness.ts). */
  yaw: number;
  pitch: number;
  roll: number;
  /** Human's anti-spoofing "real" score, 0-1 (weak on its own: see docs/decisions/0006). */
  antispoof: number;
  /** Human's liveness score, 0-1. */
  liveness: number;
  /** The 128-d face-api descriptor (null when not computed, see AnalyzeOptions). */
  descriptor: Float32Array | null;
  /** The face as a THUMB_SIDE x THUMB_SIDE grey thumbnail, to spot replayed frames. */
  thumb: Uint8Array;
  /**
   * Human's face mesh: 468 points (478 with the irises), [x, y, z] in pixels of the analysed image, z a relative
   * depth; rounded to 0.1 px. Liveness across a burst (continuity, flatness, blinks, smiles) is judged on it; one
   * frame's points prove nothing on their own (a photo of a turned head has a plausible mesh). Empty when Human gave none.
   */
  mesh: [number, number, number][];
}

export interface Analysis {
  faces: FaceAnalysis[];
  width: number;
  height: number;
  /** Wall time of the whole analysis. */
  ms: number;
  /** SHA-256 of the input bytes. */
  digest: string;
}

export interface AnalyzeOptions {
  /** 'single' (default): a descriptor only when exactly one face is found; 'all'; 'none'. */
  descriptors?: 'single' | 'all' | 'none';
}

export interface FaceEngine {
  analyze(image: Uint8Array, opts?: AnalyzeOptions): Promise<Analysis>;
  /** One detection on a generated frame and one pass of each face-api net, so the first request is not slow. */
  warmup(): Promise<void>;
  memory(): { numTensors: number; numBytes: number };
  dispose(): void;
}

/** Raised for input that is not a decodable image. */
export class InvalidImageError extends Error {
  readonly code = 'invalid_image';
}

export const HUMAN_CONFIG = {
  backend: 'wasm',
  wasmPath: paths.wasmDir,
  modelBasePath: `file://${paths.humanModels}/`,
  debug: false,
  async: false,
  warmup: 'none',
  cacheModels: false,
  validateModels: false,
  // No frame caching: every request is analysed from scratch.
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 5, minConfidence: 0.5, minSize: 0, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: true, keepInvalid: false },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    gear: { enabled: false },
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
  },
} as const;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const degrees = (rad: number | undefined) => round(((rad ?? 0) * 180) / Math.PI);
const SHARP_SIDE = 128;

/** Average-pools the 128x128 crop down to the thumbnail. */
function poolThumb(grey: Uint8Array): Uint8Array {
  const f = SHARP_SIDE / THUMB_SIDE;
  const out = new Uint8Array(THUMB_SIDE * THUMB_SIDE);
  for (let ty = 0; ty < THUMB_SIDE; ty++)
    for (let tx = 0; tx < THUMB_SIDE; tx++) {
      let s = 0;
      for (let y = 0; y < f; y++) for (let x = 0; x < f; x++) s += grey[(ty * f + y) * SHARP_SIDE + tx * f + x];
      out[ty * THUMB_SIDE + tx] = Math.round(s / (f * f));
    }
  return out;
}

export interface EngineOptions {
  /**
   * Human's iris model refines the eye contour (the mesh then has 478 points; the first 468 keep their meaning): a
   * closed eyelid moves the mesh by 39-48 % of the open gap instead of 17-30 % (decisions 0040, 0060). Off by default.
   */
  iris?: boolean;
}

export async function createEngine(opts: EngineOptions = {}): Promise<FaceEngine> {
  const libs: Libraries = await loadLibraries();
  const { tf, faceapi } = libs;
  const config = structuredClone(HUMAN_CONFIG) as unknown as { face: Record<string, unknown> };
  if (opts.iris) config.face.iris = { enabled: true };
  const human: HumanInstance = new libs.Human(config as unknown as Record<string, unknown>);
  if (human.tf.engine() !== tf.engine()) throw new Error('Human runs on a different tfjs engine');
  await human.load();
  const { faceLandmark68Net, faceRecognitionNet } = faceapi.nets;
  if (!faceLandmark68Net.isLoaded) await faceLandmark68Net.loadFromDisk(paths.faceApiModels);
  if (!faceRecognitionNet.isLoaded) await faceRecognitionNet.loadFromDisk(paths.faceApiModels);

  /**
   * Human's box -> landmarks68 -> dlib-style alignment -> 128-d descriptor. (Averaging with the mirror
   * image was tried: same equal error rate, distances ~7 % shorter, 23 ms more CPU: docs/decisions/0006.)
   */
  const squareTensor = (img: RawImage, x: number, y: number, side: number) => tf.tensor3d(squareCrop(img, x, y, side), [side, side, 3], 'float32') as Tensor3D;

  async function describe(img: RawImage, rect: Rect): Promise<Float32Array | null> {
    // landmarks68 on the square around Human's box, in image coordinates
    const side = Math.max(rect.width, rect.height);
    const lx = Math.round(rect.x + rect.width / 2 - side / 2);
    const ly = Math.round(rect.y + rect.height / 2 - side / 2);
    const crop = squareTensor(img, lx, ly, side);
    let landmarks: FaLandmarks;
    try {
      landmarks = await faceLandmark68Net.detectLandmarks(crop);
    } finally {
      crop.dispose();
    }
    const aligned = landmarks.shiftBy(lx, ly).align(null, { useDlibAlignment: true });
    const size = Math.round(Math.max(aligned.width, aligned.height));
    if (size < 8) return null;
    const ax = Math.round(aligned.x);
    const ay = Math.round(aligned.y);
    const face = squareTensor(img, ax, ay, size);
    try {
      return (await faceRecognitionNet.computeFaceDescriptor(face)) as Float32Array;
    } finally {
      face.dispose();
    }
  }

  async function measure(img: RawImage, face: HumanFace, withDescriptor: boolean): Promise<FaceAnalysis | null> {
    const [x, y, w, h] = face.box;
    const rect = clipRect({ x, y, width: w, height: h }, img.width, img.height);
    if (!rect) return null;
    const grey = await greyCrop(img, rect, SHARP_SIDE);
    const angle = face.rotation?.angle;
    return {
      box: [rect.x, rect.y, rect.width, rect.height],
      score: round(face.score, 3),
      size: Math.min(rect.width, rect.height),
      sharpness: round(laplacianVariance(grey, SHARP_SIDE, SHARP_SIDE)),
      yaw: degrees(angle?.yaw),
      pitch: degrees(angle?.pitch),
      roll: degrees(angle?.roll),
      antispoof: round(face.real ?? 0, 3),
      liveness: round(face.live ?? 0, 3),
      descriptor: withDescriptor ? await describe(img, rect) : null,
      thumb: poolThumb(grey),
      mesh: (face.mesh ?? []).map(([px, py, pz]) => [round(px, 1), round(py, 1), round(pz, 1)]),
    };
  }

  async function run(input: Uint8Array, opts: AnalyzeOptions): Promise<Analysis> {
    const started = performance.now();
    let img: RawImage;
    try {
      img = await decode(input);
    } catch (err) {
      throw new InvalidImageError(err instanceof Error ? err.message : String(err));
    }
    const batch = tf.tensor4d(img.data, [1, img.height, img.width, 3], 'float32');
    let result: Awaited<ReturnType<HumanInstance['detect']>>;
    try {
      result = await human.detect(batch);
    } finally {
      batch.dispose();
    }
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    const mode = opts.descriptors ?? 'single';
    const withDescriptor = mode === 'all' || (mode === 'single' && result.face.length === 1);
    const faces: FaceAnalysis[] = [];
    for (const f of result.face) {
      const measured = await measure(img, f, withDescriptor);
      if (measured) faces.push(measured);
    }
    return { faces, width: img.width, height: img.height, ms: round(performance.now() - started), digest: digest(input) };
  }

  // One analysis at a time: Human and the nets are not meant to be re-entered.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  return {
    analyze: (input, opts = {}) => serial(() => run(input, opts)),
    warmup: () =>
      serial(async () => {
        const noise = Buffer.alloc(320 * 240 * 3);
        for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
        await run(await letterbox({ data: noise, width: 320, height: 240 }), {});
        const crop = tf.zeros([150, 150, 3], 'float32') as Tensor3D;
        try {
          await faceLandmark68Net.detectLandmarks(crop);
          await faceRecognitionNet.computeFaceDescriptor(crop);
        } finally {
          crop.dispose();
        }
      }),
    memory: () => {
      const m = tf.memory();
      return { numTensors: m.numTensors, numBytes: m.numBytes };
    },
    dispose: () => {
      faceLandmark68Net.dispose();
      faceRecognitionNet.dispose();
    },
  };
}
