import type { LivenessStep } from '@presente/shared';
import type { SeenFace } from './faceGuide';

/** Spec §9: camera ideal 640x480, JPEG quality 0.8, video-ready timeout 2 s. */
export const CAMERA = { width: 640, height: 480, jpegQuality: 0.8, readyTimeoutMs: 2000 } as const;

/**
 * The oval drawn over the preview (CameraView), in its 400x300 view box laid over the visible 4:3 part of
 * the video. Guidance measures the face against the same oval.
 */
export const OVAL = { viewWidth: 400, viewHeight: 300, cx: 200, cy: 145, rx: 78, ry: 104 } as const;

/**
 * Guidance cut-offs, a little stricter than the server's gate (80 px face, |yaw| ≤ 20°, straight ≤ 10°,
 * a turn ≥ 15°: apps/server/src/face/quality.ts, liveness.ts) so that what the page accepts the server accepts too.
 */
export const GUIDE = {
  minFaceSide: 100,
  maxEnrolYaw: 12,
  straightYaw: 8,
  turnYaw: 17,
  /** Movement between two looks, as a share of the frame width, still counted as "holding still". */
  stillShift: 0.03,
  /**
   * The face box centre must lie within this share of the oval (1 = its edge): at 0.45 the face sits well
   * inside the oval, with room for the head turns of the challenge.
   */
  centreWithin: 0.45,
  /**
   * During a head turn of the kiosk's challenge the head's outline moves sideways (the side of the head comes into
   * view, away from where the nose points): a turn is not told to "centre" itself, and the oval drawn is `turnWiden`
   * wider and moved `turnShift` (viewBox units) that way (the e2e's rendered head left the frontal oval).
   */
  turnCentreWithin: 0.85,
  turnWiden: 1.3,
  turnShift: 45,
  /**
   * Mean brightness (0-255, luma) of the face box: below `dark` the detector and the descriptor lose detail
   * (and the server's sharpness gate refuses noisy dark captures); above `bright` the face is washed out.
   */
  dark: 60,
  bright: 215,
} as const;

export type EnrolGuidance = 'noFace' | 'multiple' | 'closer' | 'centre' | 'dark' | 'bright' | 'straight' | 'still' | 'ok';
/** What the kiosk asks for before and during the challenge (null: nothing to fix). */
export type KioskHint = Exclude<EnrolGuidance, 'straight' | 'still' | 'ok'> | null;

function centre([x, y, w, h]: SeenFace['box']): [number, number] {
  return [x + w / 2, y + h / 2];
}

/** The oval in pixels of a frameWidth x frameHeight video shown with object-fit: cover in a 4:3 box. */
export function ovalIn(frameWidth: number, frameHeight: number) {
  const visibleWidth = Math.min(frameWidth, (frameHeight * 4) / 3);
  const visibleHeight = Math.min(frameHeight, (frameWidth * 3) / 4);
  const left = (frameWidth - visibleWidth) / 2;
  const top = (frameHeight - visibleHeight) / 2;
  return {
    cx: left + (visibleWidth * OVAL.cx) / OVAL.viewWidth,
    cy: top + (visibleHeight * OVAL.cy) / OVAL.viewHeight,
    rx: (visibleWidth * OVAL.rx) / OVAL.viewWidth,
    ry: (visibleHeight * OVAL.ry) / OVAL.viewHeight,
  };
}

/**
 * Whether the face box centre lies within the inner part of the oval (GUIDE.centreWithin). The preview is
 * mirrored, the box is not, and the oval is centred horizontally: the distance is the same either way.
 */
export function isCentred(
  face: SeenFace,
  frameWidth: number = CAMERA.width,
  frameHeight: number = CAMERA.height,
  within: number = GUIDE.centreWithin,
): boolean {
  const oval = ovalIn(frameWidth, frameHeight);
  const [x, y] = centre(face.box);
  return Math.hypot((x - oval.cx) / oval.rx, (y - oval.cy) / oval.ry) <= within;
}

/** 'dark' / 'bright' when the face box's mean brightness is out of range; null when fine or not measured. */
export function lightOf(face: SeenFace): 'dark' | 'bright' | null {
  if (face.brightness === undefined) return null;
  if (face.brightness < GUIDE.dark) return 'dark';
  if (face.brightness > GUIDE.bright) return 'bright';
  return null;
}

/** Problems any face check has before its pose: one face, big enough, in the oval, in good light. */
function framingOf(faces: SeenFace[], frameWidth: number, frameHeight: number, within: number = GUIDE.centreWithin): KioskHint {
  if (faces.length === 0) return 'noFace';
  if (faces.length > 1) return 'multiple';
  const face = faces[0];
  if (Math.min(face.box[2], face.box[3]) < GUIDE.minFaceSide) return 'closer';
  if (!isCentred(face, frameWidth, frameHeight, within)) return 'centre';
  return lightOf(face);
}

/** What the person should do next for a good enrolment capture ('ok' = capture now). */
export function enrolGuidance(
  faces: SeenFace[],
  previous: SeenFace[] | null,
  frameWidth: number = CAMERA.width,
  frameHeight: number = CAMERA.height,
): EnrolGuidance {
  const framing = framingOf(faces, frameWidth, frameHeight);
  if (framing) return framing;
  const face = faces[0];
  if (Math.abs(face.yaw) > GUIDE.maxEnrolYaw) return 'straight';
  const before = previous?.length === 1 ? previous[0] : null;
  if (!before) return 'still';
  const [ax, ay] = centre(face.box);
  const [bx, by] = centre(before.box);
  return Math.hypot(ax - bx, ay - by) <= GUIDE.stillShift * frameWidth ? 'ok' : 'still';
}

/**
 * The kiosk's hint for the current look: the framing problem to fix, or null (the step's own prompt then). `turning`:
 * the screen asks for a head turn, whose face box sits off centre (GUIDE.turnCentreWithin).
 */
export function kioskHint(faces: SeenFace[], frameWidth: number = CAMERA.width, frameHeight: number = CAMERA.height, turning = false): KioskHint {
  return framingOf(faces, frameWidth, frameHeight, turning ? GUIDE.turnCentreWithin : GUIDE.centreWithin);
}

/** The challenge step a single face's pose shows, or null when in between (or no single face). */
export function poseOf(faces: SeenFace[]): LivenessStep | null {
  if (faces.length !== 1) return null;
  const { yaw } = faces[0];
  if (Math.abs(yaw) <= GUIDE.straightYaw) return 'straight';
  // Unmirrored frame: Human's yaw < 0 when the person turns to their own left (the server's poseOf, liveness.ts).
  if (yaw <= -GUIDE.turnYaw) return 'left';
  if (yaw >= GUIDE.turnYaw) return 'right';
  return null;
}

/** Mean luma (0-255) of RGBA pixels: what `lightOf` judges. */
export function meanBrightness(rgba: ArrayLike<number>): number {
  let sum = 0;
  const pixels = Math.floor(rgba.length / 4);
  for (let i = 0; i < pixels * 4; i += 4) sum += 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
  return pixels ? sum / pixels : 0;
}
