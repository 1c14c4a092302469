import { closeSync, existsSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// sharp is the server's image library (hoisted to the workspace root): it builds the fake camera videos,
// so the journey needs no ffmpeg on the machine.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launch, newContext } from './browser.js';
import { repoRoot } from './server.js';

/** The face fixtures (never copied into the repository): FACE_FIXTURES_DIR or ../shared/faces. */
export function faceFixturesDir(): string | null {
  const dir = process.env.FACE_FIXTURES_DIR ?? resolve(repoRoot, '../shared/faces');
  return existsSync(join(dir, 'stock-a', 'stock-emotions-a-1.jpg')) && existsSync(join(dir, 'stock-a', 'stock-emotions-a-2.jpg')) ? dir : null;
}

const W = 640;
const H = 480;
const FPS = 10;

export interface Segment {
  file: string;
  /** Mirror the photo (a face turned to one side then looks turned to the other). */
  flip?: boolean;
  seconds: number;
}

/** The photo letterboxed into 640x480 (black bars) as planar YUV 4:2:0 (BT.601 full range, y4m C420jpeg). */
async function yuvFrame(file: string, flip: boolean): Promise<{ y: Uint8Array; u: Uint8Array; v: Uint8Array }> {
  const rgb = await sharp(file).rotate().resize(W, H, { fit: 'contain', background: '#000000' }).flop(flip).removeAlpha().raw().toBuffer();
  const y = new Uint8Array(W * H);
  const u = new Uint8Array((W / 2) * (H / 2));
  const v = new Uint8Array((W / 2) * (H / 2));
  for (let i = 0; i < W * H; i++) {
    const [r, g, b] = [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];
    y[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let cy = 0; cy < H / 2; cy++)
    for (let cx = 0; cx < W / 2; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const p = ((cy * 2 + dy) * W + cx * 2 + dx) * 3;
        r += rgb[p];
        g += rgb[p + 1];
        b += rgb[p + 2];
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const c = cy * (W / 2) + cx;
      u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  return { y, u, v };
}

/**
 * Writes a y4m video (Chromium's --use-file-for-fake-video-capture) of still photos held for the given
 * seconds, with a little sensor noise on every frame: a real camera never sends two identical frames,
 * and the server refuses byte-identical ones.
 */
export async function writeY4m(path: string, segments: Segment[]): Promise<string> {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`);
    for (const seg of segments) {
      const frame = await yuvFrame(seg.file, seg.flip ?? false);
      const noisy = new Uint8Array(frame.y.length);
      for (let n = 0; n < Math.round(seg.seconds * FPS); n++) {
        for (let i = 0; i < noisy.length; i++) noisy[i] = Math.max(0, Math.min(255, frame.y[i] + ((Math.random() * 7) | 0) - 3));
        writeSync(fd, 'FRAME\n');
        writeSync(fd, noisy);
        writeSync(fd, frame.u);
        writeSync(fd, frame.v);
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

export interface FaceVideos {
  /** A frontal face held still: the enrolment camera. */
  enrol: string;
  /**
   * A loop of frontal, turned to her own right (the photo as is, yaw < 0), frontal, turned to her own
   * left (the mirrored photo): whatever order the challenge asks, every pose comes within one cycle.
   */
  kiosk: string;
}

export async function makeFaceVideos(fixtures: string): Promise<FaceVideos> {
  const dir = mkdtempSync(join(tmpdir(), 'presente-face-video-'));
  const frontal = join(fixtures, 'stock-a', 'stock-emotions-a-1.jpg');
  const turned = join(fixtures, 'stock-a', 'stock-emotions-a-2.jpg');
  const [enrol, kiosk] = await Promise.all([
    writeY4m(join(dir, 'enrol.y4m'), [{ file: frontal, seconds: 4 }]),
    writeY4m(join(dir, 'kiosk.y4m'), [
      { file: frontal, seconds: 1.5 },
      { file: turned, seconds: 1.5 },
      { file: frontal, seconds: 1.5 },
      { file: turned, flip: true, seconds: 1.5 },
    ]),
  ]);
  return { enrol, kiosk };
}

/** Chromium flags for a fake camera playing `video` (and no permission prompt). */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

/** A Chromium whose camera plays one video; collects uncaught page errors and console errors of its pages. */
export interface CameraBrowser {
  open(baseUrl: string, opts?: { mobile?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** Uncaught errors of its pages since the last call. */
  takeErrors(): string[];
  close(): Promise<void>;
}

export async function cameraBrowser(video: string): Promise<CameraBrowser> {
  const browser: Browser = await launch(fakeCameraArgs(video));
  let errors: string[] = [];
  return {
    async open(baseUrl, opts) {
      const context = await newContext(browser, baseUrl, opts);
      context.on('page', (p) => p.on('pageerror', (err) => errors.push(`${p.url()}: ${err.message}`)));
      const page = await context.newPage();
      return { context, page };
    },
    takeErrors() {
      const out = errors;
      errors = [];
      return out;
    },
    close: () => browser.close(),
  };
}
