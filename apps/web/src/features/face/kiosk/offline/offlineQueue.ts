import {
  type ChallengeStep,
  FACE_LIMITS,
  type KioskContactResult,
  type KioskMarkResult,
  kioskContactText,
  kioskOfflineSignedText,
  OFFLINE_PUNCH,
} from '@presente/shared';
import { ApiError, api } from '../../../../lib/api';
import { b64url, hex, type KioskPairing } from '../pairing';

/**
 * The kiosk's offline punches (issue 25 item 3, decision 0075). While online the kiosk makes signed contacts (its clock,
 * how many punches wait) and keeps what the server answers: the key of this queue (AES-256-GCM, imported
 * non-extractable) and the kiosk time of the contact. Offline, a punch is signed at once (the kiosk's own challenge,
 * its steps, the capture time and that contact) and stored encrypted in IndexedDB; back online it is uploaded and
 * dropped, or dropped unsent past 24 h.
 */
const DB = 'presente-kiosk-offline';
const QUEUE = 'queue';
const META = 'meta';

interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}
interface StoredPunch {
  id?: number;
  token: string;
  kioskId: string;
  /** Capture time on the kiosk's clock (ms): kept in the clear to drop it unsent past 24 h. */
  capturedAt: number;
  /** The fields, the signature and the location (JSON), then each frame: all sealed. */
  head: Sealed;
  frames: Sealed[];
}
export interface OfflineMeta {
  kioskId: string;
  key: CryptoKey;
  /** The kiosk time of the last contact the server recorded. */
  contactAt: number;
}
interface PunchHead {
  challengeId: string;
  steps: string;
  capturedAt: string;
  contactAt: string;
  frameTimes: string;
  signature: string;
  location: { latitude: number; longitude: number; accuracy?: number } | null;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(QUEUE, { keyPath: 'id', autoIncrement: true });
      req.result.createObjectStore(META);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
async function run<T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const req = op(tx.objectStore(store));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const loadMeta = async (): Promise<OfflineMeta | null> => ((await run(META, 'readonly', (s) => s.get('current'))) as OfflineMeta | undefined) ?? null;

const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** A signed contact: the kiosk's clock and waiting punches; keeps the queue's key (non-extractable) and the contact's time. */
export async function makeContact(token: string, pairing: KioskPairing, waiting: number): Promise<OfflineMeta> {
  const deviceTime = Date.now();
  const text = kioskContactText({ kioskId: pairing.kioskId, deviceTime, waiting });
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pairing.keys.privateKey, new TextEncoder().encode(text));
  const res = await api.post<KioskContactResult>(
    `/public/attendance/${encodeURIComponent(token)}/kiosk-contact`,
    { deviceTime, waiting },
    { headers: { 'X-Kiosk-Id': pairing.kioskId, 'X-Kiosk-Signature': b64url(signature) } },
  );
  const key = await crypto.subtle.importKey('raw', fromB64(res.data.offlineKey), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  rememberLinkId(token, res.data.linkId);
  const meta: OfflineMeta = { kioskId: pairing.kioskId, key, contactAt: res.data.deviceTime };
  await run(META, 'readwrite', (s) => s.put(meta, 'current'));
  return meta;
}

/** The link's id (an offline mark signs it): remembered from the last contact through this token. */
const LINK_KEY = (token: string) => `presente-kiosk-link:${token}`;
function rememberLinkId(token: string, linkId: string) {
  try {
    localStorage.setItem(LINK_KEY(token), linkId);
  } catch {}
}
const knownLinkId = (token: string) => localStorage.getItem(LINK_KEY(token));

async function seal(key: CryptoKey, data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, data) };
}
const open = (key: CryptoKey, s: Sealed) => crypto.subtle.decrypt({ name: 'AES-GCM', iv: s.iv }, key, s.data);

/** The kiosk's own challenge offline: 3-4 distinct steps of the online vocabulary, one a photo cannot do (as the server's). */
export function offlineChallenge(random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0] % n): ChallengeStep[] {
  const moves: ChallengeStep[] = ['smile', 'mouth'];
  const steps: ChallengeStep[] = [moves[random(moves.length)]];
  const rest = (['left', 'right', 'smile', 'mouth'] as ChallengeStep[]).filter((s) => s !== steps[0]);
  const count = 3 + random(2);
  while (steps.length < count) steps.push(rest.splice(random(rest.length), 1)[0]);
  for (let i = steps.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [steps[i], steps[j]] = [steps[j], steps[i]];
  }
  return steps;
}
/** The burst an offline challenge records (the server's BURST: 10-48 frames at 6 a second). */
export const OFFLINE_BURST = { minFrames: FACE_LIMITS.minFrames, maxFrames: FACE_LIMITS.maxFrames, fps: 6, minFps: 5, maxFps: 8 };

