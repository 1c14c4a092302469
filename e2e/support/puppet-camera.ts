/**
 * A camera for a Playwright page whose picture is the rendered 3-D head (decision 0040) ANSWERING the kiosk's
 * prompts live (decision 0066): a genuine-like person, not a looped video. Whatever the kiosk asks, in whatever order,
 * the head does it after a human reaction lag and holds it until the prompt changes.
 *
 * - Node side (`renderPuppetClips`): short clips rendered once with headRenderer (WebGL in Chromium) as JPEG: a
 *   resting loop (facing the camera, a slight sway), and per step kind the move from rest to the pose and a few held
 *   frames around it (a blink: close and reopen once). Going back plays the move backwards.
 * - Page side (`installPuppet`, an init script): navigator.mediaDevices.getUserMedia answers a video request with a
 *   canvas.captureStream(); a driver draws one frame every 1000/fps ms with fresh sensor noise (never two identical
 *   frames) and watches the kiosk's prompt (`[data-testid="kiosk-step"]`, its `data-step`) with a MutationObserver.
 *   The page, its guidance (Human) and the server see a normal camera; the page's code is not touched. The head is
 *   lit by the kiosk's screen-light colour of the moment (decision 0073), read from the page's DOM at every frame.
 * - A step kind the puppet has no clip for is reported (`takeErrors`, so the journey fails naming it), never guessed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildHead } from '../../bench/face/head3d/model.js';
import { type HeadRenderer, headRenderer } from '../../bench/face/head3d/render.js';
import { ACTION_POSE, type Action, NEUTRAL, type Pose } from '../../bench/face/head3d/script.js';
import { ApiClient, type CreatedEmployee } from './app.js';
import { launch, newContext } from './browser.js';
import { type CameraBrowser, HEAD_TURN } from './face.js';

const HEAD3D = resolve(import.meta.dirname, '../../bench/face/head3d');

/** The kiosk's step names (packages/shared challengeStep) and the head's action for each ('mouth': open the mouth). */
export const PUPPET_STEPS = {
  straight: 'straight',
  left: 'left',
  right: 'right',
  up: 'up',
  down: 'down',
  blink: 'blink',
  smile: 'smile',
  mouth: 'open',
} as const satisfies Record<string, Action>;
export type PuppetStep = keyof typeof PUPPET_STEPS;

export interface PuppetOptions {
  /** Frames per second of the camera (default 12). */
  fps?: number;
  /** The rendered turn for left/right, degrees (default HEAD_TURN of face.ts, calibrated for stock-emotions-a-1). */
  turn?: number;
  /** The rendered nod for up/down, degrees (default 15, as decision 0060 calibrated). */
  nod?: number;
  /** Time to move from rest into a pose (default 450 ms). */
  moveMs?: number;
  /** The reaction lag after a prompt appears, ms: [min, max] (default [300, 500]). */
  lagMs?: [number, number];
}

/** Pre-rendered JPEG frames (base64), handed to the page once per camera start. */
export interface PuppetClips {
  fps: number;
  width: number;
  height: number;
  lagMs: [number, number];
  /** A seamless loop facing the camera (a slight sway). */
  rest: string[];
  /** Per step: the move from rest to the pose (a blink: close and reopen; 'straight': none). */
  go: Record<string, string[]>;
  /** Per step: a seamless loop held at the pose (a blink and 'straight': none, the rest loop plays). */
  hold: Record<string, string[]>;
  /** Rendering time, ms. */
  renderMs: number;
}

/**
 * The move's pace: a quarter smoothstep, three quarters even. A smoothstep's middle frame turned 0.30 of the turn in one
 * camera frame (~7.4° of Human's yaw, 0.089° per ms at 12 fps): the limit the server allows a turn over 134-160 ms
 * (burst.ts maxYawRate). A page slowed by the e2e machine shows the canvas every ~134 ms, and one of its frames then
 * held two of the puppet's steps: 12.3° in 134 ms, refused burst_jump (decision 0066's amendment). With this pace the
 * largest step is 0.224 of the turn, two steps 0.436: a calm turn, as the kiosk asks, reaching the pose as before.
 */
