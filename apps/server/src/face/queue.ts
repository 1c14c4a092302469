/**
 * The face queue between processes (decision 0065): web processes without the face role put one BullMQ job per image
 * (or per run of a recording's frames, decision 0081) on `presente-face`; processes with the face role take them into their local pool (pool.ts) and answer with the
 * job's return value. What both sides share lives here: the queue's name, the job's JSON (the image as base64, the
 * analysis with its typed arrays as base64) and the presence of the face processes (one key per process, with a TTL,
 * carrying its concurrency and its measured time per image), from which a web process judges how long the queue
 * would make a new request wait.
 */
import type { Redis } from 'ioredis';
import type { Analysis, AnalyzeOptions } from './engine.js';

/** The queue's default name (FACE_QUEUE_NAME): deployments or tests sharing one Redis use their own. */
export const FACE_QUEUE = 'presente-face';
/** The ids of the face processes that said they were serving; each has its own key with a TTL. */
const presenceSet = (queue: string) => `presente:${queue}:workers`;
const presenceKey = (queue: string, id: string) => `presente:${queue}:worker:${id}`;
/** A face process says it is alive this often; its key lives three times as long. */
export const PRESENCE_EVERY_MS = 2_000;
const PRESENCE_TTL_MS = PRESENCE_EVERY_MS * 3;

export interface FaceJobData {
  /** The image bytes, base64 (measured against a Redis key per image: see the decision). Absent from a run's job. */
  image?: string;
  opts?: AnalyzeOptions;
  /**
   * A run of one recording's consecutive frames (pool.ts `runsOf`, decision 0081): analysed in order, with tracking, by
   * one face process; the job answers one `WireRunAnswer` per frame.
   */
  run?: { images: string[]; opts: AnalyzeOptions[] };
  tenant: string;
  /** Epoch ms past which nobody waits for the answer: a face process skips the job. */
  deadline: number;
}

/** One frame's answer in a run's job: its analysis, or why it has none ('invalid_image' for an unreadable image). */
export type WireRunAnswer = { ok: true; analysis: WireAnalysis } | { ok: false; message: string };
/** What a job returns: an image's analysis, or a run's answers. */
export type FaceJobResult = WireAnalysis | WireRunAnswer[];

/** An Analysis as JSON: the descriptor (Float32) and the thumbnail (bytes) as base64. */
export type WireAnalysis = Omit<Analysis, 'faces'> & {
  faces: (Omit<Analysis['faces'][number], 'descriptor' | 'thumb'> & { descriptor: string | null; thumb: string })[];
};

const b64 = (bytes: ArrayBufferView) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

export function encodeAnalysis(a: Analysis): WireAnalysis {
  return { ...a, faces: a.faces.map((f) => ({ ...f, descriptor: f.descriptor ? b64(f.descriptor) : null, thumb: b64(f.thumb) })) };
}

export function decodeAnalysis(w: WireAnalysis): Analysis {
  return {
    ...w,
    faces: w.faces.map((f) => {
      const descriptor = f.descriptor === null ? null : Buffer.from(f.descriptor, 'base64');
      return {
        ...f,
        // A copy into an aligned buffer: a Buffer's bytes may start at an offset a Float32Array cannot view.
        descriptor: descriptor ? new Float32Array(new Uint8Array(descriptor).buffer) : null,
        thumb: new Uint8Array(Buffer.from(f.thumb, 'base64')),
      };
    }),
  };
}

/** The failure reasons a face process gives that the web process maps to its own errors. */
export const INVALID_IMAGE = 'invalid_image';
export const EXPIRED = 'expired';

export interface Presence {
  /** Jobs the process analyses at once. */
  concurrency: number;
  /** Its running average wall time per job (ms; a job is an image or a run of frames), measured around the local pool. */
  averageMs: number;
}

/** Said by a face process every PRESENCE_EVERY_MS. */
export async function sayPresent(redis: Redis, queue: string, id: string, presence: Presence): Promise<void> {
  await redis.multi().sadd(presenceSet(queue), id).set(presenceKey(queue, id), JSON.stringify(presence), 'PX', PRESENCE_TTL_MS).exec();
}

export async function sayGone(redis: Redis, queue: string, id: string): Promise<void> {
  await redis.multi().srem(presenceSet(queue), id).del(presenceKey(queue, id)).exec();
}

export interface Capacity {
  /** Face processes alive. */
  processes: number;
  /** Images analysed at once across them. */
  slots: number;
  /** Average time per image across them, weighted by their slots (ms). */
  averageMs: number;
}

/** The face processes alive now; the ids whose key expired (a killed process) are dropped from the set. */
export async function readCapacity(redis: Redis, queue: string): Promise<Capacity> {
  const ids = await redis.smembers(presenceSet(queue));
  const values = ids.length ? await redis.mget(ids.map((id) => presenceKey(queue, id))) : [];
  const gone = ids.filter((_, i) => values[i] === null);
  if (gone.length) await redis.srem(presenceSet(queue), ...gone);
  const alive = values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as Presence);
  const slots = alive.reduce((n, p) => n + p.concurrency, 0);
  const averageMs = slots ? alive.reduce((n, p) => n + p.averageMs * p.concurrency, 0) / slots : 0;
  return { processes: alive.length, slots, averageMs };
}
