import { type Department, type Employee, type EmployeePasswordResetAnswer, type ImportResult, PAGE_SIZE } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companySettingsKey } from '../plan-usage/api';

/** Answers of the employee and department calls: the shared schemas' types (employeeAnswer, departmentAnswer). */
export type { Department, Employee, EmployeeStatus } from '@presente/shared';

/** List filters: departmentId '' = all, 'none' = without department. */
export interface EmployeeFilters {
  search: string;
  departmentId: string;
  page: number;
}

/** What the create/edit form sends (shared schemas employeeCreateInput / employeeUpdateInput). */
export type EmployeeBody = Record<string, unknown>;

export type { ImportPreviewRow, ImportResult } from '@presente/shared';

const BASE = '/company-admin-simple';

export const employeeKeys = {
  all: ['company-admin', 'employees'] as const,
  list: (filters: EmployeeFilters) => ['company-admin', 'employees', 'list', filters] as const,
  search: (text: string) => ['company-admin', 'employees', 'search', text] as const,
  departments: ['company-admin', 'departments'] as const,
};

function listPath(filters: EmployeeFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(PAGE_SIZE) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.departmentId) params.set('departmentId', filters.departmentId);
  return `${BASE}/employees?${params}`;
}

/** GET /employees, 10 per page, server-side search and department filter. */
export function useEmployees(filters: EmployeeFilters) {
  return useQuery({
    queryKey: employeeKeys.list(filters),
    queryFn: async () => {
      const res = await api.get<Employee[]>(listPath(filters));
      return { employees: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? res.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDepartments() {
  return useQuery({
    queryKey: employeeKeys.departments,
    queryFn: async () => (await api.get<Department[]>(`${BASE}/departments`)).data ?? [],
  });
}

/** After an employee change: lists, department counts and plan usage are stale. */
function useInvalidateEmployees() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
      queryClient.invalidateQueries({ queryKey: employeeKeys.departments }),
      queryClient.invalidateQueries({ queryKey: companySettingsKey }),
    ]);
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeBody) => {
      const res = await api.post<Employee>(`${BASE}/employees`, body);
      return { employee: res.data, message: res.message, warning: res.warning };
    },
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: EmployeeBody }) => {
      const res = await api.put<Employee>(`${BASE}/employees/${id}`, body);
      return { employee: res.data, message: res.message };
    },
    onSuccess: invalidate,
  });
}

export function useDeleteEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/employees/${id}`)).message,
    onSuccess: invalidate,
  });
}

export function useResetEmployeePassword() {
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.post<EmployeePasswordResetAnswer['data']>(`${BASE}/employees/${id}/reset-password`);
      return { emailStatus: res.data?.emailStatus ?? 'sent', message: res.message };
    },
  });
}

/** POST /employees/import: dryRun=true validates and previews; false writes every row or none. */
export function useImportEmployees() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async ({ rows, lines, dryRun }: { rows: Record<string, unknown>[]; lines?: number[]; dryRun: boolean }) => {
      const res = await api.post<ImportResult>(`${BASE}/employees/import`, { rows, lines, dryRun });
      return { result: res.data, message: res.message };
    },
    onSuccess: (_data, { dryRun }) => (dryRun ? undefined : invalidate()),
  });
}

function useInvalidateDepartments() {
  const queryClient = useQueryClient();
  // Renaming a department changes the name shown in the employee list too.
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: employeeKeys.departments }), queryClient.invalidateQueries({ queryKey: employeeKeys.all })]);
}

export function useCreateDepartment() {
  const invalidate = useInvalidateDepartments();
  return useMutation({
    mutationFn: async (name: string) => (await api.post<Department>(`${BASE}/departments`, { name })).message,
    onSuccess: invalidate,
  });
}

export function useUpdateDepartment() {
  const invalidate = useInvalidateDepartments();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => (await api.put<Department>(`${BASE}/departments/${id}`, { name })).message,
    onSuccess: invalidate,
  });
}

export function useDeleteDepartment() {
  const invalidate = useInvalidateDepartments();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/departments/${id}`)).message,
    onSuccess: invalidate,
  });
}

/** Spec §9 autocomplete: 2 characters, 10 matches. */
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_LIMIT = 10;

/** Employee suggestions (EmployeeAutocomplete): name, code or email, from 2 characters, 10 matches. */
export function useEmployeeSearch(text: string) {
  const term = text.trim();
  return useQuery({
    queryKey: employeeKeys.search(term),
    queryFn: async () => {
      const params = new URLSearchParams({ page: '1', limit: String(AUTOCOMPLETE_LIMIT), search: term });
      return (await api.get<Employee[]>(`${BASE}/employees?${params}`)).data ?? [];
    },
    enabled: term.length >= AUTOCOMPLETE_MIN_CHARS,
    staleTime: 30_000,
  });
}
