import { useEffect, useState } from 'react';

export type WakeLockState = 'held' | 'unsupported' | 'refused' | 'released';

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockApi {
  request(type: 'screen'): Promise<Sentinel>;
}

/**
 * Keeps the screen on while `active` (decision 0045): the Screen Wake Lock API, asked again each time the page is
 * shown (the browser drops the lock when the tab is hidden or the screen locks). Where the API is missing (an older
 * Safari) or refused (battery saver, no user gesture yet), the kiosk works the same and the device's own display
 * settings decide; the state says which.
 */
export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('released');
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!active) return;
    if (!api) {
      setState('unsupported');
      return;
    }
    let sentinel: Sentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await api.request('screen');
        if (stopped) {
          void lock.release().catch(() => {});
          return;
        }
        sentinel = lock;
        setState('held');
        lock.addEventListener('release', () => {
          if (!stopped) setState('released');
        });
      } catch {
        if (!stopped) setState('refused');
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    // A browser that refuses without a user gesture grants it on the first touch.
    document.addEventListener('pointerdown', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('pointerdown', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
      setState('released');
    };
  }, [active]);
  return state;
}
