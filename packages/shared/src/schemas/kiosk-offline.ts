import { z } from 'zod';
import { burstFrameTimes } from './face.js';

/**
 * Offline punches of a paired kiosk (issue 25 item 3, decision 0075). While online the kiosk makes signed contacts:
 * its own clock against the server's, how many punches wait, and the key its queue is encrypted with. Offline it draws
 * its own challenge and keeps each signed burst in IndexedDB; back online it uploads them. The server counts a
 * capture time from a contact it recorded (never from the kiosk's clock alone).
 */
export const OFFLINE_PUNCH = {
  /** An offline punch older than this (capture to upload) is refused; the kiosk drops it unsent. */
  maxAgeMs: 24 * 3_600_000,
  /** A capture time this far past the upload (both on the server's clock) is refused as from the future. */
  futureSlackMs: 2 * 60_000,
  /** The kiosk makes a contact this often while online (and at start, and when the network returns). */
  contactEveryMs: 5 * 60_000,
  /** Contacts the server keeps per kiosk (the last 24 h, at most this many). */
  maxContacts: 400,
  /** Punches a kiosk keeps waiting at most (each about 16 frames of 20-40 kB). */
  maxWaiting: 200,
  /** Minutes from the contact an offline punch counts from to its capture past which it goes to review. */
  reviewAfterMinutes: 120,
} as const;

/** POST /api/public/attendance/{token}/kiosk-contact (headers X-Kiosk-Id, X-Kiosk-Signature over kioskContactText). */
export const kioskContactInput = z.object({
  /** The kiosk's clock (ms since 1970) when it signed. */
  deviceTime: z.number().int().min(0).max(8.64e15),
  /** Offline punches waiting on the kiosk. */
  waiting: z.number().int().min(0).max(100_000),
});
export type KioskContactInput = z.infer<typeof kioskContactInput>;

export const kioskContactResult = z.object({
  serverTime: z.string(),
  /** The link's id, which an offline mark signs. */
  linkId: z.string(),
  /** The device time the server recorded this contact under (an offline punch names it). */
  deviceTime: z.number(),
  /** AES-256-GCM key (raw, base64) the kiosk encrypts its waiting punches with; the same for the kiosk's life. */
  offlineKey: z.string(),
});
export type KioskContactResult = z.infer<typeof kioskContactResult>;

export function kioskContactText(m: { kioskId: string; deviceTime: number; waiting: number }): string {
  return ['presente-kiosk-contact/1', `kiosk:${m.kioskId}`, `device-time:${m.deviceTime}`, `waiting:${m.waiting}`].join('\n');
}

const ms = z.string().regex(/^\d{1,16}$/, 'validation.invalid');

/** Text fields of the multipart POST /api/public/attendance/{token}/offline-mark (files: the burst's `frames`). */
export const kioskOfflineMarkFields = z.object({
  /** The challenge the kiosk drew itself (a random UUID): single use. */
  challengeId: z.uuid('face.challengeInvalid'),
  /** Its steps, comma-separated, from the online challenge's vocabulary. */
  steps: z
    .string()
    .max(100)
    .regex(/^[a-z]+(,[a-z]+){0,7}$/, 'face.challengeInvalid'),
  /** The first frame's capture time on the kiosk's clock (ms since 1970). */
  capturedAt: ms,
  /** The device time of the last contact the kiosk made before the capture (kioskContactResult.deviceTime). */
  contactAt: ms,
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  accuracy: z.coerce.number().min(0).optional(),
  frameTimes: burstFrameTimes.optional(),
});
export type KioskOfflineMarkFields = z.infer<typeof kioskOfflineMarkFields>;

/** The exact text a kiosk signs for an offline mark: the online mark's, with its own challenge, steps and times. */
export function kioskOfflineSignedText(m: {
  linkId: string;
  challengeId: string;
  kioskId: string;
  steps: string;
  capturedAt: string;
  contactAt: string;
  frameDigests: string[];
  frameTimes?: string;
}): string {
  return [
    'presente-kiosk-offline-mark/1',
    `link:${m.linkId}`,
    `challenge:${m.challengeId}`,
    `kiosk:${m.kioskId}`,
    `steps:${m.steps}`,
    `captured:${m.capturedAt}`,
    `contact:${m.contactAt}`,
    `frames:${m.frameDigests.join(',')}`,
    `times:${m.frameTimes ?? ''}`,
  ].join('\n');
}
