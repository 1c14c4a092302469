import type { GeoPoint, QrDisplayCode, QrPunchResult } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { employeeKeys } from '../employee-area/api';

export const qrKeys = {
  display: (locationId: string) => ['qr-punch', 'display', locationId] as const,
};

/** Milliseconds until the code must be replaced, by the server's clock (the screen's own may be off). */
export function msUntilRefresh(code: Pick<QrDisplayCode, 'refreshAt' | 'serverTime'>, fetchedAt: number, now = Date.now()): number {
  const offset = Date.parse(code.serverTime) - fetchedAt;
  return Date.parse(code.refreshAt) - (now + offset);
}

/**
 * The code a work location's screen shows (decision 0044): fetched again when its step ends, also while the
 * tab is in the background (a screen at the entrance is rarely focused).
 */
export function useQrDisplayCode(locationId: string) {
  return useQuery({
    queryKey: qrKeys.display(locationId),
    queryFn: async () => ({ ...(await api.get<QrDisplayCode>(`/company-admin-simple/qr-punch/locations/${locationId}/code`)).data, fetchedAt: Date.now() }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? Math.max(250, msUntilRefresh(data, data.fetchedAt) + 150) : 5000;
    },
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: 2000,
  });
}

/** The employee's punch with a scanned code (the code or the whole URL of the QR). */
export function useQrPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; location?: GeoPoint | null }) => api.post<QrPunchResult>('/employee/attendance/qr', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
