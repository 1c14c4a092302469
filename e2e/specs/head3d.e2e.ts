import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Analysis, createEngine, type FaceEngine } from '../../apps/server/src/face/engine.js';
import { LIVENESS } from '../../apps/server/src/face/liveness.js';
import { DEFAULT_THRESHOLD, euclidean } from '../../apps/server/src/face/match.js';
import { checkEnrolment } from '../../apps/server/src/face/quality.js';
import { calibrateTurn } from '../../bench/face/head3d/calibrate.js';
import { buildHead, eyeOpenness, meshOf, mouthOpenness } from '../../bench/face/head3d/model.js';
import { type Frame, type HeadRenderer, headRenderer, jpegOf, renderScript } from '../../bench/face/head3d/render.js';
import { actionsScript, frameTimes, NEUTRAL } from '../../bench/face/head3d/script.js';
import { launch } from '../support/browser.js';
import { faceFixturesDir } from '../support/face.js';

/**
 * The genuine-like 3-D head (decision 0040) judged by the server's own engine (Human + face-api on tfjs wasm, as
 * in a face worker): each head is built from one frontal fixture photo, enrols from its own frontal render through
 * the enrolment gate, and every frame of a turn / nod / blink / smile / open-mouth script is identified as that
 * person and not as the other heads; the yaw the engine measures follows the rendered one, the eyes close on the
 * blink (the server's burst check judges the head through the kiosk page: face.e2e's genuine journey).
 * Needs no server; runs with the journeys because it needs Chromium (WebGL2) and the fixtures.
 */
const fixtures = faceFixturesDir();
const IDENTITIES = ['stock-a/stock-emotions-a-1.jpg', 'vlado/person-vlado.jpg', '_single/stock-teen-6.jpg', '_single/person-celeste.jpg'];
const ACTIONS = ['straight', 'left', 'straight', 'right', 'blink', 'up', 'down', 'smile', 'open'] as const;
const FPS = 10;

interface Judged {
  frame: Frame;
  analysis: Analysis;
  /** Distance to the nearest of the head's own templates. */
  distance: number;
  /** Eye openness read by Human as the server configures it, and with its iris model on. */
  eye: number | null;
  eyeIris: number | null;
  mouth: number | null;
}
interface Head {
  name: string;
  renderer: HeadRenderer;
  /** The head's turn angle (calibrateTurn) and the engine's yaw there, to each side. */
  turn: number;
  turnYaw: [number, number];
  templates: Float32Array[];
  judged: Judged[];
}

const nearest = (templates: Float32Array[], d: Float32Array) => Math.min(...templates.map((t) => euclidean(t, d)));
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

