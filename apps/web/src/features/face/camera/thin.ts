/**
 * Thinning a kiosk recording to the frames the server takes (decisions 0063 and 0080). Pure (no DOM): the attack
 * benches thin their modelled recordings with it too, so the bench and the page keep the same frames.
 *
 * Frames recorded while the head turns (`dense`: from a turn's prompt until the head is back) are kept closer together
 * than the rest: a gap between two of them counts `DENSE_WEIGHT` times its length. The server refuses a yaw step
 * between neighbouring frames larger than a head turns in a short gap (`BURST.maxYawStep`), which is how a photo
 * swapped for another is told from a head turning (decision 0080); a genuine turn must therefore be recorded without
 * long gaps, and the stills between the steps can spare the frames. Inside a turn's window only the frames where the
 * picture moves stay dense (`settleDense`, decision 0085): the person reading the prompt and holding the turn is still.
 */

export interface Thinnable {
  /** Capture time, ms. */
  t: number;
  /** A frame the page wants kept (the moment a step was seen). */
  keep?: boolean;
  /** Recorded while a head turn was asked (or the head was coming back from one). */
  dense?: boolean;
  /** The frame as a tiny grey picture (THUMB, row by row), for the motion measure (`settleDense`); absent: unknown. */
  thumb?: Uint8Array | null;
}

/**
 * The thumbnail a recorded frame gets for the motion measure: the whole frame shrunk to 24x18 grey cells. A head
 * turning changes the cells round the face by tens of grey levels between frames; a camera's noise averages out.
 */
export const THUMB = { width: 24, height: 18 } as const;

/** Grey cells (0-255) from the RGBA pixels of a THUMB-sized picture (ITU-R 601 luma). */
export function greyOf(rgba: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(THUMB.width * THUMB.height);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
  return out;
}

/**
 * How much each frame changed from the one before: the mean absolute difference of their thumbnails, once the
 * median difference (the camera's exposure moving every cell alike) is taken out. Null for the first frame and
 * wherever a thumbnail is missing.
 */
export function motionOf(frames: readonly { thumb?: Uint8Array | null }[]): (number | null)[] {
  return frames.map((f, i) => {
    const [a, b] = [frames[i - 1]?.thumb, f.thumb];
    if (!a || !b || a.length !== b.length || !a.length) return null;
    // Sorted for the median; the sum below does not depend on the order.
    const d = Array.from(b, (x, k) => x - a[k]).sort((x, y) => x - y);
    const shift = d[d.length >> 1];
    return d.reduce((s, x) => s + Math.abs(x - shift), 0) / d.length;
  });
}

/**
 * Within a turn's frames, the share of its largest change from frame to frame under which the head counts as still
 * (decision 0085): the person reading the prompt before moving, the turn held while the guidance confirms it.
 */
export const STILL_SHARE = 0.2;

/**
 * A turn's frames narrowed to where the head moves (decision 0085). The page marks a turn dense from its prompt until
 * its guidance has seen it, and the head coming back for TURN_RETURN_MS; a person takes 0.3-0.6 s to react, so much
 * of that is a still head, and a 4-step challenge with two turns recorded ~51 turn frames of its ~68: thinning to the
 * server's cap halved the turns' rate, and genuine turns were refused as jumps. Inside each run of dense frames, a
 * frame stays dense when the change into it or out of it reaches STILL_SHARE of the run's largest; the others count
 * as still frames. A run with a thumbnail missing, or where nothing changed, is left as it was.
 */
export function settleDense<T extends Thinnable>(frames: readonly T[], measure: (frames: readonly T[]) => (number | null)[] = motionOf): T[] {
  const motion = measure(frames);
  const out = frames.map((f) => ({ ...f }));
  for (let a = 0; a < frames.length; ) {
    if (!frames[a].dense) {
      a++;
      continue;
    }
    let b = a;
    while (b + 1 < frames.length && frames[b + 1].dense) b++;
    // The changes into the run's frames and out of its last one (the first frame has none).
    const changes = motion.slice(Math.max(1, a), Math.min(frames.length, b + 2));
    const known = changes.filter((m): m is number => m !== null);
    const largest = Math.max(0, ...known);
    if (known.length === changes.length && largest > 0)
      for (let i = a; i <= b; i++) out[i].dense = Math.max(motion[i] ?? 0, motion[i + 1] ?? 0) >= STILL_SHARE * largest;
    a = b + 1;
  }
  return out;
}

/**
 * The longest gap thinning may leave by sparing a marked frame (ms): the server refuses a gap over 1 s and gives any
 * gap no more motion than 700 ms (`burst_timing`, decision 0049), so past this a marked frame goes like any other
 * rather than stretch the timeline.
 */
export const THIN_MAX_GAP_MS = 600;

