/**
 * Loads tfjs (wasm backend), Human and face-api inside ONE thread so that both libraries run on the
 * same `@tensorflow/tfjs-core` instance. Only engine.ts (inside a face worker) calls this.
 *
 * Why the detours:
 * - The packages' entry points need `@tensorflow/tfjs-node`, which cannot be installed here, so each
 *   library's `*.node-wasm.js` build is required by path. Human's build requires `tfjs-core`,
 *   `tfjs-converter` and `tfjs-backend-wasm` (not bundled); face-api's requires the umbrella
 *   `@tensorflow/tfjs` (not installed) plus the wasm backend. While face-api loads, a request for
 *   `@tensorflow/tfjs` is answered with tfjs-core + tfjs-converter: the very module objects Human gets.
 * - The umbrella package also registers the "chained ops" (`tensor.as3D()`, `tensor.toFloat()`...) that
 *   face-api calls; tfjs-core alone does not, so they are added to `tf.Tensor.prototype` here.
 * - tfjs-core has no `file://` model loader outside tfjs-node: an fs-based load router is registered.
 * - face-api's `concat` is a faster equivalent (fastConcat below); Human is untouched.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs-core';

const require = createRequire(import.meta.url);

export type Tf = typeof TF;
export type Tensor = TF.Tensor;
export type Tensor3D = TF.Tensor3D;

// Human's exports map has no usable subpaths: resolve its main entry (not loaded) and go from there.
const humanDist = dirname(require.resolve('@vladmandic/human'));
/** Where the packages live (resolved through Node, so hoisting does not matter); the model folders are also what the browser will be served. */
export const paths = {
  humanBuild: join(humanDist, 'human.node-wasm.js'),
  humanModels: join(humanDist, '..', 'models'),
  faceApiBuild: join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'dist', 'face-api.node-wasm.js'),
  faceApiModels: join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
  wasmDir: `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`,
};

// ---- Typed adapters over the small part of each library we use ----

export interface HumanFace {
  box: [number, number, number, number];
  score: number;
  boxScore: number;
  faceScore: number;
  real?: number;
  live?: number;
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
  /** The 468 (+10 iris) face-mesh points, [x, y, z] in pixels of the analysed image (z: relative depth). */
  mesh?: [number, number, number][];
}
export interface HumanResult {
  face: HumanFace[];
  error?: string | null;
}
export interface HumanInstance {
  /** The tfjs module Human runs on. */
  tf: Tf;
  load(): Promise<void>;
  /** `config` is merged into the instance's config (it stays for later calls). */
  detect(input: Tensor, config?: Record<string, unknown>): Promise<HumanResult>;
  models: { models: Record<string, unknown> };
}
type HumanCtor = new (config: Record<string, unknown>) => HumanInstance;

export interface FaBox {
  x: number;
  y: number;
  width: number;
  height: number;
  clipAtImageBorders(w: number, h: number): FaBox;
}
export interface FaLandmarks {
  shiftBy(x: number, y: number): FaLandmarks;
  align(detection: null, options: { useDlibAlignment: boolean }): FaBox;
}
interface FaNet {
  loadFromDisk(dir: string): Promise<void>;
  dispose(): void;
  isLoaded: boolean;
}
export interface FaceApi {
  nets: {
    faceLandmark68Net: FaNet & { detectLandmarks(input: Tensor3D): Promise<FaLandmarks> };
    faceRecognitionNet: FaNet & { computeFaceDescriptor(input: Tensor3D | Tensor3D[]): Promise<Float32Array | Float32Array[]> };
  };
  extractFaceTensors(image: Tensor3D, boxes: FaBox[]): Promise<Tensor3D[]>;
  tf: Tf;
}

export interface Libraries {
  tf: Tf;
  Human: HumanCtor;
  faceapi: FaceApi;
}

