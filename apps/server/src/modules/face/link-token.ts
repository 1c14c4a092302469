import { randomToken, sha256 } from '../../lib/crypto.js';
import { sealText, unsealText } from '../../lib/sealed-text.js';

/**
 * Kiosk link tokens: 256 random bits. The database keeps the SHA-256 (the only thing a lookup uses) and
 * the token sealed with AES-256-GCM under a key derived from the session secret, so the admin can copy
 * the link or print its QR again. A database leak alone reveals no working link (docs/decisions/0009).
 */
const PURPOSE = 'attendance-link-token';

export function newLinkToken(secret: string) {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token), tokenSealed: seal(secret, token) };
}

export const hashLinkToken = (token: string) => sha256(token);

export const seal = (secret: string, token: string): string => sealText(secret, PURPOSE, token);

/** The token, or '' when it cannot be opened (the session secret changed: the link must be recreated). */
export const unseal = (secret: string, sealed: string): string => unsealText(secret, PURPOSE, sealed);
