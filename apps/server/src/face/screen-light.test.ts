/**
 * The screen light (decision 0073) on synthetic frames: a wall and a face lit by an ambient light and by the kiosk's
 * screen (the face near the screen gets its light, the wall 15 % of it), measured per frame as the engine does
 * (`measureLight` on the mesh) and scored against the challenge's sequence.
 */
import { describe, expect, it } from 'vitest';
import type { RawImage } from './image.js';
import { colorAt, type FrameLight, lightSequence, measureLight, type Rgb, SCREEN_LIGHT, scoreLight } from './screen-light.js';
import { rng, syntheticMesh } from './synthetic-mesh.js';

const ID = '6f1c2b7e-3a4d-4f5e-9a8b-1c2d3e4f5a6b';
const SKIN: Rgb = [0.78, 0.58, 0.48];
const WALL: Rgb = [0.7, 0.7, 0.68];

/** A 320x240 frame: the wall, the face (the mesh's bounds) lit by `ambient` (0-255 white) plus `screen` x `onFace`. */
function frame(opts: { ambient: number; screen: Rgb; onFace: number; onWall: number; noise: () => number; cx?: number }) {
  const [width, height] = [320, 240];
  const mesh = syntheticMesh('lia', { width: 100, cx: opts.cx ?? 160, cy: 110 });
  const xs = mesh.map((p) => p[0]);
  const ys = mesh.map((p) => p[1]);
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inFace = x >= box[0] && x < box[0] + box[2] && y >= box[1] && y < box[1] + box[3];
      const [albedo, k] = inFace ? [SKIN, opts.onFace] : [WALL, opts.onWall];
      for (let c = 0; c < 3; c++) {
        const v = albedo[c] * (opts.ambient + k * opts.screen[c]) + (opts.noise() - 0.5) * 8;
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  const img: RawImage = { data, width, height };
  return { img, box, mesh };
}

/** A 16-frame burst at 190 ms: each frame's light measured as the worker does. `lit(t)` is the screen light reaching the scene. */
function burst(opts: { ambient: number; onFace: number; onWall: number; lit: (t: number) => Rgb; seed: string; sway?: boolean }) {
  const noise = rng(opts.seed);
  return Array.from({ length: 16 }, (_, i) => {
    const t = i * 190;
    const { img, box, mesh } = frame({ ...opts, screen: opts.lit(t), noise, cx: opts.sway ? 160 + Math.sin(i / 2) * 20 : 160 });
    return { t, light: measureLight(img, box, mesh) };
  });
}

describe('the screen-light sequence', () => {
  it('is 6 colours of the palette, never the same twice in a row, 500-850 ms each, the same for the same challenge', () => {
    const seq = lightSequence(ID);
    expect(seq).toEqual(lightSequence(ID));
    expect(seq).toHaveLength(SCREEN_LIGHT.segments);
    expect(seq[0].at).toBe(0);
    for (let i = 1; i < seq.length; i++) {
      expect(seq[i].color).not.toEqual(seq[i - 1].color);
      expect(seq[i].at - seq[i - 1].at).toBeGreaterThanOrEqual(500);
      expect(seq[i].at - seq[i - 1].at).toBeLessThanOrEqual(850);
    }
    for (const s of seq) expect(SCREEN_LIGHT.palette).toContainEqual(s.color);
    expect(colorAt(seq, -5)).toEqual(seq[0].color);
    expect(colorAt(seq, seq[2].at)).toEqual(seq[2].color);
    expect(colorAt(seq, 60_000)).toEqual(seq[5].color);
  });

  it('differs from challenge to challenge (unknown before the challenge is issued)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(JSON.stringify(lightSequence(`${ID.slice(0, -2)}${String(i).padStart(2, '0')}`)));
    expect(seen.size).toBe(50);
  });
});

