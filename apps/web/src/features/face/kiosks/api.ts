import type { KioskPairingCode, PairedKiosk } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const BASE = '/company-admin-simple/face-recognition';
export const kioskKeys = { all: ['company-admin', 'paired-kiosks'] as const };

/** GET /kiosks: the company's paired kiosks, newest first (revoked ones too). */
export function usePairedKiosks() {
  return useQuery({ queryKey: kioskKeys.all, queryFn: async () => (await api.get<PairedKiosk[]>(`${BASE}/kiosks`)).data ?? [] });
}

/** POST /kiosk-pairing-codes: a one-time code (10 minutes) for a kiosk of this name. */
export function useCreatePairingCode() {
  return useMutation({ mutationFn: async (name: string) => (await api.post<KioskPairingCode>(`${BASE}/kiosk-pairing-codes`, { name })).data });
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<null>(`${BASE}/kiosks/${id}/revoke`, {})).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}
