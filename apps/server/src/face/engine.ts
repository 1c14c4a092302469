/**
 * The face engine: one image in, every face out (box, pose, quality, anti-spoof / liveness scores and
 * the 128-d face-api descriptor). Runs inside a face worker (pool.ts); tests may use it directly.
 *
 * Human (blazeface detector + facemesh + antispoof + liveness) finds the faces and their pose;
 * face-api's landmarks68 net aligns each face and its recognition net computes the descriptor,
 * both on the same tfjs-core wasm engine (runtime.ts). Human's frame caching is off, so a result
 * never depends on the previous request; within one recording (`analyzeRun`, decision 0081) a frame may start from
 * the previous frame's mesh.
 */
import { performance } from 'node:perf_hooks';
import {
  clipRect,
  decode,
  digest,
  greyBox,
  greyCrop,
  laplacianVariance,
  letterbox,
  MAX_SIDE,
  type RawImage,
  type Rect,
  squareCrop,
  THUMB_SIDE,
} from './image.js';
import { type FaLandmarks, type HumanFace, type HumanInstance, type Libraries, loadLibraries, paths, type Tensor3D } from './runtime.js';
import { type FrameLight, measureLight } from './screen-light.js';
import { createMeshStep, createScoreStep, type Seed, seedOf, track } from './track.js';

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
  /**
   * Human's anti-spoofing "real" score, 0-1 (weak on its own: see docs/decisions/0006). A logged feature (decision 0049
   * step 7): measured at the 'full' level only; null (not measured) in a 'lite' analysis.
   */
  antispoof: number | null;
  /** Human's liveness score, 0-1 (as `antispoof`: 'full' level only, else null). */
  liveness: number | null;
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
  /** Mean colour of the skin and of the background (screen-light.ts, decision 0073); absent from scripted stand-ins. */
  light?: FrameLight | null;
}

export interface Analysis {
  faces: FaceAnalysis[];
  /**
   * How much was run (AnalyzeOptions.level): 'lite' has no descriptor and no measured antispoof/liveness. Always set
   * by the engine; absent from scripted stand-ins (read as 'full').
   */
  level?: AnalysisLevel;
  width: number;
  height: number;
  /** Wall time of the whole analysis. */
  ms: number;
  /**
   * How the face was found: 'detector' (Human's detector on this frame) or 'tracked' (from the previous frame's mesh,
   * `analyzeRun`, decision 0081). Set by the engine (absent from stand-ins, read as 'detector').
   */
  found?: 'detector' | 'tracked';
  /** SHA-256 of the input bytes. */
  digest: string;
  /**
   * Where the time went (ms): decoding; Human (detector, mesh and, at 'full', antispoof/liveness); the per-face
   * measures (sharpness, thumbnail) with face-api's descriptor. Set by the engine (absent from stand-ins).
   */
  stages?: { decode: number; detect: number; faces: number };
}

/**
 * 'full': Human's detector, mesh, antispoof and liveness, and the face-api descriptor (as `descriptors` says).
 * 'lite': the detector and the mesh only (box, mesh, pose, sharpness, thumbnail): what a burst's undescribed frames
 * are judged on (burst.ts, events.ts read mesh, box, yaw and the thumbnail; decision 0070). About half the work.
 */
export type AnalysisLevel = 'full' | 'lite';

export interface AnalyzeOptions {
  /** 'single' (default): a descriptor only when exactly one face is found; 'all'; 'none'. */
  descriptors?: 'single' | 'all' | 'none';
  /** Default 'lite' when `descriptors` is 'none', else 'full' (so callers need not say it). 'lite' never describes. */
  level?: AnalysisLevel;
  /**
   * Decode with the long side at most this (default LITE_SIDE at 'lite', MAX_SIDE at 'full'); box, mesh, size and
   * the image's width/height are still given in pixels of the full-size decode, so frames analysed at either size compare.
   */
  maxSide?: number;
}