describe.skipIf(!fixtures)('the rendered 3-D head is a genuine-like person for the server engine', () => {
  let engine: FaceEngine;
  let browser: Browser;
  const heads: Head[] = [];

  beforeAll(async () => {
    [engine, browser] = await Promise.all([createEngine(), launch()]);
    for (const file of IDENTITIES) {
      const model = await buildHead(`${fixtures}/${file}`);
      heads.push({ name: file, renderer: await headRenderer(model, { browser }), turn: 0, turnYaw: [0, 0], templates: [], judged: [] });
    }
  }, 120_000);
  afterAll(async () => {
    for (const h of heads) await h.renderer.close();
    await browser?.close();
    engine?.dispose();
  });

  it('each head enrols from three frontal renders (the enrolment gate of the server)', async () => {
    for (const head of heads) {
      // A person standing still still sways a little.
      const captures = await Promise.all(
        [0, 1.5, -1.5].map(async (yaw) => engine.analyze(await jpegOf(await head.renderer.render({ ...NEUTRAL, yaw, pitch: yaw / 2 })))),
      );
      const enrolled = checkEnrolment(captures);
      expect(enrolled, head.name).toMatchObject({ ok: true });
      if (enrolled.ok) head.templates = enrolled.descriptors;
    }
  }, 120_000);

  it('every frame of the script is identified as its own head, never as another one', async () => {
    for (const head of heads) {
      expect(head.templates.length, `${head.name} enrolled`).toBe(3);
      ({ turn: head.turn, engineYaw: head.turnYaw } = await calibrateTurn(head.renderer, (jpeg) => engine.analyze(jpeg)));
      const script = actionsScript(ACTIONS, undefined, head.turn);
      const frames = await renderScript(head.renderer, script.keys, frameTimes(script.ms, FPS));
      for (const [index, frame] of frames.entries()) {
        const jpeg = await jpegOf(frame);
        const analysis = await engine.analyze(jpeg);
        // The two mesh readings (with and without the iris model) cost as much as the engine's analysis each: they are
        // read where the eyes or the mouth are closed or open wide, and on every third frame for the open reference
        // (the suite's time, issue 21: this file took 226 s of CI's e2e phase).
        const readMesh = frame.pose.blink > 0.95 || frame.pose.mouth > 0.95 || index % 3 === 0;
        const mesh = readMesh ? await meshOf(jpeg) : null;
        const withIris = readMesh ? await meshOf(jpeg, { iris: true }) : null;
        head.judged.push({
          frame,
          analysis,
          distance: analysis.faces.length === 1 ? nearest(head.templates, analysis.faces[0].descriptor!) : Number.POSITIVE_INFINITY,
          eye: mesh && eyeOpenness(mesh.mesh),
          eyeIris: withIris && eyeOpenness(withIris.mesh),
          mouth: mesh && mouthOpenness(mesh.mesh),
        });
      }
    }
    for (const head of heads) {
      expect(
        head.judged.filter((j) => j.analysis.faces.length !== 1).map((j) => j.frame.t),
        `${head.name}: frames without exactly one face`,
      ).toEqual([]);
      const worst = Math.max(...head.judged.map((j) => j.distance));
      expect(worst, `${head.name}: largest distance to its own templates`).toBeLessThan(DEFAULT_THRESHOLD);
    }
    // Other heads: the nearest impostor template stays beyond the match threshold on every frame.
    for (const head of heads)
      for (const other of heads.filter((h) => h !== head)) {
        const closest = Math.min(...head.judged.map((j) => nearest(other.templates, j.analysis.faces[0].descriptor!)));
        expect(closest, `${head.name} against ${other.name}`).toBeGreaterThan(DEFAULT_THRESHOLD);
      }
  }, 600_000);

  it('the engine yaw follows the rendered turn, and the eyes close on the blink', () => {
    for (const head of heads) {
      expect(head.judged.length, head.name).toBeGreaterThan(0);
      const pairs = head.judged.map((j) => [j.frame.pose.yaw, j.analysis.faces[0].yaw] as const);
      for (const [rendered, measured] of pairs) {
        // At the turns' peaks the server sees a turn, the right way; facing the camera it sees straight.
        if (Math.abs(rendered) >= head.turn - 0.5) {
          expect(Math.sign(measured), `${head.name} at ${rendered}°`).toBe(Math.sign(rendered));
          expect(Math.abs(measured), `${head.name} at ${rendered}°`).toBeGreaterThanOrEqual(LIVENESS.turnMinYaw);
        }
        if (rendered === 0) expect(Math.abs(measured), `${head.name} facing the camera`).toBeLessThanOrEqual(LIVENESS.straightMaxYaw);
      }
      expect(correlation(pairs), `${head.name}: engine yaw against rendered yaw`).toBeGreaterThan(0.95);
      // Read with Human's iris model (the server's configuration, without it, reads about half the drop: figures).
      const open = median(head.judged.filter((j) => j.frame.pose.blink === 0 && j.eyeIris !== null).map((j) => j.eyeIris!));
      const closed = head.judged.filter((j) => j.frame.pose.blink > 0.95).map((j) => j.eyeIris!);
      expect(closed.length, head.name).toBeGreaterThan(0);
      expect(Math.max(...closed) / open, `${head.name}: eye openness closed / open`).toBeLessThan(0.7);
    }
  });

  it('the face takes the screen colour, the wall far behind barely (the hook for the screen-light check)', async () => {
    for (const head of heads) {
      const colours = async (light: [number, number, number]) => {
        const frame = await head.renderer.render({ ...NEUTRAL, light });
        const [x, y, w, h] = (await engine.analyze(await jpegOf(frame))).faces[0].box;
        const mean = (...corners: number[]) => {
          const [x0, y0, x1, y1] = corners.map(Math.round);
          const sum = [0, 0, 0];
          for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) for (let c = 0; c < 3; c++) sum[c] += frame.rgb[(py * frame.width + px) * 3 + c];
          return sum.map((v) => v / ((x1 - x0) * (y1 - y0)));
        };
        // The face's middle, and the wall's top-left corner.
        return { face: mean(x + w / 4, y + h / 4, x + (3 * w) / 4, y + (3 * h) / 4), wall: mean(0, 0, 60, 60) };
      };
      const [white, red] = [await colours([1, 1, 1]), await colours([1.15, 0.7, 0.7])];
      const ratio = (c: number[]) => c[0] / c[1];
      // Red over green grows by ~1.64 on the face (1.15 / 0.7), by ~1.1 on the wall (15 % of the light).
      expect(ratio(red.face) / ratio(white.face), head.name).toBeGreaterThan(1.45);
      expect(ratio(red.wall) / ratio(white.wall), head.name).toBeLessThan(1.15);
      console.info(
        JSON.stringify({ head3d: head.name, light: { face: round(ratio(red.face) / ratio(white.face)), wall: round(ratio(red.wall) / ratio(white.wall)) } }),
      );
    }
  });

  afterAll(() => {
    // The figures of decision 0040, per head: distances, engine yaw at each rendered angle, eye openness, render time.
    for (const head of heads) {
      if (!head.judged.length) continue;
      const byYaw = new Map<number, { yaw: number[]; distance: number[] }>();
      for (const j of head.judged) {
        if (j.frame.pose.pitch !== 0 || j.frame.pose.blink !== 0 || j.frame.pose.smile !== 0 || j.frame.pose.mouth !== 0) continue;
        const k = Math.round(j.frame.pose.yaw / 10) * 10;
        const row = byYaw.get(k) ?? { yaw: [], distance: [] };
        row.yaw.push(j.analysis.faces[0].yaw);
        row.distance.push(j.distance);
        byYaw.set(k, row);
      }
      const eyes = (f: (j: Judged) => boolean) => round(median(head.judged.filter((j) => f(j) && j.eye !== null).map((j) => j.eye!)));
      console.info(
        JSON.stringify({
          head3d: head.name,
          frames: head.judged.length,
          turn: head.turn,
          turnYaw: head.turnYaw,
          yaw: [...byYaw.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([k, r]) => ({ rendered: k, engine: round(median(r.yaw), 1), distance: round(Math.max(...r.distance)) })),
          maxDistance: round(Math.max(...head.judged.map((j) => j.distance))),
          farthest: head.judged
            .filter((j) => j.distance > 0.45)
            .map((j) => ({
              t: j.frame.t,
              d: round(j.distance),
              ...Object.fromEntries(
                Object.entries(j.frame.pose)
                  .filter(([k, v]) => k !== 'light' && v !== 0)
                  .map(([k, v]) => [k, round(v as number, 2)]),
              ),
            })),
          eyeOpen: eyes((j) => j.frame.pose.blink === 0),
          eyeBlink: eyes((j) => j.frame.pose.blink > 0.95),
          eyeIrisOpen: round(median(head.judged.filter((j) => j.frame.pose.blink === 0 && j.eyeIris !== null).map((j) => j.eyeIris!))),
          eyeIrisBlink: round(median(head.judged.filter((j) => j.frame.pose.blink > 0.95 && j.eyeIris !== null).map((j) => j.eyeIris!))),
          mouthClosed: round(median(head.judged.filter((j) => j.frame.pose.mouth === 0 && j.mouth !== null).map((j) => j.mouth!))),
          mouthOpen: round(median(head.judged.filter((j) => j.frame.pose.mouth > 0.95 && j.mouth !== null).map((j) => j.mouth!))),
          pitch: [-15, 15].map((p) => ({
            rendered: p,
            engine: round(median(head.judged.filter((j) => j.frame.pose.pitch === p).map((j) => j.analysis.faces[0].pitch)), 1),
          })),
          renderMs: round(median(head.judged.map((j) => j.frame.renderMs)), 1),
          minSpoof: round(Math.min(...head.judged.map((j) => ((j.analysis.faces[0].antispoof ?? 0) + (j.analysis.faces[0].liveness ?? 0)) / 2))),
        }),
      );
    }
  });
});

function median(xs: number[]): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function correlation(pairs: readonly (readonly [number, number])[]): number {
  const n = pairs.length;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe.skipIf(fixtures)('the rendered 3-D head: SKIPPED, no face fixtures (set FACE_FIXTURES_DIR or provide ../shared/faces)', () => {
  it.skip('needs the face fixtures', () => {});
});
