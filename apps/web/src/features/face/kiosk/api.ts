import type { KioskChallenge, KioskInfo, KioskMarkResult } from '@presente/shared';
import { api } from '../../../lib/api';
import { type KioskPairing, markHeaders } from './pairing';

/** The kiosk's public calls (no session) under /api/public/attendance/{token}; a paired kiosk names itself. */
const base = (token: string) => `/public/attendance/${encodeURIComponent(token)}`;
/** 3-6 frames through liveness and 1:N matching on a busy server. */
const MARK_TIMEOUT_MS = 30_000;
const idHeader = (pairing: KioskPairing | null): Record<string, string> => (pairing ? { 'X-Kiosk-Id': pairing.kioskId } : {});

export async function fetchKioskInfo(token: string, pairing: KioskPairing | null): Promise<KioskInfo> {
  return (await api.get<KioskInfo>(base(token), { headers: idHeader(pairing) })).data;
}

export async function startChallenge(token: string, pairing: KioskPairing | null): Promise<KioskChallenge> {
  return (await api.post<KioskChallenge>(`${base(token)}/challenge`, undefined, { headers: idHeader(pairing) })).data;
}

export interface MarkInput {
  challenge: KioskChallenge;
  frames: Blob[];
  /** Capture time of each frame in ms after the first. */
  frameTimes: number[];
  location: { latitude: number; longitude: number; accuracy?: number } | null;
}

export async function markAttendance(
  token: string,
  pairing: KioskPairing | null,
  { challenge, frames, frameTimes, location }: MarkInput,
): Promise<KioskMarkResult> {
  const form = new FormData();
  const times = frameTimes.map((ms) => String(Math.max(0, Math.min(999_999, Math.round(ms))))).join(',');
  form.append('challengeId', challenge.challengeId);
  form.append('frameTimes', times);
  if (location) {
    form.append('latitude', String(location.latitude));
    form.append('longitude', String(location.longitude));
    if (location.accuracy !== undefined) form.append('accuracy', String(location.accuracy));
  }
  frames.forEach((blob, i) => {
    form.append('frames', blob, `frame-${i + 1}.jpg`);
  });
  const headers = pairing ? await markHeaders(pairing, { linkId: challenge.linkId, challengeId: challenge.challengeId, frames, frameTimes: times }) : {};
  return (await api.post<KioskMarkResult>(`${base(token)}/mark`, form, { timeoutMs: MARK_TIMEOUT_MS, headers })).data;
}
