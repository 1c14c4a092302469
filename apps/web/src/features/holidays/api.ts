import { type Holiday, PAGE_SIZE } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Answers of the holiday calls: the shared schema's type (holidayAnswer). */
export type { Holiday } from '@presente/shared';

/** month null = every month of the year. */
export interface HolidayFilters {
  year: number;
  month: number | null;
  page: number;
}

/** Body of POST/PUT /holidays (shared holidayInput). */
export type HolidayBody = Record<string, unknown>;

const BASE = '/company-admin-simple';

export const holidayKeys = {
  all: ['company-admin', 'holidays'] as const,
  list: (filters: HolidayFilters) => ['company-admin', 'holidays', 'list', filters] as const,
};

/** GET /holidays by year and month, 10 per page. */
export function useHolidays(filters: HolidayFilters) {
  return useQuery({
    queryKey: holidayKeys.list(filters),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(filters.page), limit: String(PAGE_SIZE), year: String(filters.year) });
      if (filters.month) params.set('month', String(filters.month));
      const res = await api.get<Holiday[]>(`${BASE}/holidays?${params}`);
      return { holidays: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? res.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

function useInvalidateHolidays() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: holidayKeys.all });
}

export function useCreateHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: async (body: HolidayBody) => (await api.post<Holiday>(`${BASE}/holidays`, body)).message,
    onSuccess: invalidate,
  });
}

export function useUpdateHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: HolidayBody }) => (await api.put<Holiday>(`${BASE}/holidays/${id}`, body)).message,
    onSuccess: invalidate,
  });
}

export function useDeleteHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/holidays/${id}`)).message,
    onSuccess: invalidate,
  });
}
