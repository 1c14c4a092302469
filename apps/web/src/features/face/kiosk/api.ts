import type { KioskChallenge, KioskInfo, KioskMarkResult } from '@presente/shared';
import { api } from '../../../lib/api';

/** The kiosk's public calls (no session) under /api/public/attendance/{token}. */
const base = (token: string) => `/public/attendance/${encodeURIComponent(token)}`;
/** 3-6 frames through liveness and 1:N matching on a busy server. */
const MARK_TIMEOUT_MS = 30_000;

export async function fetchKioskInfo(token: string): Promise<KioskInfo> {
  return (await api.get<KioskInfo>(base(token))).data;
}

export async function startChallenge(token: string): Promise<KioskChallenge> {
  return (await api.post<KioskChallenge>(`${base(token)}/challenge`)).data;
}

export interface MarkInput {
  challengeId: string;
  frames: Blob[];
  location: { latitude: number; longitude: number; accuracy?: number } | null;
}

export async function markAttendance(token: string, { challengeId, frames, location }: MarkInput): Promise<KioskMarkResult> {
  const form = new FormData();
  form.append('challengeId', challengeId);
  if (location) {
    form.append('latitude', String(location.latitude));
    form.append('longitude', String(location.longitude));
    if (location.accuracy !== undefined) form.append('accuracy', String(location.accuracy));
  }
  frames.forEach((blob, i) => {
    form.append('frames', blob, `frame-${i + 1}.jpg`);
  });
  return (await api.post<KioskMarkResult>(`${base(token)}/mark`, form, { timeoutMs: MARK_TIMEOUT_MS })).data;
}
