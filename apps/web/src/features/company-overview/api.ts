import type { CompanyDashboardAnswer, DepartmentStatAnswer, FirstStepsAnswer, WeeklySummaryAnswer } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /company-admin-simple/dashboard (spec §3 dashboard stats, computed in the company's timezone): the declared answer. */
export type CompanyDashboard = CompanyDashboardAnswer;
export type FirstSteps = FirstStepsAnswer;
export type DepartmentStat = DepartmentStatAnswer;

/** Realtime attendance_update / employee_update refresh it (lib/useRealtime.ts, topic 'dashboard'). */
export const overviewKeys = { dashboard: ['company-admin', 'dashboard'] as const };

/** "Absent today" grows as the day goes on without any event: re-read the figures every minute too. */
const REFRESH_MS = 60_000;

export function useCompanyDashboard() {
  return useQuery({
    queryKey: overviewKeys.dashboard,
    queryFn: async () => (await api.get<CompanyDashboard>('/company-admin-simple/dashboard')).data,
    refetchInterval: REFRESH_MS,
    staleTime: 15_000,
  });
}

/** One day of GET /attendance/weekly-summary: how many employees had each day status, and the day's rate. */
export type WeeklyDay = WeeklySummaryAnswer['days'][number];

/** The calendar day `days` before/after a YYYY-MM-DD day. */
export function shiftDay(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The `count` complete days before `today` (the company's day; today itself is in the cards): 7 for 'Últimos 7
 * días', 30 for the chart. The key sits under the dashboard's, so realtime attendance events refresh it too.
 */
export function useDaySummary(today: string | undefined, count: number) {
  const start = today ? shiftDay(today, -count) : '';
  const end = today ? shiftDay(today, -1) : '';
  return useQuery({
    queryKey: [...overviewKeys.dashboard, 'weekly', start, end],
    queryFn: async () => (await api.get<WeeklySummaryAnswer>(`/company-admin-simple/attendance/weekly-summary?startDate=${start}&endDate=${end}`)).data.days,
    enabled: !!today,
    staleTime: 60_000,
  });
}

/** 'Últimos 7 días' of the overview. */
export const useWeeklySummary = (today: string | undefined) => useDaySummary(today, 7);

/** Spec §9 utilisation bar: high above 80 %, medium above 60 %, else low. */
export function utilisationLevel(percent: number): 'high' | 'medium' | 'low' {
  if (percent > 80) return 'high';
  if (percent > 60) return 'medium';
  return 'low';
}

export const LEVEL_COLOR = { high: 'teal', medium: 'yellow', low: 'red' } as const;

/** Hours with 2 decimals (spec §9). */
export function formatHours(hours: number): string {
  return (Number.isFinite(hours) ? hours : 0).toFixed(2);
}
