import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/crypto.js';

/**
 * The kiosk's device id: a random id the server signs (HMAC-SHA256 under a key derived from the session
 * secret) and keeps in the httpOnly `presente_kiosk` cookie. Only a signed id names a device for the
 * failure cool-down; a missing, unsigned or forged cookie counts as the request's IP, so inventing a new
 * cookie value never resets a cool-down (docs/decisions/0015).
 */
export const DEVICE_COOKIE = 'presente_kiosk';

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'presente', 'kiosk-device-id', 32));
    keys.set(secret, key);
  }
  return key;
}

const signatureOf = (secret: string, id: string) => createHmac('sha256', keyOf(secret)).update(id).digest('base64url');

/** A new signed device id "id.signature" for the cookie. */
export function newDeviceCookie(secret: string): string {
  const id = randomToken(16);
  return `${id}.${signatureOf(secret, id)}`;
}

/** The device id of a cookie value when its signature is ours, else null. */
export function verifiedDeviceId(secret: string, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 100) return null;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const id = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(signatureOf(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The key the cool-down counts under: the signed device, else the IP (never anything the client invents). */
export function deviceKeyOf(secret: string, cookie: string | undefined, ip: string): string {
  const id = verifiedDeviceId(secret, cookie);
  return sha256(id ? `device:${id}` : `ip:${ip}`);
}
