import {
  type AttendanceRecordAnswer,
  type AttendanceReport,
  attendanceHistoryAnswer,
  employeeActivityAnswer,
  employeeProfileGetAnswer,
  type SessionUser,
  todayAttendanceAnswer,
} from '@presente/shared';
import type { z } from 'zod';
import { mockAnswer, mockPage, sessionRoutes } from '../../../test/answers';
import type { MockRoutes } from '../../../test/renderApp';
import type { Activity, EmployeeProfile, ScheduleView, TodayAttendance } from '../types';

/** Fixtures of the employee-area tests: a Lima company, one employee, a day shift. */
export const EMPLOYEE_USER: SessionUser = {
  id: 'u5',
  userId: 'u5',
  name: 'Luis Quispe',
  email: 'luis@andes.pe',
  role: 'EMPLOYEE',
  userType: 'EMPLOYEE',
  companyId: 'c9',
};

export const SHIFT: ScheduleView = {
  id: 's1',
  name: 'Turno mañana',
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: [1, 2, 3, 4, 5],
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
  allowManualAttendance: true,
};

export function today(overrides: Partial<TodayAttendance> = {}): TodayAttendance {
  return {
    date: '2026-05-04',
    record: null,
    status: 'pending',
    holiday: null,
    canCheckIn: true,
    canCheckOut: false,
    completed: false,
    manualAllowed: true,
    requiresLocation: false,
    schedule: SHIFT,
    serverTime: new Date().toISOString(),
    localTime: '08:01',
    timezone: 'America/Lima',
    ...overrides,
  };
}

export const CHECKED_IN: AttendanceRecordAnswer = {
  id: 'r1',
  date: '2026-05-04',
  checkIn: '2026-05-04T13:02:00.000Z',
  checkOut: null,
  workHours: null,
  status: 'present',
  notes: null,
  isPermission: false,
  method: 'web',
  isManual: false,
  incomplete: false,
  location: null,
};

export const CHECKED_OUT: AttendanceRecordAnswer = { ...CHECKED_IN, checkOut: '2026-05-04T22:05:00.000Z', workHours: 8.05 };

/** May 2026 as GET /employee/attendance/report answers it (oldest record first). */
export const MAY_REPORT: AttendanceReport = {
  employee: { id: 'e1', firstName: 'Lucía', lastName: 'Huamán Torres', employeeCode: 'EMP-014', email: 'lucia@andes.pe', position: null, department: null },
  startDate: '2026-05-01',
  endDate: '2026-05-31',
  timezone: 'America/Lima',
  attendances: [
    {
      record: { ...CHECKED_OUT, id: 'r2', date: '2026-05-01', status: 'holiday', notes: null },
      status: 'holiday',
      hours: 4,
      holiday: { name: 'Día del Trabajo', description: null },
    },
    { record: { ...CHECKED_OUT, status: 'present', notes: '=HYPERLINK("http://x")\u0007' }, status: 'present', hours: 8.05, holiday: null },
  ],
  counts: { present: 18, early: 2, late: 1, absent: 0, permission: 1, holiday: 1, day_off: 8, pending: 0 },
  presentDays: 18,
  earlyDays: 2,
  lateDays: 1,
  absentDays: 0,
  permissionDays: 1,
  holidayDays: 1,
  dayOffDays: 8,
  totalHours: 169.456,
  leaveHours: 3,
  workedDays: 21,
  averageHoursPerDay: 8.21,
  attendanceRate: 100,
};

export const PROFILE: EmployeeProfile = {
  id: 'e1',
  firstName: 'Luis',
  lastName: 'Quispe',
  email: 'luis@andes.pe',
  employeeCode: 'EMP-001',
  documentNumber: null,
  position: 'Operario',
  phone: null,
  status: 'ACTIVE',
  hireDate: null,
  createdAt: '2026-01-10T15:00:00.000Z',
  department: { id: 'd1', name: 'Producción' },
  schedule: { id: 's1', name: 'Turno mañana', startTime: '08:00', endTime: '17:00' },
  company: { id: 'c9', name: 'Andes SAC', timezone: 'America/Lima' },
  account: { email: 'luis@andes.pe', name: 'Luis Quispe', role: 'EMPLOYEE' },
};

export function activity(n: number, overrides: Partial<Activity> = {}): Activity {
  return {
    id: `a${n}`,
    type: 'attendance_check_in',
    title: 'Entrada registrada',
    description: null,
    timestamp: new Date().toISOString(),
    adminName: null,
    details: { date: '2026-05-04', checkIn: '2026-05-04T13:02:00.000Z', status: 'present', method: 'web', location: null },
    ...overrides,
  };
}

export const pagination = (total: number) => ({
  page: 1,
  limit: 10,
  total,
  pages: Math.max(1, Math.ceil(total / 10)),
  totalPages: Math.max(1, Math.ceil(total / 10)),
});
/** GET /employee/attendance/history through its declared answer. */
export const historyPage = (records: z.input<typeof attendanceHistoryAnswer>['data'], total = records.length) =>
  mockPage(attendanceHistoryAnswer, records, {}, total);

/** GET /employee/activity through its declared answer (timezone included). */
export const activityPage = (entries: Activity[], total = entries.length) =>
  mockAnswer(employeeActivityAnswer, { data: entries, pagination: pagination(total), timezone: 'America/Lima' });

/** The answers of the employee's session, its company and its day, through their declared schemas. */
export const answers = {
  today: (overrides: Partial<TodayAttendance> = {}) => mockAnswer(todayAttendanceAnswer, { data: today(overrides) }),
  profile: mockAnswer(employeeProfileGetAnswer, { data: PROFILE }),
};

/** Session and company config of the employee; override any route per test. */
export function employeeRoutes(overrides: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(EMPLOYEE_USER),
    'GET /api/employee/attendance/today': answers.today(),
    'GET /api/employee/profile': answers.profile,
    'GET /api/employee/activity': activityPage([]),
    ...overrides,
  };
}
