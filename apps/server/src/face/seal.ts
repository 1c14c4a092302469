import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Biometric data at rest (issue 18 item 6, decision 0029): face templates and enrolment photos are sealed
 * with AES-256-GCM under a key per company, HKDF-SHA256(master, salt = company id). The master key is never
 * in the database: BIOMETRIC_KEY (base64, 32 bytes) in production, else DATA_DIR/biometric-master.key,
 * created at first start (mode 600). The additional data binds each blob to its kind, company and employee,
 * so a blob moved to another row, company or kind does not open.
 *
 * A sealed blob: 1 byte format (1) | 4 bytes key id | 12 bytes nonce | 16 bytes tag | ciphertext.
 * The key id (the first 4 bytes of HMAC(master, 'presente biometric key id')) names the master key that
 * sealed it, so a rotation re-seals row by row while the old key is still known, and a restore or a start
 * with the wrong key is refused with the id it needs.
 */

export const BIOMETRIC_KEY_FILE = 'biometric-master.key';
const FORMAT = 1;
const HEADER = 1 + 4 + 12 + 16;

export interface MasterKey {
  /** 8 hex characters: names the key without revealing it. */
  id: string;
  secret: Buffer;
}

export interface BiometricKeyring {
  /** The key new seals use. */
  current: MasterKey;
  /** Every key that may still open a blob (the current one first; older ones during a rotation). */
  keys: MasterKey[];
  source: 'env' | 'file';
}

export class BiometricKeyError extends Error {}

export function masterKey(secret: Buffer): MasterKey {
  if (secret.length !== 32) throw new BiometricKeyError('A biometric master key is 32 bytes (44 characters of base64).');
  const id = createHmac('sha256', secret).update('presente biometric key id').digest().subarray(0, 4).toString('hex');
  return { id, secret };
}

const parseKey = (text: string, where: string) => {
  try {
    return masterKey(Buffer.from(text.trim(), 'base64'));
  } catch {
    throw new BiometricKeyError(`${where} is not a biometric master key: 32 random bytes in base64 (openssl rand -base64 32).`);
  }
};

export const newMasterKey = () => masterKey(randomBytes(32));
export const keyFilePath = (dataDir: string) => join(dataDir, BIOMETRIC_KEY_FILE);

function ringOf(keys: MasterKey[], source: BiometricKeyring['source']): BiometricKeyring {
  const unique = keys.filter((k, i) => keys.findIndex((o) => o.id === k.id) === i);
  return { current: unique[0], keys: unique, source };
}

/** The key file's lines: the current key first, then the keys of a rotation not finished yet. */
export function readKeyFile(dataDir: string): MasterKey[] {
  const file = keyFilePath(dataDir);
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((l) => parseKey(l, file));
}

/** Written under a temporary name and renamed: a crash never leaves a half-written key file. */
export function writeKeyFile(dataDir: string, keys: MasterKey[]) {
  mkdirSync(dataDir, { recursive: true });
  const file = keyFilePath(dataDir);
  const partial = `${join(dataDir, `.${BIOMETRIC_KEY_FILE}`)}.partial`;
  writeFileSync(partial, `${keys.map((k) => k.secret.toString('base64')).join('\n')}\n`, { mode: 0o600 });
  renameSync(partial, file);
}

export interface KeySettings {
  BIOMETRIC_KEY?: string;
  /** Comma-separated previous keys, kept while `npm run rotate-biometric-key` re-seals. */
  BIOMETRIC_KEY_PREVIOUS?: string;
}

/**
 * The keyring in effect: BIOMETRIC_KEY (+ BIOMETRIC_KEY_PREVIOUS) when set, else the key file in DATA_DIR,
 * created when `create` (the server's first start) and absent; null when there is none and none is made.
 */
