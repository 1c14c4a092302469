/**
 * identifyBurst (decision 0057) on a real template index with descriptors placed by hand: the best accepted frame
 * names the burst; every described frame must be nearest to that employee and within the "same person" limit (to the
 * limit itself); undescribed frames are bound by continuity and skipped; a frame without one face refuses; the worst
 * distance and the smallest margin over the frames are the punch's evidence, rounded to 4 decimals.
 */
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../face/engine.js';
import { DEFAULT_MARGIN, DESCRIPTOR_LENGTH, TemplateIndex } from '../../face/match.js';
import { identifyBurst } from './burst-identity.js';

/** A descriptor at `x` along the first axis and `y` along the second (0 elsewhere). */
const at = (x: number, y = 0) => {
  const d = new Float32Array(DESCRIPTOR_LENGTH);
  d[0] = x;
  d[1] = y;
  return d;
};
const frame = (descriptor: Float32Array | null): Analysis => ({ faces: [{ descriptor }] }) as unknown as Analysis;
const noFace = { faces: [] } as unknown as Analysis;
const twoFaces = { faces: [{ descriptor: at(0) }, { descriptor: at(0) }] } as unknown as Analysis;

/** Ana's template at the origin; Bea's 1.0 away along the second axis. */
function index(withBea = true) {
  const i = new TemplateIndex();
  i.add('ana', [at(0)]);
  if (withBea) i.add('bea', [at(0, 1)]);
  return i;
}
const T = 0.55;
const f32 = (n: number) => Math.fround(n);
const r4 = (n: number) => Math.round(n * 10000) / 10000;

describe('identifyBurst', () => {
  it('names the employee every frame agrees on, with the best frame, the worst distance and the smallest margin', () => {
    const r = identifyBurst(index(), [frame(at(0.2)), frame(at(0.123456)), frame(at(0.3))], T);
    expect(r).toMatchObject({ employeeId: 'ana', likely: 'ana', worst: r4(f32(0.3)) });
    expect(r.refusal).toBeUndefined();
    // The best frame is the nearest accepted one.
    expect(r.best?.distance).toBeCloseTo(0.123456, 5);
    // Each frame's distance to its nearest employee, to 4 decimals.
    expect(r.frames).toEqual([
      { employeeId: 'ana', distance: r4(f32(0.2)) },
      { employeeId: 'ana', distance: 0.1235 },
      { employeeId: 'ana', distance: r4(f32(0.3)) },
    ]);
    // Bea is sqrt(1 + x²) from a probe at x: the smallest gap is the frame furthest from Ana (0.3).
    expect(r.margin).toBe(r4(Math.hypot(1, f32(0.3)) - f32(0.3)));
  });

  it('has no margin with one employee enrolled', () => {
    const r = identifyBurst(index(false), [frame(at(0.1)), frame(at(0.2))], T);
    expect(r).toMatchObject({ employeeId: 'ana', margin: null, worst: r4(f32(0.2)) });
  });

  it('skips frames analysed without a descriptor; their distance is not a number', () => {
    const r = identifyBurst(index(), [frame(null), frame(at(0.1)), frame(null)], T);
    expect(r.employeeId).toBe('ana');
    expect(r.frames.map((f) => f.employeeId)).toEqual([null, 'ana', null]);
    expect(r.frames[0].distance).toBeNaN();
    expect(r.worst).toBe(r4(f32(0.1)));
  });

  it('refuses a burst with a frame without a face or with two, naming the likely employee', () => {
    for (const odd of [noFace, twoFaces]) {
      const r = identifyBurst(index(), [frame(at(0.1)), odd, frame(at(0.1))], T);
      expect(r).toMatchObject({ employeeId: null, worst: null, margin: null, refusal: 'frames_disagree', likely: 'ana' });
    }
  });

  it('refuses a burst whose frames are nearest to two people (a photo of another), naming the likely one', () => {
    const r = identifyBurst(index(), [frame(at(0.1)), frame(at(0, 0.9))], T);
    expect(r).toMatchObject({ employeeId: null, worst: null, margin: null, refusal: 'frames_disagree', likely: 'ana' });
    expect(r.best?.employeeId).toBe('ana');
    expect(r.frames.map((f) => f.employeeId)).toEqual(['ana', 'bea']);
  });

  it('holds every frame to the "same person" limit, to the limit itself', () => {
    // A frame 0.58 from Ana: past the match threshold, still nearest to her.
    const analyses = [frame(at(0.1)), frame(at(0.58))];
    const far = index(false).identify(at(0.58), T).distance;
    expect(identifyBurst(index(false), analyses, T, far).employeeId).toBe('ana');
    expect(identifyBurst(index(false), analyses, T, far - 1e-6)).toMatchObject({ employeeId: null, refusal: 'frames_disagree', likely: 'ana' });
    // The default limit is the liveness one (0.6): 0.58 passes, 0.62 does not.
    expect(identifyBurst(index(false), analyses, T).employeeId).toBe('ana');
    expect(identifyBurst(index(false), [frame(at(0.1)), frame(at(0.62))], T).refusal).toBe('frames_disagree');
  });

  it('names nobody when no frame is accepted: too far from everyone, or too close to two people', () => {
    const tooFar = identifyBurst(index(), [frame(at(0.6)), frame(at(0.7))], T);
    expect(tooFar).toMatchObject({ employeeId: null, best: null, likely: null, worst: null, margin: null, refusal: 'not_recognized' });
    expect(tooFar.frames.map((f) => f.employeeId)).toEqual(['ana', 'ana']);
    // Halfway between Ana and Bea: within the threshold of both, not DEFAULT_MARGIN apart.
    const between = at(0, 0.5 - DEFAULT_MARGIN / 4);
    expect(identifyBurst(index(), [frame(between)], T)).toMatchObject({ employeeId: null, refusal: 'not_recognized', likely: null });
    expect(identifyBurst(index(), [], T)).toMatchObject({ employeeId: null, refusal: 'not_recognized' });
  });

  it('takes the threshold it is given', () => {
    const analyses = [frame(at(0.5))];
    expect(identifyBurst(index(false), analyses, 0.55).employeeId).toBe('ana');
    expect(identifyBurst(index(false), analyses, 0.45).refusal).toBe('not_recognized');
  });
});
