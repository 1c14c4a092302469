import type { TourStatus } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TourStatus } from '@presente/shared';

const BASE = '/company-admin-simple/tour';

export const tourKeys = { status: ['company-admin', 'tour', 'status'] as const };

/** Spec §4, §8: a failed status read shows the tour (never blocks the dashboard). */
export const TOUR_STATUS_FALLBACK: TourStatus = { hasCompletedTour: false, tourCompletedAt: null, shouldShowTour: true };
/** Spec §9: the status is cached 5 minutes; the tour starts 1 s after the dashboard loads. */
export const TOUR_STATUS_STALE_MS = 5 * 60 * 1000;
export const TOUR_AUTOSTART_MS = 1000;

export async function fetchTourStatus(): Promise<TourStatus> {
  try {
    return (await api.get<TourStatus>(`${BASE}/status`)).data ?? TOUR_STATUS_FALLBACK;
  } catch {
    return TOUR_STATUS_FALLBACK;
  }
}

/** POST /tour/complete or /tour/reset; errors are swallowed into `null` (spec §8: the call "returns false"). */
async function setTour(action: 'complete' | 'reset'): Promise<TourStatus | null> {
  try {
    return (await api.post<TourStatus>(`${BASE}/${action}`)).data ?? null;
  } catch {
    return null;
  }
}

export function useTourStatus(enabled = true) {
  return useQuery({ queryKey: tourKeys.status, queryFn: fetchTourStatus, staleTime: TOUR_STATUS_STALE_MS, enabled });
}

function useTourMutation(action: 'complete' | 'reset') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => setTour(action),
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(tourKeys.status, status);
    },
  });
}

/** Marks the tour seen; resolves to the new status, or null when the server could not be reached. */
export const useCompleteTour = () => useTourMutation('complete');
/** Makes the tour show again on the next dashboard load; null on failure ('Error al resetear el tour'). */
export const useResetTour = () => useTourMutation('reset');