export function resolveKeyring(env: KeySettings, dataDir: string, create: boolean): BiometricKeyring | null {
  if (env.BIOMETRIC_KEY) {
    const previous = (env.BIOMETRIC_KEY_PREVIOUS ?? '').split(',').filter((s) => s.trim());
    return ringOf([parseKey(env.BIOMETRIC_KEY, 'BIOMETRIC_KEY'), ...previous.map((p) => parseKey(p, 'BIOMETRIC_KEY_PREVIOUS'))], 'env');
  }
  const keys = readKeyFile(dataDir);
  if (keys.length) return ringOf(keys, 'file');
  if (!create) return null;
  const key = newMasterKey();
  writeKeyFile(dataDir, [key]);
  return ringOf([key], 'file');
}

// The process's keyring: set once at start-up (main.ts, the ops commands); tests get a random one.
let active: BiometricKeyring | null = null;
export function useKeyring(ring: BiometricKeyring) {
  active = ring;
  companyKeys.clear();
}
export function activeKeyring(): BiometricKeyring {
  if (!active) {
    if (!process.env.VITEST) throw new BiometricKeyError('No biometric master key loaded.');
    useKeyring(ringOf([newMasterKey()], 'file'));
  }
  return active as BiometricKeyring;
}

// HKDF once per (key, company): an index rebuild opens thousands of blobs of the same company.
const companyKeys = new Map<string, Buffer>();
function companyKey(master: MasterKey, companyId: string): Buffer {
  const cacheKey = `${master.id}:${companyId}`;
  let key = companyKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', master.secret, companyId, 'presente biometric v1', 32));
    if (companyKeys.size > 10_000) companyKeys.clear();
    companyKeys.set(cacheKey, key);
  }
  return key;
}

export type SealedKind = 'template' | 'photo';
export interface SealedOwner {
  companyId: string;
  employeeId: string;
}
const aad = (kind: SealedKind, owner: SealedOwner) => Buffer.from(`${kind}:${owner.companyId}:${owner.employeeId}`);

export function seal(kind: SealedKind, owner: SealedOwner, plain: Buffer, ring = activeKeyring()): Buffer {
  const master = ring.current;
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', companyKey(master, owner.companyId), nonce);
  cipher.setAAD(aad(kind, owner));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), Buffer.from(master.id, 'hex'), nonce, cipher.getAuthTag(), body]);
}

/** The key id a blob was sealed with (8 hex characters), or null when it is not a sealed blob. */
export function sealedKeyId(blob: Buffer): string | null {
  return blob.length >= HEADER && blob[0] === FORMAT ? blob.subarray(1, 5).toString('hex') : null;
}

/** Opens a blob; throws when its key is unknown or it was altered, swapped or sealed for another owner. */
export function open(kind: SealedKind, owner: SealedOwner, blob: Buffer, ring = activeKeyring()): Buffer {
  const id = sealedKeyId(blob);
  const master = ring.keys.find((k) => k.id === id);
  if (!master) throw new BiometricKeyError(`biometric data sealed with an unknown key (${id ?? 'not sealed'})`);
  const decipher = createDecipheriv('aes-256-gcm', companyKey(master, owner.companyId), blob.subarray(5, 17));
  decipher.setAAD(aad(kind, owner));
  decipher.setAuthTag(blob.subarray(17, HEADER));
  return Buffer.concat([decipher.update(blob.subarray(HEADER)), decipher.final()]);
}

/** A 128-d descriptor as its float32 bytes, sealed. */
export const sealDescriptor = (owner: SealedOwner, descriptor: ArrayLike<number>, ring?: BiometricKeyring) => {
  const f = Float32Array.from(descriptor);
  return seal('template', owner, Buffer.from(f.buffer, f.byteOffset, f.byteLength), ring);
};

export function openDescriptor(owner: SealedOwner, blob: Buffer, ring?: BiometricKeyring): Float32Array {
  const plain = open('template', owner, blob, ring);
  return new Float32Array(new Uint8Array(plain).buffer); // a copy: aligned, whatever the buffer's offset
}

export const sealPhoto = (owner: SealedOwner, jpeg: Buffer, ring?: BiometricKeyring) => seal('photo', owner, jpeg, ring);
export const openPhoto = (owner: SealedOwner, blob: Buffer, ring?: BiometricKeyring) => open('photo', owner, blob, ring);
