import { CHECK_TIMEOUT_HTTP_MS, CHECK_TIMEOUT_SOCKET_MS, type GeoPoint } from '@presente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { getRealtimeSocket, onRealtime } from '../../../lib/socket';
import { employeeKeys } from '../api';
import type { PunchData } from '../types';
import { currentLocation } from './geolocation';

export type PunchKind = 'check_in' | 'check_out';
/** auto = the socket when connected, HTTP otherwise (spec §4); socket/http force one path. */
export type PunchTransport = 'auto' | 'socket' | 'http';
export type PunchStage = 'locating' | 'sending' | 'queued';

type SocketAnswer = { success: true; message?: string; data?: PunchData } | { success: false; message?: string; code?: string; retryAfter?: number };

/**
 * A morning rush (decision 0056): the server answers 503 `service_unavailable` with Retry-After when it cannot record
 * a punch before this client gives up. The punch is then sent again after that many seconds, for up to this long.
 */
export const BUSY_RETRY_FOR_MS = 120_000;
const busySeconds = (answer: SocketAnswer) => (!answer.success && answer.code === 'service_unavailable' && answer.retryAfter ? answer.retryAfter : null);

class PunchTimeout extends Error {}
class SocketUnavailable extends Error {}

const EVENTS: Record<PunchKind, { emit: string; result: string; path: string }> = {
  check_in: { emit: 'employee_checkin', result: 'employee_checkin_result', path: '/employee/attendance/check-in' },
  check_out: { emit: 'employee_checkout', result: 'employee_checkout_result', path: '/employee/attendance/check-out' },
};

/** Emits over the realtime socket and waits for the matching *_result event, at most 8 s. */
function viaSocket(kind: PunchKind, body: { location?: GeoPoint }): Promise<SocketAnswer> {
  const socket = getRealtimeSocket();
  if (!socket) return Promise.reject(new SocketUnavailable());
  const { emit, result } = EVENTS[kind];
  return new Promise((resolve, reject) => {
    const off = onRealtime(result, (payload) => {
      clearTimeout(timer);
      off();
      resolve((payload ?? { success: false }) as SocketAnswer);
    });
    const timer = setTimeout(() => {
      off();
      reject(new PunchTimeout());
    }, CHECK_TIMEOUT_SOCKET_MS);
    socket.emit(emit, body);
  });
}

/** POST check-in/check-out, 6 s timeout; failures come back as the same answer shape as the socket's. */
async function viaHttp(kind: PunchKind, body: { location?: GeoPoint }): Promise<SocketAnswer> {
  try {
    const res = await api.post<PunchData>(EVENTS[kind].path, body, { timeoutMs: CHECK_TIMEOUT_HTTP_MS });
    return { success: true, message: res.message, data: res.data };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'timeout') throw new PunchTimeout();
    if (error instanceof ApiError && error.code === 'service_unavailable' && error.retryAfter) {
      return { success: false, code: error.code, message: error.message, retryAfter: error.retryAfter };
    }
    throw error;
  }
}

export interface UsePunchOptions {
  /** The schedule has a work location: wait longer for the location prompt. */
  requiresLocation?: boolean;
  transport?: PunchTransport;
}

/**
 * Check-in / check-out of the Attendance tab (spec §4, §8, §9): one request at a time, location when
 * the browser gives it, the socket when connected (8 s) or HTTP (6 s), the spec's messages as toasts,
 * and every employee query refreshed afterwards. `error` keeps the last failure for the card.
 */
export function usePunch({ requiresLocation = false, transport = 'auto' }: UsePunchOptions = {}) {
  const { t } = useTranslation(['employee', 'common']);
  const queryClient = useQueryClient();
  const inFlight = useRef<PunchKind | null>(null);
  const [pending, setPending] = useState<{ kind: PunchKind; stage: PunchStage; seconds?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const punch = useCallback(
    async (kind: PunchKind): Promise<boolean> => {
      const words = (key: string) => t(`employeeArea.attendance.messages.${key}`);
      const suffix = kind === 'check_in' ? 'In' : 'Out';
      if (inFlight.current) {
        notify.info(words(`inProgress${inFlight.current === 'check_in' ? 'In' : 'Out'}`));
        return false;
      }
      inFlight.current = kind;
      setError(null);
      let ok = false;
      try {
        setPending({ kind, stage: 'locating' });
        const location = await currentLocation(requiresLocation);
        const body = location ? { location } : {};
        const send = () => {
          setPending({ kind, stage: 'sending' });
          const useSocket = transport === 'socket' || (transport === 'auto' && getRealtimeSocket() !== null);
          return useSocket ? viaSocket(kind, body) : viaHttp(kind, body);
        };
        const giveUpAt = Date.now() + BUSY_RETRY_FOR_MS;
        let answer = await send();
        // Too many people at once: wait what the server asked (the button says so) and send it again.
        for (let seconds = busySeconds(answer); seconds !== null && Date.now() + seconds * 1000 < giveUpAt; seconds = busySeconds(answer)) {
          setPending({ kind, stage: 'queued', seconds });
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          answer = await send();
        }
        if (answer.success) {
          ok = true;
          notify.success(answer.message ? translateMessage(t, answer.message) : words(`success${suffix}`));
        } else {
          const message = answer.message ? translateMessage(t, answer.message) : words(`error${suffix}`);
          setError(message);
          notify.error(message);
        }
      } catch (err) {
        const message =
          err instanceof PunchTimeout
            ? words(`timeout${suffix}`)
            : err instanceof SocketUnavailable
              ? words('socketDisconnected')
              : errorMessage(t, err, words(`error${suffix}`));
        setError(message);
        notify.error(message);
      } finally {
        inFlight.current = null;
        setPending(null);
        // Success or not, what the server holds now is the truth (a timed-out punch may have landed).
        void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      }
      return ok;
    },
    [queryClient, requiresLocation, t, transport],
  );

  return { punch, pending, error, clearError: () => setError(null) };
}
