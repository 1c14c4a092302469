/**
 * The kiosk's continuous burst (decisions 0049, 0063): the camera recorded over the whole challenge at the rate the
 * challenge asks, each frame with its capture time, encoded to an unmirrored JPEG off the main thread where the
 * browser can (createImageBitmap + OffscreenCanvas in a worker; else a canvas here), then thinned to what the server
 * takes keeping the gaps even.
 */
import { captureJpeg } from './capture';

export interface RecordedFrame {
  /** Capture time, ms (the frame's own capture time where the browser gives it, else when it was handed over). */
  t: number;
  /** A frame the page wants kept when thinning (the moment a step was seen). */
  keep: boolean;
  blob: Blob;
}

/** Spans within this share of the smallest count as equally small (camera jitter): the earliest of them goes. */
const THIN_TIE = 0.1;

/**
 * At most `max` frames: repeatedly drops the frame whose neighbours are closest in time (the smallest gap it would
 * leave; among spans equal but for the camera's jitter, the earliest, so the frames thin in pairs and the gaps stay
 * even), never the first or the last, and a `keep` frame only when nothing else is left to drop.
 */
export function thinFrames<T extends { t: number; keep?: boolean }>(frames: readonly T[], max: number): T[] {
  const out = [...frames];
  while (out.length > Math.max(2, max)) {
    let drop = -1;
    for (const kept of [false, true]) {
      const spans = out.map((f, i) => (i > 0 && i < out.length - 1 && !!f.keep === kept ? out[i + 1].t - out[i - 1].t : Number.POSITIVE_INFINITY));
      const least = Math.min(...spans);
      if (least === Number.POSITIVE_INFINITY) continue;
      drop = spans.findIndex((span) => span <= least * (1 + THIN_TIE));
      break;
    }
    out.splice(drop, 1);
  }
  return out;
}

/** Encodes a video frame to JPEG: in a worker when the browser can, else on the main thread. */
type Encoder = { encode(video: HTMLVideoElement): Promise<Blob | null>; close(): void };

function workerEncoder(): Encoder | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./jpegEncoder.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  let next = 0;
  const waiting = new Map<number, (blob: Blob | null) => void>();
  worker.onmessage = ({ data }: MessageEvent<{ id: number; blob?: Blob }>) => {
    waiting.get(data.id)?.(data.blob ?? null);
    waiting.delete(data.id);
  };
  worker.onerror = () => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
  };
  return {
    async encode(video) {
      // The bitmap holds the frame shown now; drawing and JPEG encoding happen in the worker.
      const bitmap = await createImageBitmap(video);
      const id = next++;
      return new Promise<Blob | null>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, bitmap }, [bitmap]);
      });
    },
    close: () => worker.terminate(),
  };
}

const mainThreadEncoder: Encoder = { encode: (video) => captureJpeg(video).catch(() => null), close: () => {} };

/** Frames still being encoded beyond which a new frame is skipped (a slow kiosk: the times say so, the server judges). */
const MAX_PENDING = 6;

export interface BurstRecorder {
  /** Marks the next recorded frame to be kept when thinning. */
  keepNext(): void;
  /** Stops, waits for the encodings, and gives the frames in capture order with times from the first (0). */
  stop(): Promise<RecordedFrame[]>;
}

type FrameMeta = { captureTime?: number; expectedDisplayTime?: number };

/**
 * Records `video` at `fps` until stopped: frame callbacks (requestVideoFrameCallback) where the browser has them,
 * each frame's capture time from its metadata; a timer otherwise.
 */
export function recordBurst(video: HTMLVideoElement, fps: number): BurstRecorder {
  const encoder = workerEncoder() ?? mainThreadEncoder;
  const period = 1000 / fps;
  const frames: { t: number; keep: boolean; blob: Promise<Blob | null> }[] = [];
  let [running, keep, pending, last] = [true, false, 0, Number.NEGATIVE_INFINITY];
  let stopTimer = () => {};

  const take = (t: number) => {
    // A frame a little early still counts (frame callbacks come at the camera's rate, not ours).
    if (!running || t - last < period * 0.85 || pending >= MAX_PENDING || !video.videoWidth) return;
    last = t;
    pending++;
    const blob = (encoder === mainThreadEncoder ? encoder.encode(video) : encoder.encode(video).catch(() => mainThreadEncoder.encode(video))).finally(() => {
      pending--;
    });
    frames.push({ t, keep, blob });
    keep = false;
  };

  if (typeof video.requestVideoFrameCallback === 'function') {
    let handle = 0;
    const onFrame = (now: number, meta: FrameMeta) => {
      if (!running) return;
      take(typeof meta.captureTime === 'number' ? meta.captureTime : now);
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    stopTimer = () => video.cancelVideoFrameCallback(handle);
  } else {
    take(performance.now());
    const timer = setInterval(() => take(performance.now()), Math.max(20, period / 2));
    stopTimer = () => clearInterval(timer);
  }

  return {
    keepNext() {
      keep = true;
    },
    async stop() {
      running = false;
      stopTimer();
      const out: RecordedFrame[] = [];
      for (const f of frames) {
        const blob = await f.blob;
        if (blob) out.push({ t: f.t, keep: f.keep, blob });
      }
      encoder.close();
      const t0 = out[0]?.t ?? 0;
      return out.map((f) => ({ ...f, t: f.t - t0 }));
    },
  };
}
