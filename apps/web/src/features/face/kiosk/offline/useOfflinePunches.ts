import { OFFLINE_PUNCH } from '@presente/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KioskPairing } from '../pairing';
import { drainQueue, makeContact, queuePunch, waitingCount } from './offlineQueue';

export type QueuePunch = Parameters<typeof queuePunch>[2];

/**
 * The kiosk's offline punches (decision 0075): while `online`, a signed contact at once, every 5 minutes and when the
 * network returns (its clock, the punches waiting; the server answers the queue's key), then the waiting punches sent.
 * `waiting` is what the header shows; `queue` keeps a punch captured offline.
 */
export function useOfflinePunches(token: string, pairing: KioskPairing | null | undefined, online: boolean) {
  const [waiting, setWaiting] = useState(0);
  const busy = useRef(false);
  const refresh = useCallback(async () => {
    try {
      setWaiting(await waitingCount());
    } catch {
      // Storage unavailable: nothing waits here.
    }
  }, []);

  const sync = useCallback(async () => {
    if (!pairing || busy.current) return;
    busy.current = true;
    try {
      const before = await waitingCount();
      await makeContact(token, pairing, before);
      if (!before) return;
      await drainQueue(pairing);
      // The admin's count follows what was sent.
      await makeContact(token, pairing, await waitingCount());
    } catch {
      // The network went again, or the server is busy: the next contact tries again.
    } finally {
      busy.current = false;
      await refresh();
    }
  }, [pairing, refresh, token]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (!online || !pairing) return;
    void sync();
    const timer = setInterval(() => void sync(), OFFLINE_PUNCH.contactEveryMs);
    return () => clearInterval(timer);
  }, [online, pairing, sync]);

  const queue = useCallback(
    async (punch: QueuePunch) => {
      if (!pairing) throw new Error('not paired');
      const count = await queuePunch(token, pairing, punch);
      setWaiting(count);
      return count;
    },
    [pairing, token],
  );
  return { waiting, queue };
}
