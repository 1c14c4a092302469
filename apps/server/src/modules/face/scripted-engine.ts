/**
 * Tests only: a face pool whose answers are scripted, for service tests that are about the database and the
 * rules (enrolment photos, deletion paths, the template index, the company threshold) and must run on both
 * PGlite and PostgreSQL without the seconds of the real engine. Each frame is a real small JPEG (distinct
 * colour) registered with the analysis the pool returns for it; a person's descriptor is a fixed random
 * vector (different people ~1.0 apart), moved by `offset` along a fixed direction when asked.
 * The real engine is covered by face/engine.test.ts and kiosk.test.ts (PGlite only).
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Analysis, FaceAnalysis } from '../../face/engine.js';
import type { FacePool } from '../../face/pool.js';
import type { FrameLight } from '../../face/screen-light.js';
import { rng, syntheticMesh } from '../../face/synthetic-mesh.js';

export interface ScriptedFace {
  person: string;
  yaw?: number;
  /** Distance moved from the person's descriptor (a fixed direction). */
  offset?: number;
  size?: number;
  sharpness?: number;
  antispoof?: number;
  liveness?: number;
  /** The face printed flat (1) instead of a head (0): its mesh moves by one homography (decision 0049). */
  flat?: number;
  /** Where the face is (its centre, pixels). */
  cx?: number;
  /** The mesh's nod (degrees) and expressions (0-1): what the burst's step judges read (decision 0063). */
  pitch?: number;
  smile?: number;
  mouth?: number;
  /** The frame's measured skin and background colour (screen-light.ts, decision 0073). */
  light?: FrameLight | null;
  /** The face thumbnail's grey (0-255) when set: how lit the face is (a dark burst, decision 0057); noise otherwise. */
  grey?: number;
}

function vector(seed: string, norm: number): Float32Array {
  const next = rng(seed);
  const v = Float32Array.from({ length: 128 }, () => next() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => (x / n) * norm);
}

export function scriptedEngine() {
  const answers = new Map<string, Analysis>();
  let colour = 0;
  const descriptorOf = (face: ScriptedFace) => {
    const base = vector(`person:${face.person}`, 0.7);
    const off = vector('offset-direction', 1);
    return base.map((x, i) => x + off[i] * (face.offset ?? 0));
  };
  /**
   * The face's mesh: the person's synthetic head turned by 1.6 times the yaw Human reads (Human reads about half a real
   * turn, decision 0040; a little less here so that a 16-frame burst of four steps turns no faster than a head:
   * decision 0063), so a burst of a turning person has 3-D motion; the box is the mesh's bounds.
   */
  const meshOf = (face: ScriptedFace) =>
    syntheticMesh(face.person, {
      yaw: (face.yaw ?? 0) * 1.6,
      pitch: face.pitch,
      smile: face.smile,
      mouth: face.mouth,
      flat: face.flat,
      cx: face.cx,
      width: face.size ?? 200,
    });
  const boxOf = (mesh: [number, number, number][]): [number, number, number, number] => {
    const xs = mesh.map((p) => p[0]);
    const ys = mesh.map((p) => p[1]);
    const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
    return [x0, y0, Math.max(...xs) - x0, Math.max(...ys) - y0];
  };
  const analysisOf = (face: ScriptedFace, withDescriptor: boolean, mesh = meshOf(face)): FaceAnalysis => ({
    box: boxOf(mesh),
    score: 0.99,
    size: face.size ?? 200,
    sharpness: face.sharpness ?? 300,
    yaw: face.yaw ?? 0,
    pitch: 0,
    roll: 0,
    antispoof: face.antispoof ?? 0.8,
    liveness: face.liveness ?? 0.9,
    descriptor: withDescriptor ? descriptorOf(face) : null,
    thumb: face.grey === undefined ? new Uint8Array(randomBytes(32 * 32)) : new Uint8Array(32 * 32).fill(face.grey),
    mesh,
    ...(face.light === undefined ? {} : { light: face.light }),
  });

  const pool: FacePool = {
    start: async () => {},
    ready: Promise.resolve(),
    async analyze(image, opts = {}) {
      const answer = answers.get(createHash('sha256').update(image).digest('hex'));
      if (!answer) throw new Error('scripted engine: an image nobody scripted');
      // As the engine: asked for no descriptor, a 'lite' analysis (a kiosk burst's undescribed frames, decisions 0049,
      // 0070): no descriptor, and Human's antispoof and liveness not measured (null).
      return opts.descriptors === 'none'
        ? { ...answer, level: 'lite', faces: answer.faces.map((f) => ({ ...f, descriptor: null, antispoof: null, liveness: null })) }
        : answer;
    },
    analyzeBatch(images, _tenant, opts = {}) {
      return Promise.allSettled(images.map((image, i) => pool.analyze(image, typeof opts === 'function' ? opts(i) : opts)));
    },
    status: () => ({ state: 'ready', workers: 1, size: 1, busy: 0, queued: 0, images: 0 }),
    stats: async () => [],
    close: async () => {},
  };

  /** A JPEG frame (a distinct flat colour) the pool will answer with these faces. */
  async function frame(...faces: ScriptedFace[]): Promise<Buffer> {
    const n = ++colour;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (n * 53) % 256, g: (n * 101) % 256, b: (n * 197) % 256 } } })
      .jpeg()
      .toBuffer();
    const digest = createHash('sha256').update(jpeg).digest('hex');
    answers.set(digest, { faces: faces.map((f) => analysisOf(f, faces.length === 1)), width: 640, height: 480, ms: 1, digest });
    return jpeg;
  }

  /** Registers a given image (e.g. a textured scene, for perceptual hashes) with the faces the pool will answer. */
  function frameOf(image: Buffer, ...faces: ScriptedFace[]): Buffer {
    const digest = createHash('sha256').update(image).digest('hex');
    answers.set(digest, { faces: faces.map((f) => analysisOf(f, faces.length === 1)), width: 640, height: 480, ms: 1, digest });
    return image;
  }

  /** The colour a frame was drawn in (to tell which capture became the enrolment photo). */
  const colourOf = async (jpeg: Buffer) => {
    const { channels } = await sharp(jpeg).stats();
    return channels.slice(0, 3).map((c) => Math.round(c.mean));
  };

  return { pool, frame, frameOf, colourOf, descriptorOf: (person: string) => Array.from(descriptorOf({ person })) };
}

/** A 640x480 JPEG of random grey blocks (a scene with detail, unlike the flat frames), the same for the same seed. */
export async function texturedJpeg(seed: string): Promise<Buffer> {
  const next = rng(`scene:${seed}`);
  const cells = Buffer.from(Array.from({ length: 40 * 30 }, () => Math.floor(next() * 256)));
  return sharp(cells, { raw: { width: 40, height: 30, channels: 1 } })
    .resize(640, 480, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
