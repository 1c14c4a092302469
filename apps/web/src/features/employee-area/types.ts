import type {
  ActivityEntryAnswer,
  AttendanceHistoryAnswer,
  AttendanceRecordAnswer,
  AttendanceStatsAnswer,
  EmployeeActivityFilter,
  EmployeeDashboardAnswer,
  EmployeeProfileAnswer,
  HolidayNameAnswer,
  PunchAnswer,
  TodayAttendanceAnswer,
  WorkInfoAnswer,
  WorkScheduleAnswer,
} from '@presente/shared';

/** Shapes of the /api/employee answers (apps/server/src/modules/employee-area): all are the declared schemas' (z.infer). */

export type ScheduleView = WorkScheduleAnswer;
export type RecordView = AttendanceRecordAnswer;
export type HolidayView = HolidayNameAnswer;
export type EmployeeDashboard = EmployeeDashboardAnswer;
export type TodayAttendance = TodayAttendanceAnswer;
export type HistoryRecord = AttendanceHistoryAnswer['data'][number];

export type WorkInfo = WorkInfoAnswer;

export type { StatusCounts } from '@presente/shared';
export type AttendanceStats = AttendanceStatsAnswer;

export type ActivityFilter = EmployeeActivityFilter;

export type Activity = ActivityEntryAnswer;
export type EmployeeProfile = EmployeeProfileAnswer;

/** A check-in/out answer (HTTP data or the socket's `data`). */
export type PunchData = PunchAnswer['data'];
