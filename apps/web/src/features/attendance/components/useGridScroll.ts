import { type RefObject, useCallback, useEffect, useState } from 'react';

export interface GridScroll {
  /** More days hidden to the left / right of the visible area. */
  left: boolean;
  right: boolean;
  /** The first and last day numbers (1-31) fully visible between the sticky columns; null while unknown. */
  from: number | null;
  to: number | null;
}

const NONE: GridScroll = { left: false, right: false, from: null, to: null };

/**
 * Which days of the month grid are in view between its sticky name and summary columns (walk-through
 * finding 11: at 1366 px days 27-30 sat in a scroll area with no cue). Day header cells carry `data-day`.
 */
export function useGridScroll(ref: RefObject<HTMLElement | null>, stickyLeft: number, stickyRight: number, deps: unknown[]): GridScroll {
  const [state, setState] = useState<GridScroll>(NONE);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflow = el.scrollWidth - el.clientWidth;
    if (overflow <= 1) {
      setState(NONE);
      return;
    }
    const box = el.getBoundingClientRect();
    const visible = [...el.querySelectorAll<HTMLElement>('th[data-day]')].filter((th) => {
      const r = th.getBoundingClientRect();
      return r.left >= box.left + stickyLeft - 1 && r.right <= box.right - stickyRight + 1;
    });
    const next: GridScroll = {
      left: el.scrollLeft > 1,
      right: el.scrollLeft < overflow - 1,
      from: visible.length ? Number(visible[0].dataset.day) : null,
      to: visible.length ? Number(visible[visible.length - 1].dataset.day) : null,
    };
    setState((s) => (s.left === next.left && s.right === next.right && s.from === next.from && s.to === next.to ? s : next));
  }, [ref, stickyLeft, stickyRight]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the grid's content changes (deps)
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, ...deps]);

  return state;
}