/**
 * The long side a 'lite' frame is decoded at: full size. Measured (decision 0070, bench/face/kiosk-mark.ts `reduced`):
 * decoding a 640x480 frame at 480 or 320 moves the mesh by 0.0034 / 0.0054 face widths on average but up to 0.020 /
 * 0.027 on some frames (against a flatness floor of 0.035), and saves no measurable time: Human's detector and mesh
 * run at their own input sizes (256, 192), whatever the frame's.
 */
export const LITE_SIDE = MAX_SIDE;

/** The level an analysis runs at. */
export const levelOf = (opts: AnalyzeOptions = {}): AnalysisLevel => opts.level ?? (opts.descriptors === 'none' ? 'lite' : 'full');

export interface FaceEngine {
  analyze(image: Uint8Array, opts?: AnalyzeOptions): Promise<Analysis>;
  /**
   * Consecutive frames of one recording, in order, with no other analysis in between (decision 0081): the first frame
   * runs Human's detector; a frame after a frame with exactly one face runs Human's mesh step on a crop around that face
   * (track.ts), and at the 'full' level Human's antispoof and liveness on that crop and the descriptor (decision 0082);
   * it runs the detector only when the track does not hold (`TRACK`). One settled result per frame.
   */
  analyzeRun(images: Uint8Array[], opts: AnalyzeOptions[]): Promise<PromiseSettledResult<Analysis>[]>;
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
  // No frame caching: Human analyses every frame from scratch. Tracking within a recording (`analyzeRun`) is our own
  // seed passed from frame to frame (track.ts), never Human's cache.
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

  /** Human's per-call config: the logged-feature models run at 'full' only (Human merges it into its config). */
  const HUMAN_AT: Record<AnalysisLevel, Record<string, unknown>> = {
    full: { face: { antispoof: { enabled: true }, liveness: { enabled: true } } },
    lite: { face: { antispoof: { enabled: false }, liveness: { enabled: false } } },
  };
  /** Human's mesh step on a crop of our choosing, for tracked frames (track.ts, decision 0081). */
  const meshAt = createMeshStep(tf, human.models.models.facemesh as Parameters<typeof createMeshStep>[1]);
  /** Human's antispoof and liveness on a tracked described frame's crop (decision 0082). */
  const scoresAt = createScoreStep(tf, human.models.models as unknown as Parameters<typeof createScoreStep>[1]);
  /**
   * The frame as int32 for tfjs, in one buffer reused from frame to frame (a 640x480 frame is 3.7 MB). Human casts an
   * int32 input to float32 in wasm: the same values as a float32 copy made in JS, about 1 ms sooner (decision 0081).
   */
  let scratch = new Int32Array(0);
  const ints = (img: RawImage) => {
    const n = img.width * img.height * 3;
    if (scratch.length < n) scratch = new Int32Array(n);
    const view = scratch.subarray(0, n);
    view.set(img.data.subarray(0, n));
    return view;
  };

  async function measure(img: RawImage, face: HumanFace, withDescriptor: boolean, scored: boolean): Promise<FaceAnalysis | null> {
    const [x, y, w, h] = face.box;
    const rect = clipRect({ x, y, width: w, height: h }, img.width, img.height);
    if (!rect) return null;
    // A described frame's sharpness is a quality gate (sharp's cubic resize, as calibrated); a lite frame's grey is
    // only read for its mean (greyBox, decision 0082).
    const grey = scored ? await greyCrop(img, rect, SHARP_SIDE) : greyBox(img, rect, SHARP_SIDE);
    const angle = face.rotation?.angle;
    const s = img.scale ?? 1; // back to pixels of the full-size decode
    const box = [rect.x, rect.y, rect.width, rect.height].map((v) => Math.round(v * s)) as FaceAnalysis['box'];
    return {
      box,
      score: round(face.score, 3),
      size: Math.min(box[2], box[3]),
      sharpness: round(laplacianVariance(grey, SHARP_SIDE, SHARP_SIDE)),
      yaw: degrees(angle?.yaw),
      pitch: degrees(angle?.pitch),
      roll: degrees(angle?.roll),
      antispoof: scored ? round(face.real ?? 0, 3) : null,
      liveness: scored ? round(face.live ?? 0, 3) : null,
      descriptor: withDescriptor ? await describe(img, rect) : null,
      thumb: poolThumb(grey),
      mesh: (face.mesh ?? []).map(([px, py, pz]) => [round(px * s, 1), round(py * s, 1), round(pz * s, 1)]),
      light: face.mesh?.length ? measureLight(img, face.box, face.mesh) : null,
    };
  }

