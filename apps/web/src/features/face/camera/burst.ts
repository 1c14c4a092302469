/**
 * The kiosk's continuous burst (decisions 0049, 0063): the camera recorded over the whole challenge at the rate the
 * challenge asks, each frame with its capture time, encoded to an unmirrored JPEG off the main thread where the
 * browser can (createImageBitmap + OffscreenCanvas in a worker; else a canvas here), then thinned to what the server
 * takes keeping the gaps even, and short while the head turns (thin.ts, decision 0080).
 */
import { captureJpeg } from './capture';
import { greyOf, maxGap, THUMB, TURN_GAP_MS } from './thin';

export interface RecordedFrame {
  /** Capture time, ms (the frame's own capture time where the browser gives it, else when it was handed over). */
  t: number;
  /** A frame the page wants kept when thinning (the moment a step was seen). */
  keep: boolean;
  /** Recorded while a head turn was asked or the head was coming back (thinning keeps these close: thin.ts). */
  dense: boolean;
  blob: Blob;
  /** The frame shrunk to THUMB grey cells, for the motion measure (thin.ts `settleDense`); null where unavailable. */
  thumb: Uint8Array | null;
}

/** A frame encoded: the JPEG and its thumbnail. */
type Encoded = { blob: Blob; thumb: Uint8Array | null };
/** Encodes a video frame to JPEG: in a worker when the browser can, else on the main thread. */
type Encoder = { encode(video: HTMLVideoElement): Promise<Encoded | null>; close(): void };

function workerEncoder(): Encoder | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./jpegEncoder.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  let next = 0;
  const waiting = new Map<number, (encoded: Encoded | null) => void>();
  worker.onmessage = ({ data }: MessageEvent<{ id: number; blob?: Blob; thumb?: Uint8Array }>) => {
    waiting.get(data.id)?.(data.blob ? { blob: data.blob, thumb: data.thumb ?? null } : null);
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
      return new Promise<Encoded | null>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, bitmap }, [bitmap]);
      });
    },
    close: () => worker.terminate(),
  };
}

/**
 * The frame shown now as THUMB grey cells (null where the browser's canvas cannot read pixels back). The whole source
 * rectangle is named (9 arguments): only the JPEG's drawing letterboxes it.
 */
let thumbCtx: CanvasRenderingContext2D | null | undefined;
function thumbOf(video: HTMLVideoElement): Uint8Array | null {
  try {
    // One small canvas for every frame (the worker keeps its own).
    if (thumbCtx === undefined) {
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [THUMB.width, THUMB.height];
      thumbCtx = canvas.getContext('2d', { willReadFrequently: true });
    }
    const ctx = thumbCtx;
    if (!ctx?.getImageData || !video.videoWidth) return null;
    ctx.drawImage(video, 0, 0, video.videoWidth, video.videoHeight, 0, 0, THUMB.width, THUMB.height);
    return greyOf(ctx.getImageData(0, 0, THUMB.width, THUMB.height).data);
  } catch {
    return null;
  }
}

const mainThreadEncoder: Encoder = {
  encode: (video) => {
    // The JPEG's drawing happens now, synchronously, and so does the thumbnail's: one frame.
    const jpeg = captureJpeg(video);
    const thumb = thumbOf(video);
    return jpeg.then((blob) => ({ blob, thumb })).catch(() => null);
  },
  close: () => {},
};

/** Frames still being encoded beyond which a new frame is skipped (a slow kiosk: the times say so, the server judges). 24 (was 6): a skipped frame leaves a gap the server may refuse ('burst_timing'), a queued bitmap costs 1.2 MB. */
const MAX_PENDING = 24;

/** What a recording did (the page shows it in `data-kiosk-burst`; issue 17: the timeline refusals are explained by it). */
export interface BurstReport {
  /** Frames the browser handed over (frame callbacks or timer ticks) while recording. */
  callbacks: number;
  /** Frames taken (at the burst's rate), and of them: skipped because the encoder was behind, failed to encode. */
  taken: number;
  skipped: number;
  failed: number;
  /** The gaps (ms) between the frames kept, before thinning, and the longest. */
  longestGapMs: number;
}

