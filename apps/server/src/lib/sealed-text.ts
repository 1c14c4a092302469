import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Short secrets the server must read back (a kiosk link's token, a webhook's signing secret), sealed with
 * AES-256-GCM under a key derived from the session secret and the purpose: a database leak alone reveals none
 * of them, and a value sealed for one purpose does not open as another.
 */
const keys = new Map<string, Buffer>();
function keyOf(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'presente', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The text, or '' when it cannot be opened (the session secret changed, or it was sealed for another purpose). */
export function unsealText(secret: string, purpose: string, sealed: string): string {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
