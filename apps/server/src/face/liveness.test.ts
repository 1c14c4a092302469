import { describe, expect, it } from 'vitest';
import type { Analysis, FaceAnalysis } from './engine.js';
import { poseOf } from './liveness.js';
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

describe('head poses (pure)', () => {
  it("classifies yaw: - is the person turning to their own left (unmirrored frame, Human's sign)", () => {
    expect([poseOf(3), poseOf(-9), poseOf(-22), poseOf(22), poseOf(12)]).toEqual(['straight', 'straight', 'left', 'right', null]);
  });
});
