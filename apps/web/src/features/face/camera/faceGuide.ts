import type { Config, Human } from '@vladmandic/human';
import { meanBrightness } from './guidance';

/** What the browser sees of one face: enough for guidance, never for identity (the server decides). */
export interface SeenFace {
  /** x, y, width, height in pixels of the unmirrored video frame. */
  box: [number, number, number, number];
  /** Head yaw in degrees; > 0 when the person turns to their own left (the server's convention). */
  yaw: number;
  /** Mean brightness (luma 0-255) of the face box, when it could be measured (guidance.ts lightOf). */
  brightness?: number;
}

export interface FaceGuide {
  /** The faces in one frame: a snapshot of the video (useFaceWatch), so the frame judged can be the frame sent. */
  detect(frame: HTMLCanvasElement): Promise<SeenFace[]>;
}

/**
 * Human for guidance only: the detector (2 faces at most, so a second person is noticed) and the mesh
 * (for the pose); everything else off. Models and the tfjs wasm binaries come from our server (never a
 * CDN); human.esm.js bundles tfjs 4.22.0, the version of the served wasm files.
 */
const CONFIG: Partial<Config> = {
  backend: 'wasm',
  modelBasePath: '/api/face/models/human/',
  wasmPath: '/api/face/models/wasm/',
  debug: false,
  async: true,
  warmup: 'none',
  cacheSensitivity: 0,
  filter: { enabled: false } as Config['filter'],
  gesture: { enabled: false },
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: false } as Config['object'],
  segmentation: { enabled: false } as Config['segmentation'],
  face: {
    enabled: true,
    // Same detector threshold as the server's engine, so the page and the server agree on "a face".
    detector: { enabled: true, rotation: false, maxDetected: 2, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    gear: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  } as Config['face'],
};

const LOAD_TIMEOUT_MS = 30_000;
let loading: Promise<FaceGuide | null> | null = null;

/** Side of the small canvas the face box is drawn into to measure its brightness. */
const LIGHT_SIDE = 24;

/** The face box's mean brightness, read from a LIGHT_SIDE² copy of it (undefined when the canvas is not readable). */
function brightnessReader() {
  const canvas = document.createElement('canvas');
  canvas.width = LIGHT_SIDE;
  canvas.height = LIGHT_SIDE;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return (frame: HTMLCanvasElement, [x, y, w, h]: SeenFace['box']): number | undefined => {
    if (!ctx || w < 2 || h < 2) return undefined;
    try {
      ctx.drawImage(frame, x, y, w, h, 0, 0, LIGHT_SIDE, LIGHT_SIDE);
      return Math.round(meanBrightness(ctx.getImageData(0, 0, LIGHT_SIDE, LIGHT_SIDE).data));
    } catch {
      return undefined;
    }
  };
}

async function create(): Promise<FaceGuide> {
  const { Human: HumanClass } = await import('@vladmandic/human');
  const human: Human = new HumanClass(CONFIG);
  await human.load();
  await human.tf.ready();
  const brightness = brightnessReader();
  return {
    async detect(frame) {
      if (!frame.width || !frame.height) return [];
      const result = await human.detect(frame);
      return result.face.map((f) => {
        const box = f.box as [number, number, number, number];
        return { box, yaw: Math.round(((f.rotation?.angle.yaw ?? 0) * 180) / Math.PI), brightness: brightness(frame, box) };
      });
    },
  };
}

/**
 * Loads Human once (a lazy chunk: only the face pages pay for it). Resolves to null when it cannot run
 * here (no WebAssembly, models unreachable, too slow): the pages then work without live guidance.
 */
export function loadFaceGuide(): Promise<FaceGuide | null> {
  loading ??= Promise.race([
    create(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('face guide load timeout')), LOAD_TIMEOUT_MS)),
  ]).catch((error: unknown) => {
    console.warn('face guidance unavailable', error);
    loading = null; // a later page may try again
    return null;
  });
  return loading;
}
