import type { ManualChangeAnswerInput, ManualChangesPage, ManualChangeView } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Manual changes of attendance records and the worker's answer (decision 0039). The keys' feature word
 * "attendance" makes attendance_update (a change made or answered) refresh them (lib/useRealtime.ts).
 */
export const manualChangeKeys = {
  own: (page: number) => ['employee', 'attendance-manual-changes', page] as const,
  ofEmployee: (employeeId: string, page: number) => ['company-admin', 'attendance-manual-changes', employeeId, page] as const,
  ofCompany: (answer: 'pending' | 'disputed') => ['company-admin', 'attendance-manual-changes', 'company', answer] as const,
};

export interface ManualChangePage {
  changes: ManualChangeView[];
  pages: number;
  pending: number;
}

async function fetchPage(url: string): Promise<ManualChangePage> {
  const res = await api.get<ManualChangesPage['data']>(url);
  return { changes: res.data?.changes ?? [], pages: res.pagination?.pages ?? 1, pending: res.data?.pending ?? 0 };
}

/** The worker's own changes, newest first. */
export function useOwnManualChanges(page: number) {
  return useQuery({
    queryKey: manualChangeKeys.own(page),
    queryFn: () => fetchPage(`/employee/manual-changes?page=${page}&limit=5`),
    placeholderData: keepPreviousData,
  });
}

/** One worker's changes with their answers, for the admin. */
export function useEmployeeManualChanges(employeeId: string, page: number) {
  return useQuery({
    queryKey: manualChangeKeys.ofEmployee(employeeId, page),
    queryFn: () => fetchPage(`/company-admin-simple/attendance/manual-changes?employeeId=${employeeId}&page=${page}&limit=5`),
    placeholderData: keepPreviousData,
  });
}

/** The company's changes in one state (the newest 5) with the total: the attendance tab's summary. */
export function useCompanyManualChanges(answer: 'pending' | 'disputed') {
  return useQuery({
    queryKey: manualChangeKeys.ofCompany(answer),
    queryFn: async () => {
      const res = await api.get<ManualChangesPage['data']>(`/company-admin-simple/attendance/manual-changes?answer=${answer}&limit=5`);
      return { changes: res.data?.changes ?? [], total: res.pagination?.total ?? 0 };
    },
  });
}

export function useAnswerManualChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: ManualChangeAnswerInput & { id: string }) =>
      (await api.post<ManualChangeView>(`/employee/manual-changes/${id}/answer`, body)).message,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['employee', 'attendance-manual-changes'] }),
  });
}
