import type {
  AvailableYearsAnswer,
  CalendarDayAnswer,
  CalendarRowAnswer,
  EmployeeAttendanceAnswer,
  ManualAttendanceAnswer,
  ManualAttendanceInput,
} from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { matchesTopics, REALTIME_REFRESH } from '../../lib/useRealtime';
import type { Employee } from '../employees/api';
import { type CompanySettings, useCompanySettings } from '../plan-usage/api';

const BASE = '/company-admin-simple';
/** Rows of the calendar per page; exports read every page with the spec's export limit (§9). */
export const CALENDAR_PAGE_SIZE = 10;
export const EXPORT_LIMIT = 1000;

export type AttendanceMethod = 'manual' | 'face_recognition' | 'qr_code' | 'web';

/** A record as a calendar cell carries it; the day view's full record adds the admin's reason and the evidence. */
export type CalendarAttendance = NonNullable<CalendarDayAnswer['attendance']> &
  Partial<Pick<EmployeeAttendanceAnswer['data'][number], 'manualReason' | 'evidence' | 'permissionUnpaid'>>;

export type CalendarDay = Omit<CalendarDayAnswer, 'attendance'> & { attendance: CalendarAttendance | null };

export type CalendarSchedule = NonNullable<CalendarRowAnswer['schedule']>;

/** What applied to a row from a day of the month on (docs/decisions/0013-attendance-history.md). */
export type CalendarPeriod = CalendarRowAnswer['periods'][number];

/** One employee's month (spec §3 monthly calendar entry): the declared answer (`calendarRowAnswer`). */
export type CalendarRow = Omit<CalendarRowAnswer, 'days'> & { days: CalendarDay[] };

/** The schedule that applied to a row on a day (its period's, decision 0013), else the current one. */
export function scheduleOn(row: Pick<CalendarRow, 'periods' | 'schedule'>, date: string): CalendarSchedule | null {
  const period = row.periods?.filter((p) => p.from <= date).at(-1);
  return period ? period.schedule : row.schedule;
}

/** departmentId: '' = all, 'none' = without department. employeeId wins over employeeName. */
export interface CalendarFilters {
  employeeId: string;
  employeeName: string;
  departmentId: string;
  position: string;
  month: number;
  year: number;
}

export interface CalendarPage {
  rows: CalendarRow[];
  pages: number;
  total: number;
}

export const attendanceKeys = {
  all: ['company-admin', 'attendance'] as const,
  calendar: (filters: CalendarFilters, page: number) => ['company-admin', 'attendance', 'calendar', filters, page] as const,
  record: (employeeId: string, date: string) => ['company-admin', 'attendance', 'record', employeeId, date] as const,
  years: ['company-admin', 'attendance', 'years'] as const,
  positions: ['company-admin', 'employees', 'positions'] as const,
};

function calendarPath(filters: CalendarFilters, page: number, limit: number): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit), month: String(filters.month), year: String(filters.year) });
  if (filters.employeeId) params.set('employeeId', filters.employeeId);
  else if (filters.employeeName.trim()) params.set('employeeName', filters.employeeName.trim());
  if (filters.departmentId) params.set('departmentId', filters.departmentId);
  if (filters.position) params.set('position', filters.position);
  return `${BASE}/attendance/monthly-calendar?${params}`;
}

async function fetchCalendar(filters: CalendarFilters, page: number, limit: number): Promise<CalendarPage> {
  const res = await api.get<CalendarRowAnswer[]>(calendarPath(filters, page, limit));
  return { rows: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? res.data?.length ?? 0 };
}

/** GET /attendance/monthly-calendar, one page. Realtime attendance_update refreshes it (topic 'attendance'). */
export function useMonthlyCalendar(filters: CalendarFilters, page: number) {
  return useQuery({
    queryKey: attendanceKeys.calendar(filters, page),
    queryFn: () => fetchCalendar(filters, page, CALENDAR_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

/** Every row of the filtered month for an export (limit 1000 per call, all pages). */
export async function fetchCalendarForExport(filters: CalendarFilters): Promise<CalendarPage> {
  const first = await fetchCalendar(filters, 1, EXPORT_LIMIT);
  const rows = [...first.rows];
  for (let page = 2; page <= first.pages; page++) rows.push(...(await fetchCalendar(filters, page, EXPORT_LIMIT)).rows);
  return { ...first, rows };
}

/** The full record of a day (with the face/link evidence the calendar leaves out). */
export function useAttendanceRecord(employeeId: string, date: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.record(employeeId, date),
    queryFn: async () => {
      const res = await api.get<EmployeeAttendanceAnswer['data']>(
        `${BASE}/employees/${employeeId}/attendance?startDate=${date}&endDate=${date}&limit=1&include=evidence`,
      );
      return res.data?.[0] ?? null;
    },
    enabled,
  });
}

/** Years with data plus the current one, newest first. */
export function useAvailableYears() {
  return useQuery({
    queryKey: attendanceKeys.years,
    queryFn: async () => (await api.get<AvailableYearsAnswer['data']>(`${BASE}/available-years`)).data ?? [],
  });
}

/** The position filter's options: every distinct position of the company's employees. */
export function usePositions() {
  return useQuery({
    queryKey: attendanceKeys.positions,
    queryFn: async () => {
      const employees = (await api.get<Employee[]>(`${BASE}/employees?page=1&limit=${EXPORT_LIMIT}`)).data ?? [];
      const positions = new Set(employees.map((e) => e.position?.trim()).filter((p): p is string => !!p));
      return [...positions].sort((a, b) => a.localeCompare(b));
    },
  });
}

/** Name and tax id (RUC) of the company, for the headers of the exports. */
export function useCompanyIdentity() {
  const settings = useCompanySettings();
  const data = settings.data as (CompanySettings & { ruc?: string | null }) | undefined;
  return { name: data?.name ?? '', ruc: data?.ruc ?? '' };
}

/** What an attendance change refreshes: the same topics as the realtime attendance_update event. */
function useInvalidateAttendance() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => matchesTopics(query, REALTIME_REFRESH.attendance_update.topics) });
}

export type AttendanceBody = Omit<ManualAttendanceInput, 'date'> & { date: string };

export function useCreateAttendance() {
  const invalidate = useInvalidateAttendance();
  return useMutation({
    mutationFn: async (body: AttendanceBody) => (await api.post<ManualAttendanceAnswer['data']>(`${BASE}/attendance`, body)).message,
    onSuccess: invalidate,
  });
}

export function useUpdateAttendance() {
  const invalidate = useInvalidateAttendance();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: AttendanceBody }) =>
      (await api.put<ManualAttendanceAnswer['data']>(`${BASE}/attendance/${id}`, body)).message,
    onSuccess: invalidate,
  });
}

export function useDeleteAttendance() {
  const invalidate = useInvalidateAttendance();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (await api.delete<null>(`${BASE}/attendance/${id}?${new URLSearchParams({ reason })}`)).message,
    onSuccess: invalidate,
  });
}
