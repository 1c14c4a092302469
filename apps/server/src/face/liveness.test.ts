import { describe, expect, it } from 'vitest';
import type { Analysis, FaceAnalysis } from './engine.js';
import { checkLiveness, collapse, poseOf, randomChallenge, STEPS } from './liveness.js';
import { bestCapture, checkCapture, checkEnrolment, FACE_MESSAGES, oneFace } from './quality.js';

const base = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const thumbOf = (seed: number) => Uint8Array.from({ length: 32 * 32 }, (_, i) => (i * 31 + seed * 97) % 256);

function face(over: Partial<FaceAnalysis> = {}): FaceAnalysis {
  return {
    box: [100, 50, 200, 200],
    score: 1,
    size: 200,
    sharpness: 300,
    yaw: 0,
    pitch: 0,
    roll: 0,
    antispoof: 0.6,
    liveness: 0.9,
    descriptor: base,
    thumb: thumbOf(0),
    mesh: [],
    ...over,
  };
}
let n = 0;
const frame = (faces: FaceAnalysis[]): Analysis => ({ faces, width: 640, height: 480, ms: 1, digest: `d${n++}` });
const pose = (yaw: number, seed: number) => frame([face({ yaw, thumb: thumbOf(seed) })]);

describe('enrolment quality gate (pure)', () => {
  it('answers no_face / multiple_faces with the spec messages', () => {
    expect(oneFace(frame([]))).toEqual({ ok: false, reason: 'no_face', message: 'No se detectó ningún rostro en la imagen. Inténtalo de nuevo.' });
    expect(oneFace(frame([face(), face()]))).toEqual({
      ok: false,
      reason: 'multiple_faces',
      message: 'Se detectaron múltiples rostros. Asegúrate de que solo aparezca una persona.',
    });
  });

  it('refuses small, blurry and turned faces', () => {
    expect(checkCapture(frame([face()])).ok).toBe(true);
    expect(checkCapture(frame([face({ size: 60 })]))).toMatchObject({ ok: false, reason: 'face_too_small' });
    expect(checkCapture(frame([face({ sharpness: 12 })]))).toMatchObject({ ok: false, reason: 'face_blurry' });
    expect(checkCapture(frame([face({ yaw: -30 })]))).toMatchObject({ ok: false, reason: 'face_not_frontal', message: FACE_MESSAGES.face_not_frontal });
  });

  it('needs 3-5 captures of the same person', () => {
    const good = () => frame([face()]);
    expect(checkEnrolment([good(), good()])).toMatchObject({ ok: false, reason: 'captures_count' });
    expect(checkEnrolment([good(), good(), good()])).toMatchObject({ ok: true });
    const other = Float32Array.from(base, (v) => v + 0.1);
    expect(checkEnrolment([good(), good(), frame([face({ descriptor: other })])])).toMatchObject({ ok: false, reason: 'faces_differ', capture: 2 });
    expect(checkEnrolment([good(), frame([]), good()])).toMatchObject({ ok: false, reason: 'no_face', capture: 1 });
  });

  it('picks the most frontal, largest and sharpest capture for the enrolment photo', () => {
    const at = (over: Partial<FaceAnalysis>) => frame([face(over)]);
    expect(bestCapture([at({ size: 150 }), at({ size: 220 }), at({ size: 180 })])).toBe(1);
    expect(bestCapture([at({ size: 220, yaw: 18 }), at({ size: 210, yaw: 1 })])).toBe(1);
    expect(bestCapture([at({ sharpness: 45 }), at({ sharpness: 600 })])).toBe(1);
    expect(bestCapture([frame([]), frame([face(), face()])])).toBe(-1);
  });
});

