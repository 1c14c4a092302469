import type { AttendanceReport } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/company-admin-simple';

/** Key words 'attendance' and 'report': attendance, holiday, schedule and employee events refresh it. */
export const reportKeys = {
  report: (employeeId: string, start: string, end: string) => ['company-admin', 'attendance-report', employeeId, start, end] as const,
};

/** One employee's report over a period, computed by the server (GET /employees/{id}/report). */
export function useEmployeeReport(employeeId: string | null, start: string, end: string) {
  return useQuery({
    queryKey: reportKeys.report(employeeId ?? '', start, end),
    enabled: !!employeeId,
    queryFn: async (): Promise<AttendanceReport> => {
      const range = new URLSearchParams({ startDate: start, endDate: end });
      return (await api.get<AttendanceReport>(`${BASE}/employees/${employeeId}/report?${range}`)).data;
    },
  });
}
