/**
 * The events of a burst (blink, smile, open mouth, look up, look down) on synthetic mesh sequences: a 3-D face that
 * moves, and the same face flattened into a print that is waved, tilted and scaled (which must never show an event).
 */
import { challengeStep, MESSAGES, NON_ROTATION_STEPS, STEP_PROMPT } from '@presente/shared';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_STEPS, randomStepChallenge } from './challenge.js';
import { type BurstFrame, detectEvents, EVENT_KINDS, type EventKind, stepEvent } from './events.js';
import { jitter, type SyntheticPose, syntheticMesh } from './synthetic-face.js';

const DT = 150; // ~6.7 fps
/** A burst: `pose(i)` for each frame, a little mesh jitter (Human's own noise on real frames is ~0.3-1 px). */
const burst = (n: number, pose: (i: number) => SyntheticPose, sd = 0.4): BurstFrame[] =>
  Array.from({ length: n }, (_, i) => ({ t: i * DT, face: { mesh: jitter(syntheticMesh(pose(i)), sd, i + 1) } }));
/** 0 -> 1 -> 0 over frames [from, to] (a move and back), 0 elsewhere. */
const bump = (i: number, from: number, to: number) => (i < from || i > to ? 0 : Math.sin((Math.PI * (i - from + 1)) / (to - from + 2)));
const kinds = (frames: BurstFrame[]) => EVENT_KINDS.filter((k) => detectEvents(frames).events[k].length);

describe('non-rigid and nod events across a burst', () => {
  it('a face that keeps still (with mesh jitter) shows no event', () => {
    expect(kinds(burst(16, () => ({})))).toEqual([]);
    expect(kinds(burst(16, () => ({ yaw: 8, pitch: -5, roll: 10, scale: 80 }), 0.8))).toEqual([]);
  });

  it.each<[EventKind, (w: number) => SyntheticPose]>([
    ['blink', (w) => ({ blink: w })],
    ['smile', (w) => ({ smile: w })],
    ['mouth', (w) => ({ mouth: w })],
    ['up', (w) => ({ pitch: -15 * w })],
    ['down', (w) => ({ pitch: 15 * w })],
  ])('%s: one event of that kind only, where it happened, under scale and in-plane rotation', (kind, move) => {
    const span: [number, number] = kind === 'blink' ? [7, 8] : [6, 10];
    const frames = burst(16, (i) => ({ ...move(bump(i, ...span)), roll: 18, scale: 70, x: 300, y: 260 }));
    const report = detectEvents(frames);
    expect(EVENT_KINDS.filter((k) => report.events[k].length)).toEqual([kind]);
    const [event] = report.events[kind];
    expect(event.start).toBeGreaterThanOrEqual(span[0] * DT);
    expect(event.end).toBeLessThanOrEqual(span[1] * DT);
    expect(event.strength).toBeGreaterThan(1);
    // The caller's rule: asked before it happened, the next step asked after.
    expect(stepEvent(report, kind, span[0] * DT - 100, (span[1] + 1) * DT)).toEqual(event);
    expect(stepEvent(report, kind, (span[1] + 1) * DT, 16 * DT)).toBeNull();
  });

  it('a head turn to either side is not read as a blink, a smile, an open mouth or a nod', () => {
    expect(kinds(burst(16, (i) => ({ yaw: 30 * bump(i, 4, 9) })))).toEqual([]);
    expect(kinds(burst(16, (i) => ({ yaw: -30 * bump(i, 4, 9) })))).toEqual([]);
  });

  it('a printed face waved, tilted, turned and scaled in front of the camera shows no event', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const frames = burst(16, (i) => ({
        flat: true,
        pitch: 30 * Math.sin(seed + i * 0.7),
        yaw: 30 * Math.cos(seed * 2 + i * 0.5),
        roll: 20 * Math.sin(seed * 3 + i * 0.3),
        scale: 90 + 30 * Math.sin(seed + i),
        x: 320 + 60 * Math.sin(i + seed),
      }));
      expect(kinds(frames), `seed ${seed}`).toEqual([]);
    }
  });

  /** The rest of the face changes shape too: a warped picture as Human re-reads it, or a head turning. */
  const warp = (mesh: [number, number, number][]) =>
    mesh.map(
      (p, i) =>
        ([10, 151, 234, 127].includes(i) ? [p[0] - 18, p[1] + 14, p[2]] : [454, 356].includes(i) ? [p[0] + 16, p[1] - 12, p[2]] : p) as [
          number,
          number,
          number,
        ],
    );

  it('a wider mouth while the rest of the face changes shape too (a warped picture, as Human re-reads it) is no smile', () => {
    const frames = burst(16, (i) => ({ smile: bump(i, 6, 10) }));
    expect(detectEvents(frames).events.smile).toHaveLength(1);
    const warped = frames.map((f, i) => (i >= 6 && i <= 10 ? { t: f.t, face: { mesh: warp(f.face?.mesh ?? []) } } : f));
    expect(detectEvents(warped).events.smile).toEqual([]);
  });

  it('a smile still held while the head turns reads stronger on the turned frames: it is found at its strongest frame at rest', () => {
    // Frames 6-9 smile with the face at rest; 10-12 keep smiling wider while the rigid landmarks move (decision 0084:
    // the rendered heads' smile before a turn was lost when a turned frame was the run's strongest).
    const frames = burst(16, (i) => ({ smile: i >= 6 && i <= 12 ? (i >= 10 ? 1.6 : 0.9) : 0 }));
    const turned = frames.map((f, i) => (i >= 10 && i <= 12 ? { t: f.t, face: { mesh: warp(f.face?.mesh ?? []) } } : f));
    const [smile, ...more] = detectEvents(turned).events.smile;
    expect(more).toEqual([]);
    expect(smile.peak).toBeGreaterThanOrEqual(6 * DT);
    expect(smile.peak).toBeLessThanOrEqual(9 * DT);
    expect(smile.strength).toBeGreaterThanOrEqual(1);
  });

  it('a blink must close and open again: eyes closed at the end of the burst, or held closed, are not a blink', () => {
    expect(detectEvents(burst(12, (i) => ({ blink: i >= 9 ? 1 : 0 }))).events.blink).toEqual([]);
    expect(detectEvents(burst(16, (i) => ({ blink: i >= 4 && i <= 12 ? 1 : 0 }))).events.blink).toEqual([]);
    expect(detectEvents(burst(16, (i) => ({ blink: i === 8 ? 1 : 0 }))).events.blink).toHaveLength(1);
  });

  it('an event must start from rest: a face already smiling from the first frame never "smiles"', () => {
    expect(detectEvents(burst(16, () => ({ smile: 1 }))).events.smile).toEqual([]);
  });

  it('frames without a face are skipped; a burst with none gives no events and no baseline', () => {
    const frames = burst(16, (i) => ({ mouth: bump(i, 6, 10) }));
    frames[2] = { t: frames[2].t, face: { mesh: [] } };
    expect(detectEvents(frames).events.mouth).toHaveLength(1);
    expect(detectEvents(frames.map((f) => ({ t: f.t, face: { mesh: [] } })))).toMatchObject({ baseline: null, events: { mouth: [] } });
  });
});

