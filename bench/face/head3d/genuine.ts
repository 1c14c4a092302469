/**
 * Genuine kiosk bursts from rendered 3-D heads (decision 0040), for bench:attacks `--genuine 3d`: several
 * identities from the fixtures, one head per enrolled person (cycled), and for every mark a new moment: where the
 * person stands (±0.3 face widths across, ±0.15 up/down, up to 0.5 farther), a little roll, how far they turn
 * (the head's turn ±5°), the room's light (±12 %); the kiosk's wall stays the same, as at a real entrance.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { buildHead } from './model.js';
import { CHROMIUM, type HeadRenderer, headRenderer, jpegOf } from './render.js';
import { ACTION_POSE, type Action, NEUTRAL } from './script.js';

/** Frontal fixture photos whose heads the server engine enrols and identifies on every frame (head3d.e2e.ts). */
export const GENUINE_HEADS = ['stock-a/stock-emotions-a-1.jpg', 'vlado/person-vlado.jpg', '_single/stock-teen-6.jpg', '_single/person-celeste.jpg'];

export interface GenuineHeads {
  /** The frames of one mark for `person` (a stable name: the same person is always the same head). */
  burst(person: string, steps: string[]): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function genuineHeads(fixturesDir: string, random: () => number, files = GENUINE_HEADS): Promise<GenuineHeads> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const renderers: HeadRenderer[] = [];
  for (const file of files) renderers.push(await headRenderer(await buildHead(join(fixturesDir, file)), { browser }));
  const heads = new Map<string, HeadRenderer>();
  return {
    async burst(person, steps) {
      let renderer = heads.get(person);
      if (!renderer) {
        renderer = renderers[heads.size % renderers.length];
        heads.set(person, renderer);
      }
      const moment = { x: (random() - 0.5) * 0.6, y: (random() - 0.5) * 0.3, back: random() * 0.5, roll: (random() - 0.5) * 6 };
      const light = 0.88 + random() * 0.24;
      const turn = 40 + (random() - 0.5) * 10;
      const frames: Buffer[] = [];
      for (const step of steps) {
        const action = ACTION_POSE[step as Action] ?? {};
        const yaw = action.yaw ? Math.sign(action.yaw) * turn : (random() - 0.5) * 4;
        frames.push(await jpegOf(await renderer.render({ ...NEUTRAL, ...moment, yaw, light: [light, light, light] }), 85));
      }
      return frames;
    },
    async close() {
      for (const r of renderers) await r.close();
      await browser.close();
    },
  };
}
