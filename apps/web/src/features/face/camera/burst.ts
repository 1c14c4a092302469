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

/**
 * The longest gap thinning may leave by sparing a marked frame (ms): the server refuses a gap over 700 ms
 * (`burst_timing`, decision 0049), so past this a marked frame goes like any other rather than stretch the timeline.
 */
export const THIN_MAX_GAP_MS = 600;

const maxGap = (frames: readonly { t: number }[]) => Math.max(0, ...frames.slice(1).map((f, i) => f.t - frames[i].t));

/**
 * At most `max` frames, as evenly spread in time as the capture allows: for each of `max` times evenly spaced from the
 * first frame to the last, the nearest frame not yet taken (first and last always stay). Then each frame the page
 * marked (`keep`: the moment a step was seen) takes the place of its nearest unmarked neighbour, as long as no gap
 * grows past THIN_MAX_GAP_MS. (Dropping the frame with the closest neighbours, one at a time, leaves gaps of four
 * frames where the ratio is not a whole number: 41 frames at 5 fps thinned to 16 had an 800 ms gap.)
 */
export function thinFrames<T extends { t: number; keep?: boolean }>(frames: readonly T[], max: number): T[] {
  const n = frames.length;
  const m = Math.max(2, max);
  if (n <= m) return [...frames];
  const t0 = frames[0].t;
  const step = (frames[n - 1].t - t0) / (m - 1);
  const picked: number[] = [];
  for (let k = 0; k < m; k++) {
    const from = k === 0 ? 0 : picked[k - 1] + 1;
    const to = n - (m - k); // leave room for the frames still to pick
    let best = from;
    for (let j = from; j <= to; j++) if (Math.abs(frames[j].t - (t0 + k * step)) < Math.abs(frames[best].t - (t0 + k * step))) best = j;
    picked.push(k === m - 1 ? n - 1 : best);
  }
  for (let j = 1; j < n - 1; j++) {
    if (!frames[j].keep || picked.includes(j)) continue;
    // The nearest picked interior frame that is not itself marked, replaced by this one if the gaps allow.
    const candidates = picked
      .map((p, k) => ({ p, k }))
      .filter(({ p, k }) => k > 0 && k < m - 1 && !frames[p].keep)
      .sort((x, y) => Math.abs(frames[x.p].t - frames[j].t) - Math.abs(frames[y.p].t - frames[j].t));
    const near = candidates[0];
    if (!near) continue;
    const trial = [...picked];
    trial[near.k] = j;
    trial.sort((x, y) => x - y);
    if (maxGap(trial.map((i) => frames[i])) <= THIN_MAX_GAP_MS) picked.splice(0, m, ...trial);
  }
  return picked.map((i) => frames[i]);
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
  /** Stops, waits for the encodings, and gives the frames in capture order with times from the first (0). */
  stop(): Promise<RecordedFrame[]>;
  /** The recording's counts so far (complete after `stop`). */
  report(): BurstReport;
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
  const counts = { callbacks: 0, taken: 0, skipped: 0, failed: 0, longestGapMs: 0 };
  let stopTimer = () => {};

  const take = (t: number) => {
    if (!running) return;
    counts.callbacks++;
    // A frame a little early still counts (frame callbacks come at the camera's rate, not ours).
    if (t - last < period * 0.85 || !video.videoWidth) return;
    // Never silently: a skipped frame is counted (and its gap shows in the times the server judges).
    if (pending >= MAX_PENDING) {
      counts.skipped++;
      return;
    }
    last = t;
    counts.taken++;
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
