import { useEffect, useRef } from 'react';
import { TOUR_AUTOSTART_MS, useTourStatus } from '../api';
import { stopGuidedTour, useGuidedTour } from '../useGuidedTour';

/**
 * Mounted once in the company admin's dashboard: starts the guided tour 1 s after the dashboard loads
 * when the status says shouldShowTour (spec §4). Decides once per dashboard visit, so a reset from the
 * settings shows the tour on the next load, not at once.
 */
export function GuidedTourAutoStart() {
  const { data } = useTourStatus();
  const start = useGuidedTour();
  const decided = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!data || decided.current) return;
    decided.current = true;
    if (data.shouldShowTour) timer.current = setTimeout(() => void start(), TOUR_AUTOSTART_MS);
  }, [data, start]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      decided.current = false;
      stopGuidedTour();
    },
    [],
  );

  return null;
}
