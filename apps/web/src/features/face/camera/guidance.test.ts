import { describe, expect, it } from 'vitest';
import { seenFace } from '../test/fakeGuide';
import { enrolGuidance, GUIDE, isCentred, kioskHint, lightOf, meanBrightness, ovalIn, poseOf } from './guidance';

describe('face guidance (pure)', () => {
  it('places the oval of the preview on the frame, also when a wide camera is cropped to 4:3', () => {
    expect(ovalIn(640, 480)).toEqual({ cx: 320, cy: 232, rx: 124.8, ry: 166.4 });
    // 1280x720 shown with object-fit: cover in a 4:3 box: only the central 960 px are visible.
    const wide = ovalIn(1280, 720);
    expect(wide.cx).toBe(640);
    expect(wide.cy).toBeCloseTo(348, 5);
    expect(wide.rx).toBeCloseTo(187.2, 5);
  });

  it('asks to centre the face when its box centre is outside the inner part of the oval', () => {
    expect(isCentred(seenFace())).toBe(true);
    // 50 px right of the centre: 0.40 of the oval's half-width; 70 px: 0.56.
    expect(isCentred(seenFace({ box: [270, 132, 200, 200] }))).toBe(true);
    expect(isCentred(seenFace({ box: [290, 132, 200, 200] }))).toBe(false);
    expect(isCentred(seenFace({ box: [220, 20, 200, 200] }))).toBe(false);
    expect(enrolGuidance([seenFace({ box: [20, 40, 200, 200] })], null)).toBe('centre');
  });

  it('asks for more light on a dark face and less on a washed-out one (mean brightness of the face box)', () => {
    expect(lightOf(seenFace({ brightness: GUIDE.dark - 1 }))).toBe('dark');
    expect(lightOf(seenFace({ brightness: GUIDE.dark }))).toBeNull();
    expect(lightOf(seenFace({ brightness: GUIDE.bright + 1 }))).toBe('bright');
    expect(lightOf(seenFace({ brightness: undefined }))).toBeNull(); // not measured: no hint
    expect(enrolGuidance([seenFace({ brightness: 30 })], null)).toBe('dark');
    expect(kioskHint([seenFace({ brightness: 250 })])).toBe('bright');
    expect(meanBrightness([255, 255, 255, 255, 0, 0, 0, 255])).toBeCloseTo(127.5, 5);
    expect(meanBrightness([255, 0, 0, 255])).toBeCloseTo(76.245, 3);
  });

  it('checks one face, size, oval and light before the pose; then still, then ok', () => {
    const face = seenFace();
    expect(enrolGuidance([], null)).toBe('noFace');
    expect(enrolGuidance([face, face], null)).toBe('multiple');
    expect(enrolGuidance([seenFace({ box: [270, 182, 90, 90], brightness: 20 })], null)).toBe('closer');
    expect(enrolGuidance([seenFace({ box: [20, 40, 200, 200], brightness: 20 })], null)).toBe('centre');
    expect(enrolGuidance([seenFace({ yaw: 20 })], null)).toBe('straight');
    expect(enrolGuidance([face], null)).toBe('still');
    expect(enrolGuidance([face], [seenFace({ box: [240, 132, 200, 200] })])).toBe('still');
    expect(enrolGuidance([face], [seenFace({ box: [230, 135, 200, 200] })])).toBe('ok');
    expect(kioskHint([face])).toBeNull();
    // The kiosk does not ask to look straight: the challenge asks for turns.
    expect(kioskHint([seenFace({ yaw: 25 })])).toBeNull();
  });

  it("reads the challenge pose from the yaw of one face: a negative yaw is the person's own left, as on the server", () => {
    expect([0, 8, -17, 17, 12].map((yaw) => poseOf([seenFace({ yaw })]))).toEqual(['straight', 'straight', 'left', 'right', null]);
    expect(poseOf([seenFace(), seenFace()])).toBeNull();
  });
});
