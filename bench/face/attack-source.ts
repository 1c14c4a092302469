/**
 * The attack suite's bursts (apps/server/src/modules/face/attack-suite.ts) for the REAL engine: rendered 3-D heads
 * (decision 0040, built from frontal fixture photos) and pictures of them, as a kiosk camera would record them over a
 * challenge (about 6 fps with jitter and late frames, thinned to 16: head3d/bursts.ts).
 *
 *  - genuine: the head follows the steps (turns, smile, open mouth), at its own place, turn and light each time;
 *    enrolled from three of its own frontal renders;
 *  - static_photo: the head printed flat (a card), held up with a hand's tremor for the whole challenge;
 *  - photo_pair: photos of the person doing each step (stills of the head: front, turned, smiling, mouth open) held
 *    up in turn, each wobbling in the hand; every other attempt the mirror trick (the left turn flipped for "right");
 *  - waved_photo: a flat or curved card turned, tilted, slid, rolled, brought nearer (head3d/bursts.ts `WAVES`);
 *  - screen_photo: those stills on a phone or laptop screen: moiré, glare, blur, a colour cast (one of each in turn,
 *    always a little blur and the screen's edge);
 *  - reordered: a recording of the head doing all four steps, cut at its steps and put in the new order;
 *  - two_people: two heads following the same steps at the same place, one for the first frames, the other after;
 *  - altered: an accepted burst re-encoded / resized / brightened (attack-suite's ALTERATIONS).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp, { type OverlayOptions } from 'sharp';
import { ALTERATIONS, type BurstSource } from '../../apps/server/src/modules/face/attack-suite.js';
import type { BurstFrames } from '../../apps/server/src/modules/face/test-helpers.js';
import type { Windows } from './head3d/bursts.js';
import { captureTimes, cardOf, KIOSK_TIMING, moment, recordAndThin, recordTimes, stepKeys, turnWindows, WAVES, type Wave, waveKeys } from './head3d/bursts.js';
import { GENUINE_HEADS } from './head3d/genuine.js';
import { buildHead } from './head3d/model.js';
import { CHROMIUM, type HeadRenderer, headRenderer } from './head3d/render.js';
import { type Key, NEUTRAL, type Pose, poseAt } from './head3d/script.js';

/** Each head's turn on the server engine (decision 0040's calibration). */
const TURNS = [45, 45, 40, 40];
const ALL_STEPS = ['left', 'smile', 'right', 'mouth'];

export interface RealSource extends BurstSource {
  close(): Promise<void>;
}

const withTimes = (frames: Buffer[], times: readonly number[]): BurstFrames => Object.assign(frames, { frameTimes: times.join(',') });

