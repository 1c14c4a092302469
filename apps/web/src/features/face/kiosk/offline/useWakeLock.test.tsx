import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './useWakeLock';

/** A Screen Wake Lock the test controls: each request hands out a sentinel the "browser" can release. */
function fakeWakeLock(refuse = false) {
  const sentinels: { released: boolean; release: () => Promise<void>; fire: () => void }[] = [];
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException('battery saver', 'NotAllowedError');
    const listeners: (() => void)[] = [];
    const s = {
      released: false,
      release: async () => {
        s.released = true;
        for (const l of listeners) l();
      },
      fire: () => void s.release(),
      addEventListener: (_: string, l: () => void) => listeners.push(l),
    };
    sentinels.push(s);
    return s;
  });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
  return { request, sentinels };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: undefined });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('useWakeLock', () => {
  it('keeps the screen on while the kiosk is shown, asks again when it is shown after being hidden, lets go on unmount', async () => {
    const lock = fakeWakeLock();
    const { result, unmount } = renderHook(() => useWakeLock(true));
    await vi.waitFor(() => expect(result.current).toBe('held'));
    expect(lock.request).toHaveBeenCalledWith('screen');
    // The browser drops the lock when the tab is hidden; shown again, the kiosk takes it back.
    await act(async () => {
      setVisibility('hidden');
      lock.sentinels[0].fire();
    });
    expect(result.current).toBe('released');
    await act(async () => setVisibility('visible'));
    await vi.waitFor(() => expect(result.current).toBe('held'));
    expect(lock.request).toHaveBeenCalledTimes(2);
    unmount();
    expect(lock.sentinels[1].released).toBe(true);
  });

  it('asks for nothing while the page is not a kiosk yet (unpaired)', () => {
    const lock = fakeWakeLock();
    renderHook(() => useWakeLock(false));
    expect(lock.request).not.toHaveBeenCalled();
  });

  it('says so when the browser has no wake lock or refuses it, and the page goes on', async () => {
    const unsupported = renderHook(() => useWakeLock(true));
    expect(unsupported.result.current).toBe('unsupported');
    unsupported.unmount();
    fakeWakeLock(true);
    const refused = renderHook(() => useWakeLock(true));
    await vi.waitFor(() => expect(refused.result.current).toBe('refused'));
  });
});