/** tensor.op(...args) === tf.op(tensor, ...args), as `@tensorflow/tfjs` registers them. */
function registerChainedOps(tf: Tf) {
  const proto = tf.Tensor.prototype as unknown as Record<string, unknown>;
  const ops = tf as unknown as Record<string, unknown>;
  for (const [name, fn] of Object.entries(ops)) {
    if (typeof fn !== 'function' || name in proto || !/^[a-z]/.test(name)) continue;
    proto[name] = function (this: Tensor, ...args: unknown[]) {
      return (fn as (...a: unknown[]) => unknown)(this, ...args);
    };
  }
  const own: Record<string, (this: Tensor, ...a: never[]) => unknown> = {
    as1D() {
      return tf.reshape(this, [-1]);
    },
    as2D(...s: number[]) {
      return tf.reshape(this, s);
    },
    as3D(...s: number[]) {
      return tf.reshape(this, s);
    },
    as4D(...s: number[]) {
      return tf.reshape(this, s);
    },
    as5D(...s: number[]) {
      return tf.reshape(this, s);
    },
    asScalar() {
      return tf.reshape(this, []);
    },
    asType(dtype: TF.DataType) {
      return tf.cast(this, dtype);
    },
    toFloat() {
      return tf.cast(this, 'float32');
    },
    toInt() {
      return tf.cast(this, 'int32');
    },
    toBool() {
      return tf.cast(this, 'bool');
    },
    concat(x: Tensor | Tensor[], axis?: number) {
      return tf.concat([this, ...(Array.isArray(x) ? x : [x])], axis);
    },
    stack(x: Tensor | Tensor[], axis?: number) {
      return tf.stack([this, ...(Array.isArray(x) ? x : [x])], axis);
    },
  };
  Object.assign(proto, own);
}

/**
 * tfjs-wasm concatenates in JS, one `subarray` per outer index: along the last axis of an image (how
 * face-api builds its mean-RGB tensor for every face) that is one allocation per pixel, ~11 ms and most
 * of the garbage collection of a frame. Moving the axis to the front makes it one copy per input; the two
 * transposes run in wasm. Same result, given to face-api only.
 */
function fastConcat(tf: Tf): Tf['concat'] {
  return ((tensors: Tensor[], axis = 0) => {
    const rank = tensors[0]?.rank ?? 0;
    const ax = axis < 0 ? axis + rank : axis;
    if (tensors.length < 2 || ax === 0 || rank < 2) return tf.concat(tensors, axis);
    const perm = [ax, ...Array.from({ length: rank }, (_, i) => i).filter((i) => i !== ax)];
    const inverse = perm.map((_, i) => perm.indexOf(i));
    return tf.tidy(() =>
      tf.transpose(
        tf.concat(
          tensors.map((t) => tf.transpose(t, perm)),
          0,
        ),
        inverse,
      ),
    );
  }) as Tf['concat'];
}

/** `file:///abs/model.json` -> artifacts read with fs (weights concatenated in manifest order). */
function registerFileLoader(tf: Tf) {
  const router = (url: string | string[]): TF.io.IOHandler | null => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = decodeURIComponent(url.slice('file://'.length));
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, 'utf8')) as TF.io.ModelJSON;
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: TF.io.WeightsManifestEntry[] = [];
          const buffers: ArrayBuffer[] = [];
          for (const group of manifest) {
            specs.push(...group.weights);
            for (const p of group.paths) {
              const b = readFileSync(join(dirname(file), p));
              buffers.push(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
            }
          }
          return [specs, tf.io.concatenateArrayBuffers(buffers)];
        });
      },
    };
  };
  // tfjs routers answer null for URLs they do not handle; the typing does not say so.
  tf.io.registerLoadRouter(router as Parameters<Tf['io']['registerLoadRouter']>[0]);
}

let loaded: Promise<Libraries> | undefined;

/** Loads the libraries once per thread and switches tfjs to the wasm backend. */
export function loadLibraries(): Promise<Libraries> {
  loaded ??= (async () => {
    const tf = require('@tensorflow/tfjs-core') as Tf;
    const converter = require('@tensorflow/tfjs-converter') as object;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
    registerChainedOps(tf);
    registerFileLoader(tf);

    // face-api asks for the umbrella package: hand it the same core + converter objects.
    const umbrella = { ...tf, ...converter, concat: fastConcat(tf) };
    const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const originalLoad = mod._load;
    mod._load = function (request: string, ...rest: unknown[]) {
      if (request === '@tensorflow/tfjs') return umbrella;
      return originalLoad.call(this, request, ...rest);
    };
    let faceapi: FaceApi;
    try {
      faceapi = require(paths.faceApiBuild) as FaceApi;
    } finally {
      mod._load = originalLoad;
    }
    const { Human } = require(paths.humanBuild) as { Human: HumanCtor };

    wasm.setWasmPaths(paths.wasmDir);
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend did not initialise');
    await tf.ready();
    if (faceapi.tf.engine() !== tf.engine()) throw new Error('face-api runs on a different tfjs engine');
    return { tf, Human, faceapi };
  })();
  return loaded;
}
