import type { LivenessStep } from '@presente/shared';
import type { SeenFace } from './faceGuide';

/** Spec §9: camera ideal 640x480, JPEG quality 0.8, video-ready timeout 2 s. */
export const CAMERA = { width: 640, height: 480, jpegQuality: 0.8, readyTimeoutMs: 2000 } as const;

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
} as const;

export type EnrolGuidance = 'noFace' | 'multiple' | 'closer' | 'straight' | 'still' | 'ok';

function centre([x, y, w, h]: SeenFace['box']): [number, number] {
  return [x + w / 2, y + h / 2];
}

/** What the person should do next for a good enrolment capture ('ok' = capture now). */
export function enrolGuidance(faces: SeenFace[], previous: SeenFace[] | null, frameWidth: number = CAMERA.width): EnrolGuidance {
  if (faces.length === 0) return 'noFace';
  if (faces.length > 1) return 'multiple';
  const face = faces[0];
  if (Math.min(face.box[2], face.box[3]) < GUIDE.minFaceSide) return 'closer';
  if (Math.abs(face.yaw) > GUIDE.maxEnrolYaw) return 'straight';
  const before = previous?.length === 1 ? previous[0] : null;
  if (!before) return 'still';
  const [ax, ay] = centre(face.box);
  const [bx, by] = centre(before.box);
  return Math.hypot(ax - bx, ay - by) <= GUIDE.stillShift * frameWidth ? 'ok' : 'still';
}

/** The challenge step a single face's pose shows, or null when in between (or no single face). */
export function poseOf(faces: SeenFace[]): LivenessStep | null {
  if (faces.length !== 1) return null;
  const { yaw } = faces[0];
  if (Math.abs(yaw) <= GUIDE.straightYaw) return 'straight';
  // Unmirrored frame: yaw > 0 when the person turns to their own left.
  if (yaw >= GUIDE.turnYaw) return 'left';
  if (yaw <= -GUIDE.turnYaw) return 'right';
  return null;
}
