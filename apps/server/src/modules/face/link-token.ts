import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/crypto.js';

/**
 * Kiosk link tokens: 256 random bits. The database keeps the SHA-256 (the only thing a lookup uses) and
 * the token sealed with AES-256-GCM under a key derived from the session secret, so the admin can copy
 * the link or print its QR again. A database leak alone reveals no working link (docs/decisions/0009).
 */
const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'presente', 'attendance-link-token', 32));

export function newLinkToken(secret: string) {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token), tokenSealed: seal(secret, token) };
}

export const hashLinkToken = (token: string) => sha256(token);

export function seal(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The token, or '' when it cannot be opened (the session secret changed: the link must be recreated). */
export function unseal(secret: string, sealed: string): string {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
