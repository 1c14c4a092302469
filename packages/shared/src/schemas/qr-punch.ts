import { z } from 'zod';
import { savedAnswer } from './answers.js';
import { geoPoint } from './attendance.js';
import { dataAnswer } from './common.js';

/** The rotating on-screen QR (decision 0044): a new code every step, each valid for its step and the next. */
export const QR_PUNCH = {
  /** Seconds of one time step: the screen shows a new code at each step's start. */
  stepSeconds: 30,
  /** Steps a code is accepted after its own (clock skew, a scan at the turn of a step): the current and the previous. */
  graceSteps: 1,
  /** The page the QR's URL opens on the employee's phone (their Attendance tab), the code in its `param` query parameter. */
  path: '/employee/attendance',
  param: 'qr',
  /** Longest code the API reads (a whole URL is accepted: the code is taken from its `qr` parameter). */
  maxLength: 600,
} as const;

/** What the screen at the entrance shows: the code, the URL the QR encodes and when to fetch the next. */
export const qrDisplayCode = z.object({
  code: z.string(),
  /** The QR's text: the app's address of the punch page with the code (a phone's own camera app opens it). */
  url: z.string(),
  location: z.object({ id: z.uuid(), name: z.string() }),
  /** The code's time step (seconds since the epoch / stepSeconds). */
  step: z.number().int(),
  stepSeconds: z.number().int(),
  /** When the screen should show the next code (the end of this step), ISO. */
  refreshAt: z.string(),
  /** When this code stops being accepted (the end of the next step), ISO. */
  expiresAt: z.string(),
  /** The server's time, ISO: the screen counts down by it, not by its own clock. */
  serverTime: z.string(),
});
export type QrDisplayCode = z.infer<typeof qrDisplayCode>;

export const qrLocationParams = z.object({ locationId: z.uuid('qrPunch.locationNotFound') });

/** The employee's punch with a scanned code: the code alone or the whole URL the QR holds; the phone's position if it gave one. */
export const qrPunchInput = z.object({
  code: z.string('qrPunch.codeRequired').trim().min(1, 'qrPunch.codeRequired').max(QR_PUNCH.maxLength, 'qrPunch.invalid'),
  location: geoPoint.nullish(),
});
export type QrPunchInput = z.input<typeof qrPunchInput>;

/** The answer of a QR punch: what was recorded (check-in or check-out), where, and the record. */
export const qrPunchResult = z.object({
  action: z.enum(['check_in', 'check_out']),
  repeated: z.boolean(),
  status: z.string(),
  location: z.object({ id: z.uuid(), name: z.string() }),
  record: z.looseObject({
    id: z.uuid(),
    date: z.string(),
    checkIn: z.string().nullable(),
    checkOut: z.string().nullable(),
    method: z.string().nullable(),
  }),
});
export type QrPunchResult = z.infer<typeof qrPunchResult>;

/** A paired kiosk's request for its screen's code (decision 0044): the location it shows and its own time, signed. */
export const kioskQrInput = z.object({
  locationId: z.uuid('qrPunch.locationNotFound'),
  at: z.iso.datetime({ offset: true, message: 'validation.invalid' }),
});
export type KioskQrInput = z.infer<typeof kioskQrInput>;

/** The work locations a paired kiosk can show the QR of. */
export const kioskQrLocations = z.array(z.object({ id: z.uuid(), name: z.string() }));
/** GET /public/attendance/{token}/qr-locations. */
export const kioskQrLocationsAnswer = dataAnswer(kioskQrLocations);
export type KioskQrLocationsAnswer = z.infer<typeof kioskQrLocationsAnswer>;

/** The exact text a paired kiosk signs (ECDSA P-256, as its marks) to be given a location's rotating code. */
export function kioskQrSignedText(m: { kioskId: string; locationId: string; at: string }): string {
  return ['presente-kiosk-qr/1', `kiosk:${m.kioskId}`, `location:${m.locationId}`, `at:${m.at}`].join('\n');
}

/** A location's current code: GET /qr-punch/locations/{id}/code (admin) and POST /public/attendance/{token}/qr (kiosk). */
export const qrDisplayCodeAnswer = dataAnswer(qrDisplayCode);
/** POST /employee/attendance/qr: 201 for a new punch, 200 for a repeated one. */
export const qrPunchAnswer = savedAnswer(qrPunchResult);
