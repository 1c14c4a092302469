import type { KioskInfo } from '@presente/shared';

/**
 * The kiosk link's last answer from the server (company, link, timezone, pairing state), kept in this browser so a
 * kiosk reloaded without network still shows its page (decision 0045). Public facts of the link only, the ones the
 * page shows to anyone who opens it; stored per token, dropped when the server says the link is gone.
 */
const KEY = (token: string) => `presente-kiosk-info:${token}`;

export interface RememberedInfo extends KioskInfo {
  /** When the server gave it (ms). */
  savedAt: number;
}

export function rememberInfo(token: string, info: KioskInfo, now = Date.now()): void {
  try {
    const { companyName, linkName, timezone, serverTime, kiosk } = info;
    localStorage.setItem(KEY(token), JSON.stringify({ companyName, linkName, timezone, serverTime, kiosk, savedAt: now }));
  } catch {
    // Storage full or blocked: the kiosk still works online.
  }
}

export function recallInfo(token: string): RememberedInfo | null {
  try {
    const raw = localStorage.getItem(KEY(token));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<RememberedInfo>;
    if (typeof v.companyName !== 'string' || typeof v.linkName !== 'string' || typeof v.timezone !== 'string') return null;
    if (v.kiosk !== 'paired' && v.kiosk !== 'revoked' && v.kiosk !== 'unpaired') return null;
    return v as RememberedInfo;
  } catch {
    return null;
  }
}

export function forgetInfo(token: string): void {
  try {
    localStorage.removeItem(KEY(token));
  } catch {}
}