export interface BurstRecorder {
  /** Marks the next recorded frame to be kept when thinning. */
  keepNext(): void;
  /**
   * Frames recorded from now until `ms` from now are part of a head turn (Infinity: until called again); 0 ends it.
   * Thinning keeps them close together (thin.ts).
   */
  turning(ms: number): void;
  /** Stops, waits for the encodings, and gives the frames in capture order with times from the first (0). */
  stop(): Promise<RecordedFrame[]>;
  /** The recording's counts so far (complete after `stop`). */
  report(): BurstReport;
}

type FrameMeta = { captureTime?: number; expectedDisplayTime?: number };

/**
 * Records `video` at `fps` (every frame TURN_GAP_MS apart while a head turns) until stopped: frame callbacks
 * (requestVideoFrameCallback) where the browser has them, each frame's capture time from its metadata; a timer
 * otherwise.
 */
export function recordBurst(video: HTMLVideoElement, fps: number): BurstRecorder {
  const encoder = workerEncoder() ?? mainThreadEncoder;
  const period = 1000 / fps;
  const frames: { t: number; keep: boolean; dense: boolean; encoded: Promise<Encoded | null> }[] = [];
  let [running, keep, pending, last] = [true, false, 0, Number.NEGATIVE_INFINITY];
  /** The time on the burst's rate's grid the last frame taken stands for (see `take`). */
  let slot = Number.NEGATIVE_INFINITY;
  /** Until when (performance.now) frames are part of a turn. */
  let denseUntil = Number.NEGATIVE_INFINITY;
  const counts = { callbacks: 0, taken: 0, skipped: 0, failed: 0, longestGapMs: 0 };
  let stopTimer = () => {};

  const take = (t: number) => {
    if (!running) return;
    counts.callbacks++;
    const dense = performance.now() <= denseUntil;
    // A turn: every frame TURN_GAP_MS after the last (thin.ts). The still parts: frames on a grid `period` apart, not
    // `period` after the last frame taken: a camera hands over frames a few ms early or late (a frame callback's time
    // is the display's refresh, 16.7 ms steps), and measured from the last frame, an early frame was skipped and left
    // twice the gap (decision 0086). A frame up to a quarter period early counts; the grid stays within -p/5..+p/4 of
    // the frame taken, so a slow camera does not buy a run of close frames afterwards.
    if (!video.videoWidth || t - last < (dense ? TURN_GAP_MS : Math.max(TURN_GAP_MS, slot + period * 0.75 - last))) return;
    // Never silently: a skipped frame is counted (and its gap shows in the times the server judges).
    if (pending >= MAX_PENDING) {
      counts.skipped++;
      return;
    }
    slot = dense || last === Number.NEGATIVE_INFINITY ? t : Math.min(t + period / 4, Math.max(slot + period, t - period / 5));
    last = t;
    counts.taken++;
    pending++;
    const encoded = (encoder === mainThreadEncoder ? encoder.encode(video) : encoder.encode(video).catch(() => mainThreadEncoder.encode(video))).finally(() => {
      pending--;
    });
    frames.push({ t, keep, dense, encoded });
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
    const timer = setInterval(() => take(performance.now()), TURN_GAP_MS / 2);
    stopTimer = () => clearInterval(timer);
  }

  return {
    keepNext() {
      keep = true;
    },
    turning(ms) {
      denseUntil = performance.now() + ms;
    },
    async stop() {
      running = false;
      stopTimer();
      const out: RecordedFrame[] = [];
      for (const f of frames) {
        const encoded = await f.encoded;
        if (encoded) out.push({ t: f.t, keep: f.keep, dense: f.dense, ...encoded });
        else counts.failed++;
      }
      encoder.close();
      counts.longestGapMs = Math.round(maxGap(out));
      const t0 = out[0]?.t ?? 0;
      return out.map((f) => ({ ...f, t: f.t - t0 }));
    },
    report: () => ({ ...counts }),
  };
}
