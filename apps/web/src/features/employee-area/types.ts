import type {
  AttendanceHistoryAnswer,
  AttendanceRecordAnswer,
  AttendanceStatsAnswer,
  EmployeeDashboardAnswer,
  HolidayNameAnswer,
  PunchAnswer,
  TodayAttendanceAnswer,
  WorkScheduleAnswer,
} from '@presente/shared';

/** Shapes of the /api/employee answers (apps/server/src/modules/employee-area): the attendance ones are the declared schemas'. */

export type ScheduleView = WorkScheduleAnswer;
export type RecordView = AttendanceRecordAnswer;
export type HolidayView = HolidayNameAnswer;
export type EmployeeDashboard = EmployeeDashboardAnswer;
export type TodayAttendance = TodayAttendanceAnswer;
export type HistoryRecord = AttendanceHistoryAnswer['data'][number];

export interface WorkInfo {
  schedule: ScheduleView | null;
  location: { id: string; name: string; address: string | null; latitude: number; longitude: number; allowedRadius: number } | null;
  department: string | null;
  position: string | null;
  company: { name: string; timezone: string };
}

export type { StatusCounts } from '@presente/shared';
export type AttendanceStats = AttendanceStatsAnswer;

export type ActivityFilter = 'all' | 'attendance' | 'admin_actions';

export interface Activity {
  id: string;
  type: string;
  title: string;
  description: string | null;
  timestamp: string;
  adminName: string | null;
  details: Record<string, unknown> | null;
}

export interface EmployeeProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeCode: string;
  documentNumber: string | null;
  position: string | null;
  phone: string | null;
  status: string;
  hireDate: string | null;
  createdAt: string;
  department: { id: string; name: string } | null;
  schedule: { id: string; name: string; startTime: string; endTime: string } | null;
  company: { id: string; name: string; timezone: string };
  account: { email: string; name: string; role: string };
}

/** A check-in/out answer (HTTP data or the socket's `data`). */
export type PunchData = PunchAnswer['data'];
