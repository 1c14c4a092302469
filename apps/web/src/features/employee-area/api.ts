import { type AttendanceReport, type AvailableYearsAnswer, type OwnEmailAnswer, PAGE_SIZE } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';
import { setServerTime } from './serverClock';
import type { Activity, ActivityFilter, AttendanceStats, EmployeeDashboard, EmployeeProfile, HistoryRecord, TodayAttendance, WorkInfo } from './types';

const BASE = '/employee';

/**
 * Query keys: ['employee', <feature words>, ...] so the realtime layer (lib/useRealtime.ts) refreshes them
 * on attendance_update (attendance, history, stat, report, activity, dashboard), activity_update
 * (activity), employee_update (profile, work, dashboard) and schedule_update (work, attendance).
 */
export const employeeKeys = {
  all: ['employee'] as const,
  dashboard: ['employee', 'dashboard'] as const,
  today: ['employee', 'attendance-today'] as const,
  history: (page: number) => ['employee', 'attendance-history', page] as const,
  stats: (q: StatsQuery) => ['employee', 'attendance-stats', q] as const,
  years: ['employee', 'attendance-years'] as const,
  report: (range: { startDate: string; endDate: string }) => ['employee', 'attendance-report', range] as const,
  workInfo: ['employee', 'work-info'] as const,
  activity: (q: ActivityQuery) => ['employee', 'activity', q] as const,
  profile: ['employee', 'profile'] as const,
};

export interface StatsQuery {
  period: 'month' | 'year' | 'week';
  year: number;
  month?: number;
}

export interface ActivityQuery {
  filter: ActivityFilter;
  page: number;
  startDate?: string;
  endDate?: string;
}

export function useEmployeeDashboard() {
  return useQuery({ queryKey: employeeKeys.dashboard, queryFn: async () => (await api.get<EmployeeDashboard>(`${BASE}/dashboard`)).data });
}

/** GET /attendance/today; also measures the server clock offset for the live clock. */
export async function fetchToday(): Promise<TodayAttendance> {
  const sentAt = Date.now();
  const res = await api.get<TodayAttendance>(`${BASE}/attendance/today`);
  setServerTime(res.data.serverTime, sentAt, Date.now());
  return res.data;
}

export function useTodayAttendance() {
  // Refreshed every minute as well: the day (and its buttons) changes at midnight or at the shift's end.
  return useQuery({ queryKey: employeeKeys.today, queryFn: fetchToday, refetchInterval: 60_000 });
}

export function useAttendanceHistory(page: number) {
  return useQuery({
    queryKey: employeeKeys.history(page),
    queryFn: async () => {
      const res = await api.get<HistoryRecord[]>(`${BASE}/attendance/history?page=${page}&limit=${PAGE_SIZE}`);
      return { records: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceStats(q: StatsQuery) {
  return useQuery({
    queryKey: employeeKeys.stats(q),
    queryFn: async () => {
      const params = new URLSearchParams({ period: q.period, year: String(q.year) });
      if (q.month) params.set('month', String(q.month));
      return (await api.get<AttendanceStats>(`${BASE}/attendance/stats?${params}`)).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** The employee's own report over a period, computed by the server's read model (GET /attendance/report, decision 0055). */
export function useOwnReport(range: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: employeeKeys.report(range),
    queryFn: async () => {
      const params = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
      return (await api.get<AttendanceReport>(`${BASE}/attendance/report?${params}`)).data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useAvailableYears() {
  return useQuery({ queryKey: employeeKeys.years, queryFn: async () => (await api.get<AvailableYearsAnswer['data']>(`${BASE}/available-years`)).data ?? [] });
}

export function useWorkInfo() {
  return useQuery({ queryKey: employeeKeys.workInfo, queryFn: async () => (await api.get<WorkInfo>(`${BASE}/work-info`)).data });
}

export function useActivity(q: ActivityQuery, enabled = true) {
  return useQuery({
    queryKey: employeeKeys.activity(q),
    queryFn: async () => {
      const params = new URLSearchParams({ filter: q.filter, page: String(q.page), limit: String(PAGE_SIZE) });
      if (q.startDate) params.set('startDate', q.startDate);
      if (q.endDate) params.set('endDate', q.endDate);
      const res = await api.get<Activity[]>(`${BASE}/activity?${params}`);
      return { activities: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? 0 };
    },
    enabled,
    placeholderData: keepPreviousData,
    // Spec §7: the activity list is cached 5 minutes (realtime events still refresh it at once).
    staleTime: 5 * 60 * 1000,
  });
}

export function useEmployeeProfile() {
  return useQuery({ queryKey: employeeKeys.profile, queryFn: async () => (await api.get<EmployeeProfile>(`${BASE}/profile`)).data });
}

export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phone: string | null) => {
      const res = await api.put<EmployeeProfile>(`${BASE}/profile`, { phone });
      queryClient.setQueryData(employeeKeys.profile, res.data);
      return res.message;
    },
  });
}

export function useChangeEmployeePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      (await api.put<null>(`${BASE}/profile/password`, body)).message,
  });
}

export function useChangeEmployeeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newEmail: string) => (await api.put<OwnEmailAnswer['data']>(`${BASE}/profile/email`, { newEmail })).message,
    onSuccess: () => {
      // The login email is the session's: re-read both.
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}
