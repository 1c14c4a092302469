import type { EmployeeAttendanceAnswer, HolidayFacts, SchedulePeriod } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Employee } from '../employees/api';
import type { Schedule } from '../schedules/api';
import { SCHEDULE_OPTIONS_LIMIT } from '../schedules/api';

const BASE = '/company-admin-simple';
/** Spec §9: report data reads up to 1000 records (a year is at most 366). */
const RECORDS_LIMIT = 1000;

/** A stored attendance record as GET /employees/{id}/attendance answers it (its declared schema). */
export type ReportRecord = EmployeeAttendanceAnswer['data'][number];

/** Everything the report is computed from (locally, with the shared rules). */
export interface ReportSource {
  employee: Employee;
  schedule: Schedule | null;
  holidays: HolidayFacts[];
  records: ReportRecord[];
  /** What applied to the employee during the period (each day is judged by the rules of its day); without it, the current schedule. */
  periods?: SchedulePeriod[];
}

/** Key words 'attendance' and 'report': attendance, holiday, schedule and employee events refresh it. */
export const reportKeys = {
  source: (employeeId: string, start: string, end: string) => ['company-admin', 'attendance-report', employeeId, start, end] as const,
};

/** The employee, their schedule's rules, the period's holidays, records and schedule periods. */
export function useReportSource(employeeId: string | null, start: string, end: string) {
  return useQuery({
    queryKey: reportKeys.source(employeeId ?? '', start, end),
    enabled: !!employeeId,
    queryFn: async (): Promise<ReportSource> => {
      const range = new URLSearchParams({ startDate: start, endDate: end });
      const [employee, schedules, holidays, records, periods] = await Promise.all([
        api.get<Employee>(`${BASE}/employees/${employeeId}`),
        api.get<Schedule[]>(`${BASE}/schedules?page=1&limit=${SCHEDULE_OPTIONS_LIMIT}`),
        api.get<HolidayFacts[]>(`${BASE}/holidays/range?${range}`),
        api.get<ReportRecord[]>(`${BASE}/employees/${employeeId}/attendance?${range}&page=1&limit=${RECORDS_LIMIT}`),
        api.get<SchedulePeriod[]>(`${BASE}/employees/${employeeId}/schedule-periods?${range}`),
      ]);
      const schedule = (schedules.data ?? []).find((s) => s.id === employee.data.scheduleId) ?? null;
      return { employee: employee.data, schedule, holidays: holidays.data ?? [], records: records.data ?? [], periods: periods.data ?? [] };
    },
  });
}
