/** Shapes of the /api/employee answers (apps/server/src/modules/employee-area). */

export interface ScheduleView {
  id: string;
  name: string;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
  /** 1 = Monday ... 7 = Sunday. */
  workDays: number[];
  lateToleranceMinutes: number;
  allowEarlyCheckIn: boolean;
  earlyCheckInMinutes: number;
  countActualTime: boolean;
  allowManualAttendance: boolean;
}

export interface RecordView {
  id: string;
  date: string;
  checkIn: string | null;
  checkOut: string | null;
  workHours: number | null;
  status: string | null;
  notes: string | null;
  isPermission: boolean;
  method: string | null;
  isManual?: boolean;
  incomplete?: boolean;
  location: { latitude: number; longitude: number } | null;
}

export interface HolidayView {
  name: string;
  description: string | null;
}

export interface EmployeeDashboard {
  employee: {
    id: string;
    firstName: string;
    lastName: string;
    employeeCode: string;
    position: string | null;
    department: string | null;
    email: string;
  };
  schedule: ScheduleView | null;
  stats: { todayHours: number; weeklyHours: number; monthlyHours: number; monthlyDays: number };
  today: RecordView | null;
  todayDate: string;
  timezone: string;
}

export interface TodayAttendance {
  date: string;
  record: RecordView | null;
  status: string;
  holiday: HolidayView | null;
  canCheckIn: boolean;
  canCheckOut: boolean;
  completed: boolean;
  manualAllowed: boolean;
  /** The schedule allows marking with a site's rotating QR (decision 0044). */
  qrAllowed?: boolean;
  requiresLocation: boolean;
  schedule: ScheduleView | null;
  serverTime: string;
  localTime: string;
  timezone: string;
}

export interface HistoryRecord extends RecordView {
  status: string;
  holiday: HolidayView | null;
}

export interface WorkInfo {
  schedule: ScheduleView | null;
  location: { id: string; name: string; address: string | null; latitude: number; longitude: number; allowedRadius: number } | null;
  department: string | null;
  position: string | null;
  company: { name: string; timezone: string };
}

export interface StatusCounts {
  present: number;
  early: number;
  late: number;
  absent: number;
  permission: number;
  holiday: number;
  day_off: number;
  pending: number;
}

export interface AttendanceStats {
  period: 'week' | 'month' | 'year';
  startDate: string;
  endDate: string | null;
  daysEvaluated: number;
  counts: StatusCounts;
  totalHours: number;
  workedDays: number;
  averageHoursPerDay: number;
  attendanceRate: number;
  timezone: string;
  /** Extension (decision 0036), period=year only: the hours month by month. */
  months?: { month: number; totalHours: number; workedDays: number }[];
}

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
export interface PunchData {
  action: 'check_in' | 'check_out';
  repeated: boolean;
  status: string;
  record: RecordView;
}
