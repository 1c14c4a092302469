import { z } from 'zod';
import { boolish } from './common.js';

/**
 * Face attendance contract (spec §7 face-recognition calls, plus the public kiosk calls the issue adds).
 * Admin calls live under /api/company-admin-simple/face-recognition, the kiosk under /api/public/attendance.
 */

/** Version of the biometric notice the employee accepts before enrolment (bump when the text changes). */
export const FACE_NOTICE_VERSION = '2026-11-v1';

/** Enrolment: 3-5 captures of one sitting; the kiosk: 3-6 frames following the challenge. */
export const FACE_LIMITS = {
  minCaptures: 3,
  maxCaptures: 5,
  minFrames: 3,
  maxFrames: 6,
  /** Bytes per uploaded JPEG. */
  maxImageBytes: 2 * 1024 * 1024,
  /** Seconds a liveness challenge stays valid. */
  challengeSeconds: 90,
  /** Failed marks in a row from one device before a cool-down, and its length. */
  failuresBeforeCooldown: 5,
  cooldownSeconds: 60,
} as const;

export const livenessStep = z.enum(['straight', 'left', 'right']);
export type LivenessStep = z.infer<typeof livenessStep>;

/** POST /face-recognition/attendance-link (spec: {name, expiresAt?}); expiry not in the past. */
export const attendanceLinkInput = z.object({
  name: z.string('faceLink.nameRequired').trim().min(1, 'faceLink.nameRequired').max(120, 'validation.tooLong'),
  expiresAt: z
    .union([z.iso.datetime({ offset: true, message: 'faceLink.expiryInvalid' }), z.iso.date('faceLink.expiryInvalid'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type AttendanceLinkInput = z.input<typeof attendanceLinkInput>;

export const attendanceLinkToggle = z.object({ isActive: boolish });

/** One link as the admin sees it; the page URL is `${origin}/attendance/${token}` (spec §2). */
export const attendanceLink = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** 'active' | 'inactive' | 'expired', computed now. */
  state: z.enum(['active', 'inactive', 'expired']),
});
export type AttendanceLink = z.infer<typeof attendanceLink>;

/** Text fields of the multipart POST /face-recognition/register (files: 3-5 `image` parts). */
export const faceRegisterFields = z.object({
  employeeId: z.uuid('face.employeeIdRequired'),
  /** The browser's own descriptors (spec); the server recomputes its own and never trusts these. */
  descriptors: z.string().optional(),
  /** The employee accepted the biometric notice (required). */
  consentAccepted: z.enum(['true'], 'face.consentRequired'),
  noticeVersion: z.string().default(FACE_NOTICE_VERSION),
});

export const faceData = z.object({ confidence: z.number(), createdAt: z.string(), isActive: z.boolean() });
export type FaceData = z.infer<typeof faceData>;

/** GET /api/public/attendance/{token}. */
export const kioskInfo = z.object({ companyName: z.string(), linkName: z.string(), timezone: z.string(), serverTime: z.string() });
export type KioskInfo = z.infer<typeof kioskInfo>;

/** POST /api/public/attendance/{token}/challenge. */
export const kioskChallenge = z.object({ challengeId: z.string(), steps: z.array(livenessStep), expiresAt: z.string() });
export type KioskChallenge = z.infer<typeof kioskChallenge>;

/** Text fields of the multipart POST /api/public/attendance/{token}/mark (files: 3-6 `frames` parts). */
export const kioskMarkFields = z.object({
  challengeId: z.uuid('face.challengeInvalid'),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  accuracy: z.coerce.number().min(0).optional(),
});

export const kioskMarkResult = z.object({
  employee: z.object({ id: z.string(), name: z.string() }),
  action: z.enum(['check_in', 'check_out']),
  /** ISO instant and the local time HH:mm in the company's timezone. */
  time: z.string(),
  localTime: z.string(),
  status: z.string(),
  /** True when this punch had just been recorded (the person marked twice in a row). */
  repeated: z.boolean(),
});
export type KioskMarkResult = z.infer<typeof kioskMarkResult>;

/** GET /api/employee/face-consent. */
export const faceConsentState = z.object({
  registered: z.boolean(),
  faceData: faceData.nullable(),
  consent: z.object({ acceptedAt: z.string(), noticeVersion: z.string() }).nullable(),
});
export type FaceConsentState = z.infer<typeof faceConsentState>;
