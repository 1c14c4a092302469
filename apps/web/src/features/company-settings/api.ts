import type {
  AttendanceSettingsAnswer,
  AttendanceSettingsInput,
  CompanyLegalSavedAnswer,
  CompanyNameAnswer,
  OwnEmailAnswer,
  SessionUser,
} from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';
import { overviewKeys } from '../company-overview/api';
import { companySettingsKey } from '../plan-usage/api';

const BASE = '/company-admin-simple';

/** PUT /profile/email; the session shows the new email at once and is re-verified. Resolves to the server's message. */
export function useChangeAdminEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newEmail: string) => (await api.put<OwnEmailAnswer['data']>(`${BASE}/profile/email`, { newEmail })).message,
    onSuccess: (_msg, newEmail) => {
      queryClient.setQueryData<SessionUser | null>(authKeys.session, (user) => (user ? { ...user, email: newEmail.trim().toLowerCase() } : user));
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}

/** PUT /profile/password (min 8); the server ends the admin's other sessions. */
export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => (await api.put<null>(`${BASE}/profile/password`, body)).message,
  });
}

/** PUT /company/name. */
export function useRenameCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api.put<CompanyNameAnswer['data']>(`${BASE}/company/name`, { name })).message,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: companySettingsKey }), queryClient.invalidateQueries({ queryKey: overviewKeys.dashboard })]),
  });
}

/** Key word 'company': a company_update event refreshes it. */
export const attendanceSettingsKey = ['company-admin', 'company', 'attendance-settings'] as const;

/** GET /company/attendance-settings: the forgotten check-out grace in hours. */
export function useAttendanceSettings() {
  return useQuery({
    queryKey: attendanceSettingsKey,
    queryFn: async () => (await api.get<AttendanceSettingsAnswer['data']>(`${BASE}/company/attendance-settings`)).data,
  });
}

/** PUT /company/attendance-settings. Resolves to the server's message. */
export function useUpdateAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AttendanceSettingsInput) => (await api.put<AttendanceSettingsAnswer['data']>(`${BASE}/company/attendance-settings`, body)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceSettingsKey }),
  });
}

/** PUT /company/legal: RUC and razón social (decision 0053); the settings (and the register's heading) follow. */
export function useUpdateCompanyLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { ruc: string | null; legalName: string | null }) =>
      (await api.put<CompanyLegalSavedAnswer['data']>(`${BASE}/company/legal`, body)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companySettingsKey }),
  });
}
