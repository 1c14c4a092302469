/**
 * The events on the REAL engine's mesh of a fixture photo (skipped without the fixtures; PGlite project only, the
 * engine touches no database): the photo shown still (sensor noise, a little rotation and scale, each frame analysed
 * by the engine) never blinks, smiles, opens its mouth or nods; neither does its mesh moved by hand as a print waved,
 * tilted, turned and scaled; the same mesh with its eyelids or lips moved by hand does.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type FaceEngine } from './engine.js';
import { type BurstFrame, detectEvents, EVENT_KINDS } from './events.js';
import { frameOf, testFixturesDir } from './fixtures.js';
import { asPrint, jitter } from './synthetic-face.js';

const dir = testFixturesDir();
const onPostgres = process.env.TEST_DB === 'postgres';
const SLOW = 120_000;
type Mesh = [number, number, number][];
const kinds = (frames: BurstFrame[]) => EVENT_KINDS.filter((k) => detectEvents(frames).events[k].length);

describe.skipIf(!dir || onPostgres)('events on the real engine mesh of a fixture photo', () => {
  let engine: FaceEngine;
  let mesh: Mesh;

  beforeAll(async () => {
    engine = await createEngine();
    const a = await engine.analyze(await frameOf(`${dir}/stock-a/stock-emotions-a-1.jpg`), { descriptors: 'none' });
    mesh = a.faces[0].mesh;
  }, SLOW);
  afterAll(() => engine?.dispose());

  it(
    'the photo held in front of the camera (noise, slight rotation and scale, analysed frame by frame) shows no event',
    async () => {
      const photo = await frameOf(`${dir}/stock-a/stock-emotions-a-1.jpg`);
      const frames: BurstFrame[] = [];
      for (const [i, angle] of [0, 3, -4, 6, -2, 1, -5, 4].entries()) {
        const side = 640 + i * 12;
        const { data, info } = await sharp(photo)
          .rotate(angle, { background: '#968c8c' })
          .resize(side, Math.round((side * 3) / 4), { fit: 'fill' })
          .extract({ left: 0, top: 0, width: 640, height: 480 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let k = 0; k < data.length; k++) data[k] = Math.max(0, Math.min(255, data[k] + ((k * 2654435761 + i * 97) % 9) - 4));
        const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
          .jpeg({ quality: 88 })
          .toBuffer();
        const face = (await engine.analyze(jpeg, { descriptors: 'none' })).faces[0];
        frames.push({ t: i * 150, face: { mesh: face.mesh } });
      }
      expect(kinds(frames)).toEqual([]);
    },
    SLOW,
  );

  it('its mesh moved by hand as a print (tilted and turned up to 30°, rolled, scaled) shows no event', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const frames = Array.from({ length: 16 }, (_, i) => ({
        t: i * 150,
        face: {
          mesh: jitter(
            asPrint(mesh, {
              tilt: 30 * Math.sin(seed + i * 0.6),
              turn: 30 * Math.cos(seed * 2 + i * 0.5),
              roll: 15 * Math.sin(seed * 3 + i * 0.4),
              scale: 1 + 0.2 * Math.sin(seed + i),
              dx: 40 * Math.sin(i + seed),
            }),
            0.6,
            seed * 100 + i,
          ),
        },
      }));
      expect(kinds(frames), `seed ${seed}`).toEqual([]);
    }
  });

  it('the same mesh with its eyelids closed for one frame blinks; with its lips parted, opens the mouth', () => {
    const lids: [number, number][] = [
      [159, 145],
      [158, 153],
      [160, 144],
      [386, 374],
      [385, 380],
      [387, 373],
      [161, 163],
      [157, 154],
      [388, 390],
      [384, 381],
    ];
    const closed = mesh.map((p) => [...p]) as Mesh;
    for (const [up, low] of lids) closed[up] = [mesh[low][0], mesh[low][1] - 1, mesh[low][2]];
    const open = mesh.map((p) => [...p]) as Mesh;
    for (const i of [14, 87, 317, 178, 402, 17, 84, 314]) open[i] = [mesh[i][0], mesh[i][1] + 25, mesh[i][2]];
    const frames = (moved: Mesh, at: number[]) =>
      Array.from({ length: 14 }, (_, i) => ({ t: i * 150, face: { mesh: jitter(at.includes(i) ? moved : mesh, 0.5, i + 1) } }));
    expect(kinds(frames(closed, [7]))).toEqual(['blink']);
    expect(kinds(frames(open, [6, 7, 8]))).toEqual(['mouth']);
  });
});