describe('measuring and scoring the light', () => {
  const seq = lightSequence(ID);
  const screen = (t: number) => colorAt(seq, t - 100).map((v) => v / 255) as Rgb;

  it('reads the skin patches and the wall beside the face, not the face as background', () => {
    const { img, box, mesh } = frame({ ambient: 120, screen: [1, 0, 0], onFace: 80, onWall: 0, noise: () => 0.5 });
    const light = measureLight(img, box, mesh) as FrameLight;
    expect(light.face[0]).toBeCloseTo(0.78 * 200, 0);
    expect(light.face[1]).toBeCloseTo(0.58 * 120, 0);
    expect(light.background).toEqual([84, 84, 82]); // 0.7 x 120 and 0.68 x 120, whole pixel values
  });

  it('a face lit by the screen follows the sequence, at its lag, far more than the wall', () => {
    const score = scoreLight(burst({ ambient: 110, onFace: 60, onWall: 9, lit: screen, seed: 'genuine', sway: true }), seq);
    expect(score).not.toBeNull();
    expect(score!.face.corr).toBeGreaterThan(0.95);
    expect(score!.lagMs).toBeGreaterThanOrEqual(0);
    expect(score!.lagMs).toBeLessThanOrEqual(200);
    expect(score!.contrast).toBeGreaterThan(0.1);
    expect(score!.background!.gain).toBeLessThan(score!.face.gain / 3);
  });

  it('the wall is judged on the frames that show it: a head covering a strip in a few frames keeps the contrast', () => {
    const b = burst({ ambient: 110, onFace: 60, onWall: 9, lit: screen, seed: 'genuine', sway: true });
    const all = scoreLight(b, seq)!;
    // Three frames whose face covers the side strips (a turn towards the camera's edge): no background in them.
    const covered = b.map((s, i) => (i % 5 === 2 && s.light ? { ...s, light: { ...s.light, background: null } } : s));
    const score = scoreLight(covered, seq)!;
    expect(score.face).toEqual(all.face);
    expect(score.background?.corr).toBeCloseTo(all.background!.corr, 1);
    expect(score.contrast).toBeGreaterThan(0.1);
    // A burst where the wall shows in fewer than 6 frames has no background figure rather than a guess.
    const hidden = b.map((s, i) => (i >= 5 && s.light ? { ...s, light: { ...s.light, background: null } } : s));
    expect(scoreLight(hidden, seq)).toMatchObject({ background: null, contrast: null });
  });

  it('a photo (its light fixed, or following another sequence) does not follow it', () => {
    const still = scoreLight(burst({ ambient: 110, onFace: 0, onWall: 0, lit: () => [1, 1, 1], seed: 'photo' }), seq);
    expect(still!.face.corr).toBeLessThan(0.6);
    const other = lightSequence('00000000-0000-4000-8000-000000000000');
    const replay = scoreLight(burst({ ambient: 110, onFace: 60, onWall: 9, lit: (t) => colorAt(other, t).map((v) => v / 255) as Rgb, seed: 'replay' }), seq);
    expect(replay!.face.corr).toBeLessThan(0.6);
  });

  it('a colour cast over the whole picture follows it, on the face and the wall alike: no contrast', () => {
    const cast = scoreLight(burst({ ambient: 110, onFace: 50, onWall: 50, lit: screen, seed: 'cast' }), seq);
    expect(cast!.face.corr).toBeGreaterThan(0.9);
    expect(cast!.background!.corr).toBeGreaterThan(0.9);
    expect(Math.abs(cast!.contrast!)).toBeLessThan(0.05);
  });

  it('in bright ambient light the face follows with a small gain: the ambient level is recorded', () => {
    const bright = scoreLight(burst({ ambient: 230, onFace: 12, onWall: 2, lit: screen, seed: 'bright' }), seq);
    const dim = scoreLight(burst({ ambient: 60, onFace: 60, onWall: 9, lit: screen, seed: 'dim' }), seq);
    expect(bright!.face.gain).toBeLessThan(dim!.face.gain / 4);
    expect(bright!.ambient).toBeGreaterThan(dim!.ambient);
  });

  it('gives no score for too few frames or a burst that saw one colour', () => {
    const b = burst({ ambient: 110, onFace: 60, onWall: 9, lit: screen, seed: 'few' });
    expect(scoreLight(b.slice(0, 5), seq)).toBeNull();
    expect(scoreLight(b.slice(0, 8), [{ at: 0, color: [255, 40, 40] }])).toBeNull();
  });
});
