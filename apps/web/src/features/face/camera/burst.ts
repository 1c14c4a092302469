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
 * The longest gap thinning may leave by sparing a marked frame (ms): the server refuses a gap over 1 s and gives any gap no more motion than 700 ms
 * (`burst_timing`, decision 0049), so past this a marked frame goes like any other rather than stretch the timeline.
 */
export const THIN_MAX_GAP_MS = 600;

const maxGap = (frames: readonly { t: number }[]) => Math.max(0, ...frames.slice(1).map((f, i) => f.t - frames[i].t));

/**
 * The fewest picks (indices, first and last included) whose gaps are all ≤ `limit`: from each pick, the farthest frame
 * within the limit. Null when a gap between neighbouring frames is already longer, or more than `max` picks are needed.
 */
function picksWithin(frames: readonly { t: number }[], limit: number, max: number): number[] | null {
  const picks = [0];
  for (let i = 0; i < frames.length - 1; ) {
    let j = i + 1;
    if (frames[j].t - frames[i].t > limit) return null;
    while (j + 1 < frames.length && frames[j + 1].t - frames[i].t <= limit) j++;
    picks.push(j);
    if (picks.length > max) return null;
    i = j;
  }
  return picks;
}

/**
 * At most `max` frames whose longest gap is the least the recording allows (issue 17: picking the frame nearest each
 * of `max` evenly spaced times left a 967 ms gap in a recording whose longest was 783 ms, and the server refuses a
 * gap over its limit). The fewest frames within that gap first, then the frame nearest the middle of the longest gap
 * until `max`, so the gaps are as even as the capture allows (first and last always stay). Then each frame the page
 * marked (`keep`: the moment a step was seen) takes the place of its nearest unmarked neighbour, as long as no gap
 * grows past THIN_MAX_GAP_MS (or the least longest gap, when the capture left no better).
 */
export function thinFrames<T extends { t: number; keep?: boolean }>(frames: readonly T[], max: number): T[] {
  const n = frames.length;
  const m = Math.max(2, max);
  if (n <= m) return [...frames];
  // The least longest gap, to the millisecond: between the longest neighbour gap and the whole span.
  let [lo, hi] = [maxGap(frames), frames[n - 1].t - frames[0].t];
  let picked = picksWithin(frames, hi, m) ?? [0, n - 1];
  while (hi - lo > 1) {
    const mid = (lo + hi) / 2;
    const p = picksWithin(frames, mid, m);
    if (p) [hi, picked] = [mid, p];
    else lo = mid;
  }
  const least = maxGap(picked.map((i) => frames[i]));
  while (picked.length < m) {
    // Split the longest gap that still has a frame inside, at the frame nearest its middle.
    let best: { k: number; gap: number } | null = null;
    for (let k = 1; k < picked.length; k++) {
      const gap = frames[picked[k]].t - frames[picked[k - 1]].t;
      if (picked[k] - picked[k - 1] > 1 && (!best || gap > best.gap)) best = { k, gap };
    }
    if (!best) break;
    const [a, b] = [picked[best.k - 1], picked[best.k]];
    const middle = (frames[a].t + frames[b].t) / 2;
    let at = a + 1;
    for (let j = a + 1; j < b; j++) if (Math.abs(frames[j].t - middle) < Math.abs(frames[at].t - middle)) at = j;
    picked.splice(best.k, 0, at);
  }
  const allowed = Math.max(THIN_MAX_GAP_MS, least);
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
    if (maxGap(trial.map((i) => frames[i])) <= allowed) picked = trial;
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
