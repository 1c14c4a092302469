import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { QR_PUNCH } from '@presente/shared';

/**
 * The rotating QR's code (decision 0044): `Q1.<location>.<step>.<nonce>.<mac>`, the location a UUID in 22
 * base64url characters, the 30 s time step in base 36, a random 8-byte nonce, and an HMAC-SHA256 (128 bits kept)
 * over the company, the location, the step and the nonce with a key derived from the server's session secret.
 * The company is not written in the code: a code of another company simply fails the signature. Pure: no I/O.
 */
const FORMAT = /^Q1\.([A-Za-z0-9_-]{22})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{11})\.([A-Za-z0-9_-]{22})$/;
const STEP_MS = QR_PUNCH.stepSeconds * 1000;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'presente', 'qr-punch-code', 32));
    keys.set(secret, key);
  }
  return key;
}

const macOf = (secret: string, companyId: string, locationId: string, step: number, nonce: string) =>
  createHmac('sha256', keyOf(secret)).update(`Q1|${companyId}|${locationId}|${step}|${nonce}`).digest().subarray(0, 16).toString('base64url');

const uuidToB64 = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
function b64ToUuid(b64: string): string {
  const hex = Buffer.from(b64, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The time step of an instant. */
export const stepOf = (at: Date) => Math.floor(at.getTime() / STEP_MS);
/** When a step starts. */
export const stepStart = (step: number) => new Date(step * STEP_MS);

/** A fresh code for a company's work location at an instant's step. */
export function signQrCode(secret: string, companyId: string, locationId: string, at: Date) {
  const step = stepOf(at);
  const nonce = randomBytes(8).toString('base64url');
  const mac = macOf(secret, companyId, locationId, step, nonce);
  return { code: `Q1.${uuidToB64(locationId)}.${step.toString(36)}.${nonce}.${mac}`, step, mac };
}

/**
 * The code a scan gave: the `qr` parameter of the QR's URL when a whole URL was sent (a pasted link, a phone's
 * camera app), else the text itself.
 */
export function codeFromScan(text: string): string {
  const value = text.trim();
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value).searchParams.get(QR_PUNCH.param) ?? '';
  } catch {
    return '';
  }
}

export type QrCheck = { ok: true; locationId: string; step: number; mac: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a code for the scanning employee's company at an instant: well formed, signed for this company, of the
 * current step or the previous one (a later step is refused as invalid: this server never issued it).
 */
export function verifyQrCode(secret: string, companyId: string, text: string, at: Date): QrCheck {
  const m = FORMAT.exec(codeFromScan(text));
  if (!m) return { ok: false, reason: 'invalid' };
  const [, loc, stepText, nonce, mac] = m;
  const step = Number.parseInt(stepText, 36);
  const locationId = b64ToUuid(loc);
  const expected = Buffer.from(macOf(secret, companyId, locationId, step, nonce));
  if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return { ok: false, reason: 'invalid' };
  const now = stepOf(at);
  if (step > now) return { ok: false, reason: 'invalid' };
  if (step < now - QR_PUNCH.graceSteps) return { ok: false, reason: 'expired' };
  return { ok: true, locationId, step, mac, expiresAt: stepStart(step + QR_PUNCH.graceSteps + 1) };
}