const ease = (t: number) => 0.25 * t * t * (3 - 2 * t) + 0.75 * t;
const mix = (a: Pose, b: Partial<Pose>, w: number): Pose => {
  const out: Pose = { ...a, light: [...a.light] };
  for (const [k, v] of Object.entries(b) as [keyof Pose, number][])
    if (typeof v === 'number') (out as unknown as Record<string, number>)[k] = (a[k] as number) + (v - (a[k] as number)) * w;
  return out;
};
/** A small periodic sway around `pose` at phase p (0-1): a person never holds perfectly still. */
const sway = (pose: Pose, p: number, amp = 1): Pose => ({
  ...pose,
  yaw: pose.yaw + 1.5 * amp * Math.sin(2 * Math.PI * p),
  pitch: pose.pitch + 0.8 * amp * Math.sin(4 * Math.PI * p),
  roll: pose.roll + 0.6 * amp * Math.sin(2 * Math.PI * p + 1),
  x: pose.x + 0.01 * amp * Math.sin(2 * Math.PI * p + 2),
});

/** The target pose of each step kind. */
export function stepPose(step: PuppetStep, opts: PuppetOptions = {}): Partial<Pose> {
  const turn = opts.turn ?? HEAD_TURN;
  const nod = opts.nod ?? 15;
  if (step === 'left') return { yaw: -turn };
  if (step === 'right') return { yaw: turn };
  if (step === 'up') return { pitch: -nod };
  if (step === 'down') return { pitch: nod };
  return ACTION_POSE[PUPPET_STEPS[step]];
}

/** Renders the puppet's clips (≈ 130 frames at 12 fps: a few seconds to a minute under load). */
export async function renderPuppetClips(renderer: HeadRenderer, opts: PuppetOptions = {}): Promise<PuppetClips> {
  const started = performance.now();
  const fps = opts.fps ?? 12;
  const moveFrames = Math.max(3, Math.round(((opts.moveMs ?? 450) * fps) / 1000));
  const { width, height } = await renderer.render(NEUTRAL);
  const frame = async (pose: Pose) => (await renderer.renderJpeg(pose, undefined, 0.88)).toString('base64');
  const loop = async (at: Pose, frames: number, amp: number) => {
    const out: string[] = [];
    for (let i = 0; i < frames; i++) out.push(await frame(sway(at, i / frames, amp)));
    return out;
  };
  const rest = await loop(NEUTRAL, Math.round(fps * 2.5), 1);
  const go: Record<string, string[]> = { straight: [] };
  const hold: Record<string, string[]> = { straight: [] };
  for (const step of Object.keys(PUPPET_STEPS) as PuppetStep[]) {
    if (step === 'straight') continue;
    if (step === 'blink') {
      // At 12 fps: closed for ~250 ms, reopened over ~170 ms (a deliberate blink, as asked: a 5-8 fps burst catches it).
      const lids = [0.5, 1, 1, 1, 0.6, 0.25];
      go.blink = [];
      for (const blink of lids) go.blink.push(await frame({ ...NEUTRAL, light: [1, 1, 1], blink }));
      hold.blink = [];
      continue;
    }
    const target = stepPose(step, opts);
    go[step] = [];
    for (let i = 1; i <= moveFrames; i++) go[step].push(await frame(mix(NEUTRAL, target, ease(i / moveFrames))));
    // Held: a few frames around the pose, played forwards then backwards (a slow, small sway).
    const held = await loop(mix(NEUTRAL, target, 1), Math.round(fps / 2), 0.5);
    hold[step] = [...held, ...held.slice(1, -1).reverse()];
  }
  const lag = opts.lagMs ?? [300, 500];
  return { fps, width, height, lagMs: lag, rest, go, hold, renderMs: Math.round(performance.now() - started) };
}

/**
 * Builds the head from a frontal photo and renders its clips in `browser` (a page, closed after). The clips are kept
 * in the temporary folder, keyed by the photo, the options and the renderer's source: the next run starts at once.
 */
export async function makePuppet(photo: string, browser: Browser, opts: PuppetOptions = {}): Promise<PuppetClips> {
  const hash = createHash('sha256').update(readFileSync(photo)).update(JSON.stringify(opts));
  for (const file of ['model.ts', 'render.ts', 'script.ts']) hash.update(readFileSync(join(HEAD3D, file)));
  hash.update(readFileSync(import.meta.filename));
  const cache = join(tmpdir(), `presente-puppet-${hash.digest('hex').slice(0, 16)}.json`);
  if (existsSync(cache)) return { ...(JSON.parse(readFileSync(cache, 'utf8')) as PuppetClips), renderMs: 0 };
  const renderer = await headRenderer(await buildHead(photo), { browser });
  try {
    const clips = await renderPuppetClips(renderer, opts);
    writeFileSync(`${cache}.part`, JSON.stringify(clips));
    renameSync(`${cache}.part`, cache);
    return clips;
  } finally {
    await renderer.close();
  }
}