/** Signs an offline punch now and stores it encrypted; the number of punches waiting after it. */
export async function queuePunch(
  token: string,
  pairing: KioskPairing,
  p: { steps: ChallengeStep[]; capturedAt: number; frames: Blob[]; frameTimes: number[]; location: PunchHead['location'] },
): Promise<number> {
  const meta = await loadMeta();
  const linkId = knownLinkId(token);
  if (!meta || meta.kioskId !== pairing.kioskId || !linkId) throw new ApiError(0, 'offline_unready', '');
  const frameTimes = p.frameTimes.map((ms) => String(Math.max(0, Math.min(999_999, Math.round(ms))))).join(',');
  const buffers = await Promise.all(p.frames.map((f) => f.arrayBuffer()));
  const frameDigests = await Promise.all(buffers.map(async (b) => hex(await crypto.subtle.digest('SHA-256', b))));
  const fields = {
    challengeId: crypto.randomUUID(),
    steps: p.steps.join(','),
    capturedAt: String(Math.round(p.capturedAt)),
    contactAt: String(meta.contactAt),
    frameTimes,
  };
  const text = kioskOfflineSignedText({ ...fields, linkId, kioskId: pairing.kioskId, frameDigests });
  const signature = b64url(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pairing.keys.privateKey, new TextEncoder().encode(text)));
  const head: PunchHead = { ...fields, signature, location: p.location };
  const stored: StoredPunch = {
    token,
    kioskId: pairing.kioskId,
    capturedAt: p.capturedAt,
    head: await seal(meta.key, new TextEncoder().encode(JSON.stringify(head))),
    frames: await Promise.all(buffers.map((b) => seal(meta.key, b))),
  };
  if ((await waitingCount()) >= OFFLINE_PUNCH.maxWaiting) throw new ApiError(0, 'offline_full', '');
  await run(QUEUE, 'readwrite', (s) => s.add(stored));
  return waitingCount();
}

export const waitingCount = async (): Promise<number> => (typeof indexedDB === 'undefined' ? 0 : run(QUEUE, 'readonly', (s) => s.count()));

/** One stored punch sent: decrypted and posted as the kiosk signed it. */
async function send(pairing: KioskPairing, meta: OfflineMeta, p: StoredPunch): Promise<KioskMarkResult> {
  const head = JSON.parse(new TextDecoder().decode(await open(meta.key, p.head))) as PunchHead;
  const form = new FormData();
  for (const k of ['challengeId', 'steps', 'capturedAt', 'contactAt', 'frameTimes'] as const) form.append(k, head[k]);
  if (head.location) {
    form.append('latitude', String(head.location.latitude));
    form.append('longitude', String(head.location.longitude));
    if (head.location.accuracy !== undefined) form.append('accuracy', String(head.location.accuracy));
  }
  for (const [i, f] of p.frames.entries()) form.append('frames', new Blob([await open(meta.key, f)], { type: 'image/jpeg' }), `frame-${i + 1}.jpg`);
  const headers = { 'X-Kiosk-Id': pairing.kioskId, 'X-Kiosk-Signature': head.signature };
  return (await api.post<KioskMarkResult>(`/public/attendance/${encodeURIComponent(p.token)}/offline-mark`, form, { timeoutMs: 60_000, headers })).data;
}

/**
 * Sends the waiting punches, oldest first. An answer (accepted or refused for good) drops the punch; the network gone,
 * a busy server (429, 5xx) stops and keeps the rest for the next contact. Past 24 h a punch is dropped unsent.
 */
export async function drainQueue(pairing: KioskPairing, now = Date.now()): Promise<{ sent: number; refused: number; dropped: number }> {
  const meta = await loadMeta();
  const out = { sent: 0, refused: 0, dropped: 0 };
  if (!meta || meta.kioskId !== pairing.kioskId) return out;
  const all = (await run(QUEUE, 'readonly', (s) => s.getAll())) as StoredPunch[];
  for (const p of all) {
    const drop = () => run(QUEUE, 'readwrite', (s) => s.delete(p.id!));
    if (p.kioskId !== pairing.kioskId || now - p.capturedAt > OFFLINE_PUNCH.maxAgeMs) {
      await drop();
      out.dropped++;
      continue;
    }
    try {
      await send(pairing, meta, p);
      out.sent++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500) break;
      out.refused++;
    }
    await drop();
  }
  return out;
}