/**
 * How much longer a gap next to a turn's frame counts when thinning. 2: a 6 fps recording of a 6 s challenge (36
 * frames, 32 sent) keeps every frame of its turns (gaps of ~167 ms, a yaw step of 9-15° as Human reads a head
 * turning) and leaves the still parts gaps up to ~500 ms; with even thinning a turn crossed a 330-400 ms gap and read a
 * yaw step of 19-24°, as large as a swapped photo's (decision 0074). 3 (decision 0085): the turns are recorded at 12
 * fps or more (TURN_GAP_MS), and at 2 a turn's 83 ms gap weighed the same as a still part's 167 ms one, so thinning cut
 * both alike; at 3 the still parts give way first (a 4-step challenge's still gaps: ~350 ms, at most ~440 ms, modelled).
 */
export const DENSE_WEIGHT = 3;

/**
 * After a turn, the next step's frames stay part of the turn this long (the head coming back to the front; people take
 * 0.3-0.6 s to react and ~0.5 s to turn). The kiosk page (useKioskFlow) and the benches' model of it use this one value.
 */
export const TURN_RETURN_MS = 900;

/**
 * While a head turns, the kiosk takes every camera frame at least this far apart (ms; the server refuses gaps under 40).
 * The server refuses a yaw step between neighbouring frames larger than a head turns in the gap; a frame late by one or
 * two periods in a 6 fps turn left a genuine turn a gap of 330-500 ms, where it was refused as often as a swapped photo
 * hid (decision 0083: 12 fps in turns, twice the burst's rate). Stop 43's CI refused the face journey's genuine turn:
 * its camera gave frames at 12 fps a display refresh early or late (67-100 ms apart), the page took a frame 70 ms after
 * the last at the soonest, and a turn was recorded at 133-216 ms gaps (decision 0086). Every frame it is given, then: a
 * 30 fps camera's turns at 15 fps (every second frame), a 12 fps camera's at its own rate whatever its jitter.
 * Thinning still sends at most the challenge's `maxFrames`. The page (burst.ts) and the benches' model of it use this.
 */
export const TURN_GAP_MS = 45;

export const maxGap = (frames: readonly { t: number }[]) => Math.max(0, ...frames.slice(1).map((f, i) => f.t - frames[i].t));

/** A gap as thinning weighs it: a gap that touches a turn's frame counts DENSE_WEIGHT times. */
const cost = (a: Thinnable, b: Thinnable) => (b.t - a.t) * (a.dense || b.dense ? DENSE_WEIGHT : 1);
const maxCost = (frames: readonly Thinnable[]) => Math.max(0, ...frames.slice(1).map((f, i) => cost(frames[i], f)));

/**
 * The fewest picks (indices, first and last included) whose weighed gaps are all ≤ `limit`: from each pick, the
 * farthest frame within the limit. Null when a gap between neighbouring frames is already over, or more than `max`
 * picks are needed.
 */
function picksWithin(frames: readonly Thinnable[], limit: number, max: number): number[] | null {
  const picks = [0];
  for (let i = 0; i < frames.length - 1; ) {
    let j = i + 1;
    if (cost(frames[i], frames[j]) > limit) return null;
    while (j + 1 < frames.length && cost(frames[i], frames[j + 1]) <= limit) j++;
    picks.push(j);
    if (picks.length > max) return null;
    i = j;
  }
  return picks;
}

/**
 * At most `max` frames whose longest weighed gap is the least the recording allows (issue 17: picking the frame
 * nearest each of `max` evenly spaced times left a 967 ms gap in a recording whose longest was 783 ms, and the server
 * refuses a gap over its limit). The fewest frames within that gap first, then the frame nearest the middle of the
 * longest weighed gap until `max`, so the gaps are as even as the capture allows (first and last always stay). Then
 * each frame the page marked (`keep`: the moment a step was seen) takes the place of its nearest unmarked neighbour,
 * as long as no gap grows past THIN_MAX_GAP_MS (or the least longest gap, when the capture left no better) and no
 * gap inside a turn grows.
 */
export function thinFrames<T extends Thinnable>(frames: readonly T[], max: number): T[] {
  const n = frames.length;
  const m = Math.max(2, max);
  if (n <= m) return [...frames];
  // The least longest weighed gap, to the millisecond: between the longest neighbour gap and the whole span.
  let [lo, hi] = [maxCost(frames), (frames[n - 1].t - frames[0].t) * DENSE_WEIGHT];
  let picked = picksWithin(frames, hi, m) ?? [0, n - 1];
  while (hi - lo > 1) {
    const mid = (lo + hi) / 2;
    const p = picksWithin(frames, mid, m);
    if (p) [hi, picked] = [mid, p];
    else lo = mid;
  }
  const least = maxGap(picked.map((i) => frames[i]));
  while (picked.length < m) {
    // Split the longest weighed gap that still has a frame inside, at the frame nearest its middle.
    let best: { k: number; gap: number } | null = null;
    for (let k = 1; k < picked.length; k++) {
      const gap = cost(frames[picked[k - 1]], frames[picked[k]]);
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
  const turnGap = (p: number[]) => Math.max(0, ...p.slice(1).map((x, k) => (frames[p[k]].dense && frames[x].dense ? frames[x].t - frames[p[k]].t : 0)));
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
    if (maxGap(trial.map((i) => frames[i])) <= allowed && turnGap(trial) <= turnGap(picked)) picked = trial;
  }
  return picked.map((i) => frames[i]);
}