export async function renderedSource(fixturesDir: string, random: () => number, files = GENUINE_HEADS): Promise<RealSource> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const models = [];
  for (const f of files) models.push(await buildHead(join(fixturesDir, f)));
  const heads: HeadRenderer[] = [];
  const flat: HeadRenderer[] = [];
  const curved: HeadRenderer[] = [];
  for (const m of models) {
    heads.push(await headRenderer(m, { browser }));
    flat.push(await headRenderer(cardOf(m), { browser }));
    curved.push(await headRenderer(cardOf(m, 0.12), { browser }));
  }
  const people = files.map((f) =>
    f
      .split('/')
      .pop()!
      .replace(/\.\w+$/, ''),
  );
  const at = (person: string) => people.indexOf(person);
  let seed = 0;
  // One frame at a time per renderer (its page draws then reads the canvas back): rounds run concurrently
  // (bench:attacks --concurrency), and two_people renders another round's head.
  const queues = new Map<HeadRenderer, Promise<unknown>>();
  const shoot = (r: HeadRenderer, pose: Pose) => {
    const frame = (queues.get(r) ?? Promise.resolve()).then(() => r.renderJpeg(pose, ++seed, 0.85));
    queues.set(
      r,
      frame.catch(() => {}),
    );
    return frame;
  };
  const renderAt = async (r: HeadRenderer, keys: readonly Key[], times: readonly number[]) => {
    const frames: Buffer[] = [];
    for (const t of times) frames.push(await shoot(r, poseAt(keys, t)));
    return withTimes(frames, times);
  };
  /** What the page sends of a camera recording at `times` (every frame, the turns settled and thinned: recordAndThin). */
  const recordAt = async (times: readonly number[], dense: Windows, frameAt: (t: number) => Promise<Buffer>) => {
    const sent = await recordAndThin(times, dense, frameAt);
    return withTimes(sent.frames, sent.times);
  };
  const turnOf = (person: string) => TURNS[at(person) % TURNS.length] + random() * 5;

  /** A print of `still` (a whole frame) held up in the hand: smaller, on another wall, wobbling, with sensor noise. */
  async function held(still: Buffer, bg: number, scale: number, wobble: number, dx: number, dy: number): Promise<Buffer> {
    const w = Math.round(640 * scale);
    const h = Math.round(480 * scale);
    const print = await sharp(still)
      .resize(w, h)
      .rotate(wobble, { background: { r: bg, g: bg - 6, b: bg - 12 } })
      .toBuffer({ resolveWithObject: true });
    const pw = Math.min(640, print.info.width);
    const ph = Math.min(480, print.info.height);
    const left = Math.max(0, Math.min(640 - pw, Math.round((640 - pw) / 2 + dx)));
    const top = Math.max(0, Math.min(480 - ph, Math.round((480 - ph) / 2 + dy)));
    return sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: bg, g: bg - 6, b: bg - 12 }, noise: { type: 'gaussian', mean: 0, sigma: 3 } },
    })
      .composite([{ input: await sharp(print.data).extract({ left: 0, top: 0, width: pw, height: ph }).toBuffer(), left, top }])
      .jpeg({ quality: 85 })
      .toBuffer();
  }

  /** Photos of the person doing each step, held up in turn over the challenge's time (the mirror trick when `mirror`). */
  async function stills(person: string, steps: readonly string[], mirror: boolean, look: (frame: Buffer) => Promise<Buffer> = async (f) => f) {
    const r = heads[at(person)];
    const base = { ...NEUTRAL, ...moment(random) } as Pose;
    const turn = turnOf(person);
    const poseOf = (s: string): Pose => ({
      ...base,
      yaw: s === 'left' ? -turn : s === 'right' ? turn : 0,
      smile: s === 'smile' ? 1 : 0,
      mouth: s === 'mouth' ? 1 : 0,
    });
    const photos = new Map<string, Buffer>();
    for (const s of ['straight', ...steps]) photos.set(s, await shoot(r, poseOf(s)));
    if (mirror && steps.includes('right'))
      photos.set(
        'right',
        await sharp(photos.get('left') ?? (await shoot(r, poseOf('left'))))
          .flop()
          .jpeg()
          .toBuffer(),
      );
    const shown = ['straight', ...steps];
    const segment = 900 + random() * 300;
    // The page shows step k's prompt ~150 ms before the attacker has swapped the photo for it.
    const prompts = steps.map((_, k) => (k + 1) * segment - 150);
    const dense = turnWindows(steps, prompts);
    const times = recordTimes(shown.length * segment, random, KIOSK_TIMING, dense);
    const bg = 140 + Math.floor(random() * 50);
    const scale = 0.75 + random() * 0.2;
    const [dx, dy] = [(random() - 0.5) * 60, (random() - 0.5) * 40];
    return recordAt(times, dense, async (t) => {
      const s = shown[Math.min(shown.length - 1, Math.floor(t / segment))];
      return look(await held(photos.get(s)!, bg, scale, (random() - 0.5) * 3, dx + (random() - 0.5) * 8, dy + (random() - 0.5) * 8));
    });
  }

  /** The screen of a phone or laptop in front of the camera: effect `i % 4` (moiré, glare, blur, colour cast). */
  async function onScreen(frame: Buffer, i: number): Promise<Buffer> {
    const kind = i % 4;
    const overlays: OverlayOptions[] = [];
    const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">${body}</svg>`);
    if (kind === 0) {
      // Moiré: the screen's pixel grid beating with the camera's, fine slanted bands.
      const period = 3 + (i % 3);
      overlays.push({
        input: svg(
          `<defs><pattern id="m" width="${period}" height="${period}" patternUnits="userSpaceOnUse" patternTransform="rotate(${7 + (i % 11)})"><rect width="1" height="${period}" fill="black" opacity="0.35"/></pattern></defs><rect width="640" height="480" fill="url(#m)"/>`,
        ),
      });
    }
    if (kind === 1)
      overlays.push({
        input: svg(
          `<defs><radialGradient id="g"><stop offset="0" stop-color="white" stop-opacity="0.85"/><stop offset="1" stop-color="white" stop-opacity="0"/></radialGradient></defs><ellipse cx="${200 + (i % 5) * 50}" cy="${120 + (i % 3) * 60}" rx="160" ry="110" fill="url(#g)"/>`,
        ),
      });
    // The screen's edge (a dark bezel) around the picture.
    overlays.push({ input: svg('<rect x="6" y="6" width="628" height="468" fill="none" stroke="#111" stroke-width="14"/>') });
    let img = sharp(frame).composite(overlays);
    img = sharp(await img.toBuffer()).blur(kind === 2 ? 1.6 + (i % 3) * 0.4 : 0.5);
    if (kind === 3) {
      const cast = [
        [0.85, 1.0, 1.2],
        [1.15, 1.0, 0.8],
        [0.9, 1.15, 0.9],
      ][i % 3];
      img = img.linear(cast, [0, 0, 0]);
    }
    return img.jpeg({ quality: 85 }).toBuffer();
  }

  return {
    people,
    async enrolment(person) {
      const r = heads[at(person)];
      const out: Buffer[] = [];
      for (const light of [0.96, 1, 1.04]) out.push(await shoot(r, { ...NEUTRAL, x: (random() - 0.5) * 0.1, light: [light, light, light] }));
      return out;
    },
    async genuine(person, steps) {
      const { keys, ms, dense } = stepKeys(steps, turnOf(person), moment(random), random);
      const head = heads[at(person)];
      return recordAt(recordTimes(ms, random, KIOSK_TIMING, dense), dense, (t) => shoot(head, poseAt(keys, t)));
    },
    async staticPhoto(person, steps) {
      const { ms, dense } = stepKeys(steps, 0, {}, random);
      const base = { ...NEUTRAL, ...moment(random) };
      const card = flat[at(person)];
      // A hand's tremor: a little turn, tilt and roll each frame.
      return recordAt(recordTimes(ms, random, KIOSK_TIMING, dense), dense, () =>
        shoot(card, { ...base, yaw: (random() - 0.5) * 2, pitch: (random() - 0.5) * 2, roll: (base.roll ?? 0) + (random() - 0.5) * 2 } as Pose),
      );
    },
    photoPair: (person, steps, i) => stills(person, steps, i % 2 === 1),
    async wavedPhoto(person, steps, i) {
      const wave: Wave = WAVES[i % WAVES.length];
      const { keys, ms, dense } = waveKeys(steps, wave, 45, random);
      const card = (wave === 'curved' ? curved : flat)[at(person)];
      return recordAt(recordTimes(ms, random, KIOSK_TIMING, dense), dense, (t) => shoot(card, poseAt(keys, t)));
    },
    screenPhoto: (person, steps, i) => stills(person, steps, i % 2 === 1, (f) => onScreen(f, i)),
    async reordered(person, steps) {
      // The person's own recording of all four steps (never sent), at the page's rate, 24 frames kept.
      const order = [...ALL_STEPS].sort(() => random() - 0.5);
      const { keys, ms, dense } = stepKeys(order, turnOf(person), moment(random), random);
      const recorded = await renderAt(heads[at(person)], keys, captureTimes(ms, random, KIOSK_TIMING, dense));
      const n = recorded.length;
      const parts = order.map((_, p) => recorded.slice(Math.floor((p * n) / order.length), Math.floor(((p + 1) * n) / order.length)));
      const cut = steps.flatMap((s) => parts[order.indexOf(s)] ?? []);
      const keep = Array.from({ length: Math.min(16, cut.length) }, (_, k) => cut[Math.round((k * (cut.length - 1)) / (Math.min(16, cut.length) - 1))]);
      const times = [0];
      for (let k = 1; k < keep.length; k++) times.push(Math.round(times[k - 1] + (1000 / 6) * (0.9 + random() * 0.2)));
      return withTimes(keep, times);
    },
    async twoPeople(a, b, steps) {
      const { keys, ms, dense } = stepKeys(steps, turnOf(a), moment(random), random);
      const times = recordTimes(ms, random, KIOSK_TIMING, dense);
      // The second person takes the place of the first somewhere after the first frames and before the last.
      const swap = times[4 + Math.floor(random() * (times.length - 8))];
      return recordAt(times, dense, (t) => shoot(heads[at(t < swap ? a : b)], poseAt(keys, t)));
    },
    async altered(frames, _person, _steps, i) {
      const alter = ALTERATIONS[i % ALTERATIONS.length];
      return withTimes(await Promise.all(frames.map((f) => alter(f))), frames.frameTimes!.split(',').map(Number));
    },
    async close() {
      for (const r of [...heads, ...flat, ...curved]) await r.close();
      await browser.close();
    },
  };
}
