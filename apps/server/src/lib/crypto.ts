import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** A URL-safe random token (256 bits by default). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** SHA-256 hex of a token: what the database keeps instead of the token itself. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** argon2id with OWASP-recommended parameters (19 MiB, t=2, p=1). */
const ARGON_OPTS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => argon2.hash(password, ARGON_OPTS);

/**
 * How many hashes of bulk work (an employee import) run at once in the whole process (decision 0022).
 * argon2 runs on libuv's thread pool (4 threads), where every login's verify waits its turn: a thousand
 * hashes queued at once put another company's login 17.8 s behind them. Two at a time keep the import as
 * fast on 2 cores and leave the pool's other threads to logins.
 */
export const BULK_HASH_CONCURRENCY = 2;
const bulkWaiting: (() => void)[] = [];
let bulkRunning = 0;
async function inBulkLane<T>(work: () => Promise<T>): Promise<T> {
  if (bulkRunning < BULK_HASH_CONCURRENCY) bulkRunning++;
  else await new Promise<void>((resolve) => bulkWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes to the next waiting hash (bulkRunning stays), else it is free.
    const next = bulkWaiting.shift();
    if (next) next();
    else bulkRunning--;
  }
}

/**
 * Hashes many passwords through the bulk lane, in order. Each caller keeps at most BULK_HASH_CONCURRENCY
 * waiting in the lane, so two companies' imports take turns instead of one waiting for the other's thousand.
 */
export async function hashPasswords(passwords: string[]): Promise<string[]> {
  const hashes: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      hashes[i] = await inBulkLane(() => hashPassword(passwords[i]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_HASH_CONCURRENCY, passwords.length) }, worker));
  return hashes;
}
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
/** Verifying against this keeps the timing of an unknown email close to a wrong password. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
};

/** A readable random password for emailed accounts (no ambiguous characters). */
export function generatePassword(length = 12): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Short-lived signed token "payload.signature" (HMAC-SHA256), e.g. for the socket handshake. */
export function signToken(secret: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}
export function readSignedToken<T extends { exp: number }>(secret: string, token: string, now = Date.now()): T | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    return typeof payload.exp === 'number' && payload.exp > now ? payload : null;
  } catch {
    return null;
  }
}
