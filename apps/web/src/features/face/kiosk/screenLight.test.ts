import type { ScreenLightSegment } from '@presente/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintScreenLight, SCREEN_LIGHT_TEST_ID } from './screenLight';

const segments: ScreenLightSegment[] = [
  { at: 0, color: [255, 40, 40] },
  { at: 600, color: [40, 230, 60] },
  { at: 1350, color: [60, 80, 255] },
];
const border = () => document.querySelector<HTMLElement>(`[data-testid="${SCREEN_LIGHT_TEST_ID}"]`);

describe('the screen-light painter (decision 0073)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('paints each colour of the sequence at its time, as a border that takes no clicks, then goes away', () => {
    const painter = paintScreenLight(segments, { now: () => Date.now() });
    expect(border()?.dataset.color).toBe('255,40,40');
    expect(border()?.style.borderColor).toBe('rgb(255, 40, 40)');
    expect(border()?.style.pointerEvents).toBe('none');
    expect(border()?.getAttribute('aria-hidden')).toBe('true');
    vi.advanceTimersByTime(599);
    expect(border()?.dataset.color).toBe('255,40,40');
    vi.advanceTimersByTime(1);
    expect(border()?.dataset.color).toBe('40,230,60');
    vi.advanceTimersByTime(750);
    expect(border()?.dataset.color).toBe('60,80,255');
    painter.stop();
    expect(border()).toBeNull();
  });

  it('times each colour from the start: a late start of the timers does not push the later colours', () => {
    let clock = 0;
    // The page was busy for 400 ms between taking the start time and arming the timers.
    const painter = paintScreenLight(segments, {
      now: () => {
        const t = clock;
        clock += 400;
        return t;
      },
    });
    vi.advanceTimersByTime(200); // 600 - 400
    expect(border()?.dataset.color).toBe('40,230,60');
    painter.stop();
  });

  it('stopping early cancels the colours still to come; no sequence paints nothing', () => {
    const painter = paintScreenLight(segments, { now: () => Date.now() });
    painter.stop();
    vi.advanceTimersByTime(2000);
    expect(border()).toBeNull();
    paintScreenLight(undefined).stop();
    expect(border()).toBeNull();
  });
});
