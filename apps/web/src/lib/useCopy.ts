import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from './notify';

/**
 * Copies a text and says so in a toast, the same on every screen. `navigator.clipboard` exists only in
 * secure contexts (https, localhost): on a LAN address over http it is missing, and the copy used to fail
 * with no feedback at all. Then a hidden textarea and `execCommand('copy')` try; if that fails too, an
 * error toast tells the person to copy by hand.
 */
export function useCopy({ copied, failed, resetMs = 2000 }: { copied: string; failed: string; resetMs?: number }) {
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const ok = await writeText(text);
      if (!ok) {
        notify.error(failed);
        return;
      }
      notify.success(copied);
      setDone(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setDone(false), resetMs);
    },
    [copied, failed, resetMs],
  );
  return { copy, copied: done };
}

async function writeText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (permissions, an unfocused page): try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
