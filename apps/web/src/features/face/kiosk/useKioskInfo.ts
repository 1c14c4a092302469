import type { KioskInfo } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { setServerTime } from '../../employee-area/serverClock';
import { fetchKioskInfo } from './api';
import { forgetInfo, recallInfo, rememberInfo } from './offline/lastInfo';
import { useOnline } from './offline/useOnline';
import type { KioskPairing } from './pairing';

/** Link answers after which the page shows the link is gone (and its remembered copy is dropped), with their messages. */
export const GONE_KEYS: Record<string, string> = { not_found: 'faceLink.unknown', link_inactive: 'faceLink.inactive', link_expired: 'faceLink.expired' };

export type KioskPageInfo = KioskInfo & {
  /** The server could not be reached: this is the link's last answer, remembered in this browser (decision 0045). */
  offline: boolean;
};

/**
 * The kiosk link's info (company, link, timezone, this browser's pairing state): from the server, else, when the
 * server cannot be reached, its last answer remembered here, so a kiosk reloaded offline still opens. Asked again
 * when the browser gets its network back. `online` is false while either the browser or the server is away.
 */
export function useKioskInfo(token: string, pairing: KioskPairing | null | undefined) {
  const browserOnline = useOnline();
  const info = useQuery({
    queryKey: ['kiosk', token, pairing?.kioskId ?? null],
    enabled: pairing !== undefined,
    queryFn: async (): Promise<KioskPageInfo> => {
      const sentAt = Date.now();
      try {
        const data = await fetchKioskInfo(token, pairing ?? null);
        setServerTime(data.serverTime, sentAt, Date.now());
        rememberInfo(token, data);
        return { ...data, offline: false };
      } catch (err) {
        // Unreachable: no network, or a proxy in front says the server is away.
        if (err instanceof ApiError && (err.status === 0 || (err.status >= 502 && err.status <= 504))) {
          const last = recallInfo(token);
          if (last) {
            const { savedAt: _savedAt, ...rest } = last;
            return { ...rest, offline: true };
          }
        }
        if (err instanceof ApiError && GONE_KEYS[err.code]) forgetInfo(token);
        throw err;
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
  });
  const { refetch } = info;
  const servedOffline = info.data?.offline === true;
  useEffect(() => {
    if (browserOnline && servedOffline) void refetch();
  }, [browserOnline, servedOffline, refetch]);
  return { info, online: browserOnline && !servedOffline };
}
