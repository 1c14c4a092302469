/**
 * The screen lights the face (issue 17 item 4, decision 0073): while the burst records, the kiosk's screen shows the
 * challenge's colour sequence as a wide border around the page (the prompt in the middle stays readable), each colour
 * from its `at` ms after the recording started. The face a few tens of centimetres away reflects it; the server
 * checks that the face's colour follows the sequence, in time, more than the wall behind.
 *
 * The border is a fixed element over the page that takes no clicks (`data-testid="screen-light"`, its colour also in
 * `data-color` as "r,g,b": what the e2e puppet camera reads to light its head).
 */
import type { ScreenLightSegment } from '@presente/shared';

export const SCREEN_LIGHT_TEST_ID = 'screen-light';

/** Width of the border, in vmin: wide enough to light a face at arm's length, narrow enough to keep the prompt clear. */
export const SCREEN_LIGHT_BORDER_VMIN = 14;

export interface ScreenLightPainter {
  /** Removes the border (the sequence is over, or the marking was left). */
  stop(): void;
}

const idle: ScreenLightPainter = { stop() {} };

/**
 * Paints `segments` from now: the first colour at once, each next one at its `at` (timers measured from the start, so
 * a late timer does not push the later colours). Without a sequence (an older server) nothing is painted.
 */
export function paintScreenLight(segments: readonly ScreenLightSegment[] | undefined, opts: { doc?: Document; now?: () => number } = {}): ScreenLightPainter {
  if (!segments?.length) return idle;
  const doc = opts.doc ?? document;
  const now = opts.now ?? (() => performance.now());
  const el = doc.createElement('div');
  el.dataset.testid = SCREEN_LIGHT_TEST_ID;
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'fixed',
    inset: '0',
    boxSizing: 'border-box',
    borderStyle: 'solid',
    borderWidth: `${SCREEN_LIGHT_BORDER_VMIN}vmin`,
    pointerEvents: 'none',
    zIndex: '2000',
  });
  const paint = (color: readonly number[]) => {
    el.style.borderColor = `rgb(${color.join(', ')})`;
    el.dataset.color = color.join(',');
  };
  const start = now();
  paint(segments[0].color);
  doc.body.appendChild(el);
  const timers = segments.slice(1).map((s) => setTimeout(() => paint(s.color), Math.max(0, s.at - (now() - start))));
  return {
    stop() {
      for (const timer of timers) clearTimeout(timer);
      el.remove();
    },
  };
}
