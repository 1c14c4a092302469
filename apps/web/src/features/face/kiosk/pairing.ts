import { type KioskPairResult, kioskSignedText } from '@presente/shared';
import { api } from '../../../lib/api';

/**
 * This browser's kiosk pairing (decision 0033): an ECDSA P-256 key pair made by WebCrypto as NON-extractable
 * (the private key can sign but never be read, not even by this page's code) and kept in IndexedDB with the
 * kiosk id the server gave at pairing. One pairing per browser profile; pairing again replaces it.
 */
export interface KioskPairing {
  kioskId: string;
  name: string;
  companyName: string;
  keys: CryptoKeyPair;
}

const DB = 'presente-kiosk';
const STORE = 'pairing';
const KEY = 'current';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = run(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

/** The stored pairing, or null (never paired, storage unavailable). */
export async function loadPairing(): Promise<KioskPairing | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    return ((await tx('readonly', (s) => s.get(KEY))) as KioskPairing | undefined) ?? null;
  } catch {
    return null;
  }
}

export const b64 = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));
export const b64url = (buf: ArrayBuffer) => b64(buf).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/** Pairs this browser with the one-time code: a new non-extractable key, its public half sent, all kept locally. */
export async function pairThisBrowser(code: string): Promise<KioskPairing> {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = await crypto.subtle.exportKey('spki', keys.publicKey);
  const res = await api.post<KioskPairResult>('/public/kiosk-pairing', { code, publicKey: b64(spki) });
  const pairing: KioskPairing = { kioskId: res.data.kioskId, name: res.data.name, companyName: res.data.companyName, keys };
  await tx('readwrite', (s) => s.put(pairing, KEY));
  return pairing;
}

/** The mark's headers: the kiosk id and its signature over the link, the nonce and each frame's SHA-256 in order. */
export async function markHeaders(
  pairing: KioskPairing,
  m: { linkId: string; challengeId: string; frames: Blob[]; frameTimes: string },
): Promise<Record<string, string>> {
  const frameDigests = await Promise.all(m.frames.map(async (f) => hex(await crypto.subtle.digest('SHA-256', await f.arrayBuffer()))));
  const text = kioskSignedText({ linkId: m.linkId, challengeId: m.challengeId, kioskId: pairing.kioskId, frameDigests, frameTimes: m.frameTimes });
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pairing.keys.privateKey, new TextEncoder().encode(text));
  return { 'X-Kiosk-Id': pairing.kioskId, 'X-Kiosk-Signature': b64url(signature) };
}