describe('active liveness (pure)', () => {
  it("classifies yaw: - is the person turning to their own left (unmirrored frame, Human's sign)", () => {
    expect([poseOf(3), poseOf(-9), poseOf(-22), poseOf(22), poseOf(12)]).toEqual(['straight', 'straight', 'left', 'right', null]);
    expect(collapse(['straight', 'straight', null, 'left', 'left', 'right'])).toEqual(['straight', 'left', 'right']);
  });

  it('draws every order of the three steps', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(randomChallenge().join());
    expect(seen.size).toBe(6);
    for (const order of seen) expect(order.split(',').sort()).toEqual([...STEPS].sort());
  });

  it('passes when one person follows the order, with extra and in-between frames', () => {
    const r = checkLiveness(['right', 'straight', 'left'], [pose(25, 1), pose(12, 2), pose(2, 3), pose(1, 4), pose(-30, 5)]);
    expect(r).toMatchObject({ passed: true, details: { poses: ['right', null, 'straight', 'straight', 'left'] } });
  });

  it('fails a wrong order, a missing step, a repeated frame, another person, or too few frames', () => {
    const steps = ['straight', 'left', 'right'] as const;
    expect(checkLiveness(steps, [pose(0, 1), pose(25, 2), pose(-25, 3)]).details.failure).toBe('pose_sequence');
    expect(checkLiveness(steps, [pose(0, 1), pose(-25, 2), pose(0, 3)]).details.failure).toBe('pose_sequence');
    const same = pose(0, 1);
    expect(checkLiveness(steps, [same, same, same])).toMatchObject({ passed: false, reason: 'liveness_failed', details: { failure: 'replayed_frame' } });
    // the same picture re-encoded (other bytes) in two different steps
    expect(checkLiveness(steps, [pose(0, 1), pose(-25, 1), pose(25, 3)]).details.failure).toBe('replayed_frame');
    const stranger = frame([face({ yaw: -25, thumb: thumbOf(2), descriptor: Float32Array.from(base, (v) => v + 0.08) })]);
    expect(checkLiveness(steps, [pose(0, 1), stranger, pose(25, 3)]).details).toMatchObject({ failure: 'different_person', frame: 1 });
    expect(checkLiveness(steps, [pose(0, 1), pose(-25, 2)]).details.failure).toBe('frame_count');
  });

  it('keeps each frame pose, yaw, antispoof and liveness scores and distance (the punch evidence), not only the mean', () => {
    const steps = ['straight', 'left', 'right'] as const;
    const scored = (yaw: number, seed: number, antispoof: number, liveness: number, descriptor = base) =>
      frame([face({ yaw, thumb: thumbOf(seed), antispoof, liveness, descriptor })]);
    const moved = Float32Array.from(base, (v, i) => (i === 0 ? v + 0.3 : v));
    const r = checkLiveness(steps, [scored(1, 1, 0.61, 0.93), scored(-24, 2, 0.42, 0.88, moved), scored(27, 3, 0.7, 0.97)]);
    expect(r.passed).toBe(true);
    expect(r.details.frames).toEqual([
      { pose: 'straight', yaw: 1, antispoof: 0.61, live: 0.93, distance: 0 },
      { pose: 'left', yaw: -24, antispoof: 0.42, live: 0.88, distance: 0.3 },
      { pose: 'right', yaw: 27, antispoof: 0.7, live: 0.97, distance: 0 },
    ]);
    expect(r.details.spoofScore).toBe(0.752);
  });

  it('reports no_face / multiple_faces, and refuses only clearly low spoof scores', () => {
    const steps = ['straight', 'left', 'right'] as const;
    expect(checkLiveness(steps, [pose(0, 1), frame([]), pose(25, 3)])).toMatchObject({ passed: false, reason: 'no_face', details: { frame: 1 } });
    expect(checkLiveness(steps, [pose(0, 1), frame([face(), face()]), pose(25, 3)]).reason).toBe('multiple_faces');
    // As the engine answers a group: no descriptor for any of the faces. Still multiple_faces, not no_face.
    const group = frame([face({ descriptor: null }), face({ descriptor: null })]);
    expect(checkLiveness(steps, [pose(0, 1), group, pose(25, 3)])).toMatchObject({ passed: false, reason: 'multiple_faces', details: { frame: 1 } });
    const low = (yaw: number, seed: number, antispoof: number, liveness: number) => frame([face({ yaw, thumb: thumbOf(seed), antispoof, liveness })]);
    // antispoof alone low (as on many genuine photos) still passes
    expect(checkLiveness(steps, [low(0, 1, 0.2, 0.9), low(-25, 2, 0.25, 0.95), low(25, 3, 0.3, 0.9)]).passed).toBe(true);
    expect(checkLiveness(steps, [low(0, 1, 0.1, 0.3), low(-25, 2, 0.2, 0.4), low(25, 3, 0.1, 0.5)]).details.failure).toBe('spoof_score');
  });
});
