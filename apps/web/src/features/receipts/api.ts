import type { IntegrityAnswer, ReceiptsPage, receiptLookupAnswer } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/**
 * Receipts per punch and the register's integrity (decisions 0038, 0053). The keys' feature word "attendance"
 * makes attendance_update (a new punch) refresh them (lib/useRealtime.ts).
 */
export const receiptKeys = {
  own: (page: number) => ['employee', 'attendance-receipts', page] as const,
  integrity: ['company-admin', 'attendance-integrity'] as const,
};

export function useOwnReceipts(page: number) {
  return useQuery({
    queryKey: receiptKeys.own(page),
    queryFn: async () => {
      const res = await api.get<ReceiptsPage['data']>(`/employee/receipts?page=${page}&limit=5`);
      return { receipts: res.data?.receipts ?? [], pages: res.pagination?.pages ?? 1 };
    },
    placeholderData: keepPreviousData,
  });
}

export type IntegrityState = IntegrityAnswer['data'];

export function useIntegrity() {
  return useQuery({
    queryKey: receiptKeys.integrity,
    queryFn: async () => (await api.get<IntegrityState>('/company-admin-simple/attendance/integrity')).data,
  });
}

export type ReceiptLookup = z.infer<typeof receiptLookupAnswer>['data'];

export function useReceiptLookup() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.get<ReceiptLookup>(`/company-admin-simple/attendance/receipts/${encodeURIComponent(code.trim())}`)).data as ReceiptLookup,
  });
}
