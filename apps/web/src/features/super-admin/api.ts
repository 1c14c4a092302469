import {
  type OwnEmailAnswer,
  PAGE_SIZE,
  type SessionUser,
  type SuperAdminAdminStatus,
  type SuperAdminCompany,
  type SuperAdminCompanySavedAnswer,
  type SuperAdminDashboard,
} from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';

/** Filters of the companies list (spec §2): '' means "Todos". */
export interface CompanyFilters {
  search: string;
  plan: '' | 'FREE' | 'PREMIUM';
  status: '' | 'ACTIVE' | 'INACTIVE' | 'SUSPENDED';
  page: number;
}

/** GET/PATCH .../admin/status answer. */
export type AdminStatus = SuperAdminAdminStatus;

export const superAdminKeys = {
  all: ['super-admin'] as const,
  dashboard: ['super-admin', 'dashboard'] as const,
  companies: ['super-admin', 'companies'] as const,
  companyList: (filters: CompanyFilters) => ['super-admin', 'companies', 'list', filters] as const,
  company: (id: string) => ['super-admin', 'companies', 'detail', id] as const,
};

/** Answer of POST/PUT company: the company, the server's confirmation and, on create, a mail warning. */
export type CompanyMutationResult = SuperAdminCompanySavedAnswer;

/** Body of POST/PUT /super-admin/companies (flat shape of spec §7). */
export type CompanyBody = Record<string, unknown>;

export function useSuperAdminDashboard() {
  return useQuery({
    queryKey: superAdminKeys.dashboard,
    queryFn: async () => (await api.get<SuperAdminDashboard>('/super-admin/dashboard')).data,
  });
}

function listPath(filters: CompanyFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(PAGE_SIZE) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.plan) params.set('plan', filters.plan);
  if (filters.status) params.set('status', filters.status);
  return `/super-admin/companies?${params}`;
}

/** GET /super-admin/companies, 10 per page; the previous page stays on screen while the next one loads. */
export function useCompanies(filters: CompanyFilters) {
  return useQuery({
    queryKey: superAdminKeys.companyList(filters),
    queryFn: async () => {
      const res = await api.get<SuperAdminCompany[]>(listPath(filters));
      return { companies: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? res.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /super-admin/companies/{id}: the info modal shows the list row at once and refreshes it. */
export function useCompany(id: string, initial?: SuperAdminCompany) {
  return useQuery({
    queryKey: superAdminKeys.company(id),
    queryFn: async () => (await api.get<SuperAdminCompany>(`/super-admin/companies/${id}`)).data,
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}

/** After any company change: the list, the details and the platform totals are stale. */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: superAdminKeys.all });
}

async function companyWrite(method: 'post' | 'put', path: string, body: CompanyBody): Promise<CompanyMutationResult> {
  const res = await api[method]<SuperAdminCompany>(path, body);
  return { data: res.data, message: res.message ?? '', ...(res.warning ? { warning: res.warning } : {}) };
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (body: CompanyBody) => companyWrite('post', '/super-admin/companies', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompanyBody }) => companyWrite('put', `/super-admin/companies/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`/super-admin/companies/${id}`)).message,
    onSuccess: invalidate,
  });
}

/** PATCH /super-admin/companies/{id}/admin/toggle-status: activates or deactivates the company's admin. */
export function useToggleAdminStatus() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async ({ companyId, isActive }: { companyId: string; isActive: boolean }) => {
      const res = await api.patch<AdminStatus>(`/super-admin/companies/${companyId}/admin/toggle-status`, { isActive });
      return { status: res.data, message: res.message };
    },
    onSuccess: invalidate,
  });
}

/** DELETE /super-admin/companies/{id}/billing-flag: the super admin closes a "Revisar cobro" review (decision 0041). */
export function useClearBillingFlag() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async (companyId: string) => {
      const res = await api.delete<SuperAdminCompany>(`/super-admin/companies/${companyId}/billing-flag`);
      return { company: res.data, message: res.message };
    },
    onSuccess: invalidate,
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      (await api.patch<null>('/super-admin/change-password', body)).message,
  });
}

/** PATCH /super-admin/change-email; the session user shows the new email at once, then is re-verified. */
export function useChangeOwnEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newEmail: string) => {
      const res = await api.patch<OwnEmailAnswer['data']>('/super-admin/change-email', { newEmail });
      return { email: res.data?.email ?? newEmail, message: res.message };
    },
    onSuccess: ({ email }) => {
      queryClient.setQueryData<SessionUser | null>(authKeys.session, (user) => (user ? { ...user, email } : user));
      return queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
}
