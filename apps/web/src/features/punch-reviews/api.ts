import type { PunchReviewAnswer, PunchReviewCount } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { translateMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';

const BASE = '/company-admin-simple/attendance/reviews';
/** The word "attendance" in the keys makes attendance_update (a kiosk punch, a change) refresh them (lib/useRealtime.ts). */
export const punchReviewKeys = {
  all: ['company-admin', 'attendance-reviews'] as const,
  list: ['company-admin', 'attendance-reviews', 'list'] as const,
  count: ['company-admin', 'attendance-reviews', 'count'] as const,
};

/** GET /attendance/reviews: the flagged kiosk punches still open, oldest first (decision 0061). */
export function usePunchReviews(enabled = true) {
  return useQuery({ queryKey: punchReviewKeys.list, enabled, queryFn: async () => (await api.get<PunchReviewAnswer[]>(BASE)).data ?? [] });
}

/** GET /attendance/reviews/count: the badge's number. */
export function usePunchReviewCount() {
  return useQuery({ queryKey: punchReviewKeys.count, queryFn: async () => (await api.get<PunchReviewCount>(`${BASE}/count`)).data?.open ?? 0 });
}

/**
 * A resolution: the server's words as a toast here, not in the caller (the item, or the whole card with the last one,
 * leaves the screen when the list refreshes, and a caller's own callbacks would then never run).
 */
function useResolving<V>(fn: (vars: V) => Promise<string | undefined>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('dashboard');
  return useMutation({
    mutationFn: fn,
    onSuccess: (message) => {
      if (message) notify.success(translateMessage(t, message));
      // The calendar changes too when a punch is annulled.
      return queryClient.invalidateQueries({ predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && k.startsWith('attendance')) });
    },
  });
}

export const useConfirmReview = () => useResolving(async (id: string) => (await api.post<null>(`${BASE}/${id}/confirm`, {})).message);
export const useAnnulReview = () =>
  useResolving(async ({ id, reason }: { id: string; reason: string }) => (await api.post<null>(`${BASE}/${id}/annul`, { reason })).message);