  /**
   * One frame. With a `seed` (the run's detected crop side and the previous frame's face) a 'lite' frame is tracked
   * (track.ts `track`); when the track does not hold (`TRACK`) the same decoded frame runs the detector. `next` is the
   * seed for the frame after this one.
   */
  async function run(input: Uint8Array, opts: AnalyzeOptions, seed?: Seed): Promise<{ analysis: Analysis; next?: Seed }> {
    const started = performance.now();
    const level = levelOf(opts);
    let img: RawImage;
    try {
      img = await decode(input, opts.maxSide ?? (level === 'lite' ? LITE_SIDE : MAX_SIDE));
    } catch (err) {
      throw new InvalidImageError(err instanceof Error ? err.message : String(err));
    }
    const decoded = performance.now();
    const batch = tf.tensor4d(ints(img), [1, img.height, img.width, 3], 'int32');
    let result: Awaited<ReturnType<HumanInstance['detect']>>;
    let tracked: Awaited<ReturnType<typeof track>> = null;
    try {
      if (seed) {
        const image = tf.cast(batch, 'float32');
        try {
          tracked = await track(meshAt, image, seed);
          if (tracked && level === 'full') Object.assign(tracked.face, await scoresAt(image, tracked.crop));
        } finally {
          image.dispose();
        }
      }
      result = tracked ? { face: [tracked.face] } : await human.detect(batch, HUMAN_AT[level]);
    } finally {
      batch.dispose();
    }
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    const detected = performance.now();
    const mode = level === 'lite' ? 'none' : (opts.descriptors ?? 'single');
    const withDescriptor = mode === 'all' || (mode === 'single' && result.face.length === 1);
    const faces: FaceAnalysis[] = [];
    for (const f of result.face) {
      const measured = await measure(img, f, withDescriptor, level === 'full');
      if (measured) faces.push(measured);
    }
    const ended = performance.now();
    const next = tracked ? tracked.next : result.face.length === 1 ? (seedOf(result.face[0]) ?? undefined) : undefined;
    return {
      analysis: {
        faces,
        level,
        found: tracked ? 'tracked' : 'detector',
        width: Math.round(img.width * (img.scale ?? 1)),
        height: Math.round(img.height * (img.scale ?? 1)),
        ms: round(ended - started),
        digest: digest(input),
        stages: { decode: round(decoded - started), detect: round(detected - decoded), faces: round(ended - detected) },
      },
      next,
    };
  }

  // One analysis at a time: Human and the nets are not meant to be re-entered.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  return {
    analyze: (input, opts = {}) => serial(async () => (await run(input, opts)).analysis),
    analyzeRun: (images, opts) =>
      serial(async () => {
        const out: PromiseSettledResult<Analysis>[] = [];
        let seed: Seed | undefined;
        for (const [i, image] of images.entries()) {
          try {
            const { analysis, next } = await run(image, opts[i] ?? {}, seed);
            seed = next;
            out.push({ status: 'fulfilled', value: analysis });
          } catch (reason) {
            seed = undefined;
            out.push({ status: 'rejected', reason });
          }
        }
        return out;
      }),
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