/**
 * The worker signs their own consent in their account, then `admin` (the company admin's API session) enrols three
 * frontal frames of their head: the puppet's person can then mark at a paired kiosk.
 */
export async function enrolPuppet(baseUrl: string, admin: ApiClient, employee: CreatedEmployee, documentNumber: string, clips: PuppetClips): Promise<void> {
  const worker = new ApiClient(baseUrl);
  await worker.login(employee.email, employee.password);
  const notice = await worker.get<{ noticeVersion: string }>('/employee/face-consent');
  const signed = await worker.post('/employee/face-consent', { fullName: employee.name, documentNumber, noticeVersion: notice.body.data!.noticeVersion });
  if (signed.status !== 201) throw new Error(`consent: ${signed.status} ${JSON.stringify(signed.body)}`);
  const form = new FormData();
  form.append('employeeId', employee.id);
  for (const i of [0, 4, 8]) form.append('image', new Blob([Buffer.from(clips.rest[i % clips.rest.length], 'base64')], { type: 'image/jpeg' }), `f${i}.jpg`);
  const enrolled = await admin.postForm('/company-admin-simple/face-recognition/register', form);
  if (enrolled.status !== 201) throw new Error(`enrolment: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
}

/** The driver's state in the page (`window.__puppet`): the step it aims at, where it is, and whether it holds it. */
export interface PuppetState {
  step: string;
  phase: string;
  holding: boolean;
}

/** Waits (bounded, never failing) until the page's puppet holds the pose it was asked: for a screenshot mid-step. */
export async function puppetHolding(page: Page, timeoutMs = 3_000): Promise<boolean> {
  return page
    .waitForFunction(() => (window as unknown as { __puppet?: PuppetState }).__puppet?.holding === true, undefined, { timeout: timeoutMs })
    .then(() => true)
    .catch(() => false);
}

/** What the page side reports: an answered prompt, or a prompt it cannot answer. */
interface PuppetReport {
  kind: 'answer' | 'unknown';
  step: string;
}

/** Runs in the page before its own scripts (an init script): the camera override and the driver. */
function pageSide() {
  const w = window as unknown as {
    __puppetClips(): Promise<PuppetClips>;
    __puppetReport(r: PuppetReport): Promise<void>;
    /** Where the person stands for the next mark: 0 first, then 1, 2... for the browser context (reloads included). */
    __puppetPlace(): Promise<number>;
    __puppet?: PuppetState;
  };
  const media = navigator.mediaDevices;
  if (!media) return;
  type Bitmaps = {
    fps: number;
    width: number;
    height: number;
    lagMs: [number, number];
    rest: ImageBitmap[];
    go: Record<string, ImageBitmap[]>;
    hold: Record<string, ImageBitmap[]>;
  };
  let canvasReady: Promise<HTMLCanvasElement> | null = null;

  const decode = (b64: string) => createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }));
  const decodeAll = async (clips: PuppetClips): Promise<Bitmaps> => {
    const map = async (rec: Record<string, string[]>) =>
      Object.fromEntries(await Promise.all(Object.entries(rec).map(async ([k, v]) => [k, await Promise.all(v.map(decode))] as const)));
    return { ...clips, rest: await Promise.all(clips.rest.map(decode)), go: await map(clips.go), hold: await map(clips.hold) };
  };

  const start = async (): Promise<HTMLCanvasElement> => {
    const clips = await decodeAll(await w.__puppetClips());
    const canvas = document.createElement('canvas');
    canvas.width = clips.width;
    canvas.height = clips.height;
    const ctx = canvas.getContext('2d')!;
    // Sensor noise: a few random tiles, blended faintly at a random offset on every frame.
    const tiles = Array.from({ length: 4 }, () => {
      const tile = document.createElement('canvas');
      tile.width = tile.height = 128;
      const tctx = tile.getContext('2d')!;
      const img = tctx.createImageData(128, 128);
      for (let i = 0; i < img.data.length; i += 4) {
        const v = (Math.random() * 256) | 0;
        img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
        img.data[i + 3] = 10;
      }
      tctx.putImageData(img, 0, 0);
      return ctx.createPattern(tile, 'repeat')!;
    });

    // The head's state: the step it is doing (its move played up to `k` frames; 0 = at rest) and the step asked.
    let current = 'straight';
    let k = 0;
    let goal = 'straight';
    let blinkAsked = false;
    /** The prompt on screen (null: none). */
    let shown: string | null = null;
    let restIndex = Math.floor(Math.random() * clips.rest.length);
    let holdIndex = 0;
    const restFrame = () => clips.rest[restIndex++ % clips.rest.length];
    const next = (): ImageBitmap => {
      const path = clips.go[current] ?? [];
      if (current === 'blink') {
        // A blink plays through once, then the head is at rest again.
        if (k < path.length) return path[k++];
        current = 'straight';
        k = 0;
        return restFrame();
      }
      if (current !== goal && k > 0) {
        k--;
        return k > 0 ? path[k - 1] : restFrame();
      }
      if (current !== goal || (blinkAsked && k === 0)) {
        // From rest: a blink asked plays once (the goal stays 'straight'), else the move to the goal starts.
        current = blinkAsked ? 'blink' : goal;
        blinkAsked = false;
        holdIndex = 0;
        return next();
      }
      if (k < path.length) return path[k++];
      const hold = clips.hold[current] ?? [];
      return hold.length ? hold[holdIndex++ % hold.length] : restFrame();
    };
    // The kiosk's screen light (decision 0073): the page's current colour (`[data-testid="screen-light"]`'s data-color)
    // lights the head: each pixel times (1 - s + s * colour), s the screen's share of the light on the face (SCREEN_SHARE),
    // falling off to a sixth of it on the wall behind (the face sits in the middle of the frame, ~220 px wide).
    const SCREEN_SHARE = 0.2;
    const factor = (c: number[], share: number) => `rgb(${c.map((v) => Math.round(255 * (1 - share + (share * v) / 255))).join(',')})`;
    const light = () => {
      const color = document.querySelector('[data-testid="screen-light"]')?.getAttribute('data-color');
      if (!color) return;
      const c = color.split(',').map(Number);
      const [cx, cy] = [clips.width / 2, clips.height / 2];
      const glow = ctx.createRadialGradient(cx, cy, clips.width * 0.17, cx, cy, clips.width * 0.32);
      glow.addColorStop(0, factor(c, SCREEN_SHARE));
      glow.addColorStop(1, factor(c, SCREEN_SHARE / 6));
      ctx.save();
      ctx.globalCompositeOperation = 'multiply';
      ctx.fillStyle = glow;
      ctx.fillRect(0, 0, clips.width, clips.height);
      ctx.restore();
    };
    // Where the person stands: never twice the same for two marks, as with a person in front of a real camera (a whole
    // frame the server accepted within a day is refused as a replay, decision 0033). The first mark is the rendered
    // frame as is (the calibrations of face.e2e.ts); each next challenge zooms in a little and moves the head by 10-30 px.
    const PLACES = [
      { zoom: 1, x: 0, y: 0 },
      { zoom: 1.08, x: 0.15, y: 0.8 },
      { zoom: 1.05, x: 0.9, y: 0.2 },
      { zoom: 1.1, x: 0.55, y: 0.1 },
    ];
    // Past those (bench:kiosk-click marks many times): closer (a zoom of 1.12-1.24, seven in turn) at an offset along
    // a golden-ratio sequence, so two marks seven apart still stand ~25 px apart.
    const placeOf = (i: number) => PLACES[i] ?? { zoom: 1.12 + (i % 7) * 0.02, x: (i * 0.618) % 1, y: (i * 0.382) % 1 };
    let place = await w.__puppetPlace();
    const draw = (frame: ImageBitmap) => {
      const { zoom, x, y } = placeOf(place);
      const [w2, h2] = [clips.width * zoom, clips.height * zoom];
      ctx.drawImage(frame, -(w2 - clips.width) * x, -(h2 - clips.height) * y, w2, h2);
    };
    setInterval(() => {
      ctx.globalAlpha = 1;
      draw(next());
      light();
      const [dx, dy] = [(Math.random() * 128) | 0, (Math.random() * 128) | 0];
      ctx.save();
      ctx.translate(-dx, -dy);
      ctx.fillStyle = tiles[(Math.random() * tiles.length) | 0];
      ctx.fillRect(0, 0, clips.width + 128, clips.height + 128);
      ctx.restore();
      const moved = k === (clips.go[current] ?? []).length;
      // Holding: at the pose the prompt on screen asks (not still at the previous one during the reaction lag).
      const asked = shown === null || shown === 'blink' ? 'straight' : shown;
      w.__puppet = { step: goal, phase: `${current}:${k}`, holding: current === goal && goal === asked && moved && !blinkAsked };
    }, 1000 / clips.fps);

    // The prompt: react after a human lag; a prompt that changes again before then wins.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const step = document.querySelector('[data-testid="kiosk-step"]')?.getAttribute('data-step') ?? null;
      if (step === shown) return;
      // A challenge over (no prompt after one): the person will stand somewhere else for the next one.
      if (shown !== null && step === null) void w.__puppetPlace().then((i) => (place = i));
      shown = step;
      clearTimeout(timer);
      blinkAsked = false;
      const [min, max] = clips.lagMs;
      timer = setTimeout(
        () => {
          const want = step ?? 'straight';
          if (want !== 'straight' && !clips.go[want]) {
            console.error(`puppet camera: the kiosk asked '${want}', a step the puppet cannot answer`);
            void w.__puppetReport({ kind: 'unknown', step: want });
            goal = 'straight';
            return;
          }
          if (step) void w.__puppetReport({ kind: 'answer', step });
          // A blink: back to rest first (from another pose), then close and reopen once.
          blinkAsked = want === 'blink';
          goal = blinkAsked ? 'straight' : want;
        },
        min + Math.random() * (max - min),
      );
    };
    new MutationObserver(look).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step'] });
    look();
    return canvas;
  };

  const realGetUserMedia = media.getUserMedia?.bind(media);
  media.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.video) return realGetUserMedia(constraints);
    canvasReady ??= start();
    const stream = (await canvasReady).captureStream();
    if (constraints.audio) for (const t of (await realGetUserMedia({ audio: constraints.audio })).getAudioTracks()) stream.addTrack(t);
    return stream;
  };
  const camera = { deviceId: 'puppet-camera', groupId: 'puppet', kind: 'videoinput', label: 'Puppet camera (3-D head)' };
  media.enumerateDevices = async () => [{ ...camera, toJSON: () => camera } as MediaDeviceInfo];
}

/** Installs the puppet in every page of `context`; answers and unknown prompts go to `report`. */
export async function installPuppet(context: BrowserContext, clips: PuppetClips, report: (r: PuppetReport) => void): Promise<void> {
  await context.exposeBinding('__puppetClips', () => clips);
  await context.exposeBinding('__puppetReport', (_source, r: PuppetReport) => report(r));
  let places = 0;
  await context.exposeBinding('__puppetPlace', () => places++);
  // tsx and vitest (esbuild with keepNames) wrap named functions in `__name(...)`, which the page lacks.
  await context.addInitScript(`globalThis.__name ??= (f) => f; (${pageSide.toString()})();`);
}

/** A CameraBrowser (face.ts) whose pages' camera is the puppet; `answered` lists the prompts it answered, in order. */
export interface PuppetBrowser extends CameraBrowser {
  /** The prompts answered since the last call. */
  takeAnswers(): string[];
}

export async function puppetBrowser(clips: PuppetClips, browser?: Browser): Promise<PuppetBrowser> {
  const own = !browser;
  const b = browser ?? (await launch());
  let errors: string[] = [];
  let answers: string[] = [];
  return {
    async open(baseUrl, opts) {
      const context = await newContext(b, baseUrl, opts);
      context.on('page', (p) => p.on('pageerror', (err) => errors.push(`${p.url()}: ${err.message}`)));
      await installPuppet(context, clips, (r) => {
        if (r.kind === 'unknown') errors.push(`puppet camera: the kiosk asked '${r.step}', a step the puppet cannot answer`);
        else answers.push(r.step);
      });
      const page = await context.newPage();
      return { context, page };
    },
    takeErrors() {
      const out = errors;
      errors = [];
      return out;
    },
    takeAnswers() {
      const out = answers;
      answers = [];
      return out;
    },
    close: async () => {
      if (own) await b.close();
    },
  };
}