describe('the random challenge with non-rigid steps', () => {
  it('draws 3-4 distinct steps from the four the challenge asks (no blink, no nods), always one a still photo cannot do', () => {
    const seen = new Set<string>();
    const lengths = new Set<number>();
    for (let i = 0; i < 1500; i++) {
      const steps = randomStepChallenge();
      expect(new Set(steps).size).toBe(steps.length);
      expect(steps.some((s) => NON_ROTATION_STEPS.includes(s))).toBe(true);
      for (const s of steps) expect(CHALLENGE_STEPS).toContain(s);
      lengths.add(steps.length);
      for (const s of steps) seen.add(s);
      seen.add(steps.join());
    }
    expect([...lengths].sort()).toEqual([3, 4]);
    for (const s of CHALLENGE_STEPS) expect(seen.has(s), s).toBe(true);
    // Without the iris model a blink is seen in 27 % of genuine bursts (decision 0060): never asked (decision 0063).
    expect(seen.has('blink')).toBe(false);
    expect(seen.has('up') || seen.has('down')).toBe(false);
    // Every order comes up: the four kinds, 24 orders of three and 24 of four (each with a smile or an open mouth).
    expect(seen.size).toBe(4 + 24 + 24);
  });

  it('has a Spanish and English prompt for every step in the shared catalogue', () => {
    for (const step of challengeStep.options) {
      const message = MESSAGES[STEP_PROMPT[step]];
      expect(message.es.length, step).toBeGreaterThan(3);
      expect(message.en.length, step).toBeGreaterThan(3);
    }
    expect([MESSAGES['face.step.blink'].es, MESSAGES['face.step.smile'].es, MESSAGES['face.step.mouth'].es]).toEqual(['Parpadea', 'Sonríe', 'Abre la boca']);
  });
});
