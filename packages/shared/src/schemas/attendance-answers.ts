import { z } from 'zod';
import { paginationSchema as paginationAnswer } from './common.js';
import { faceEvidence } from './face.js';

/** The spec's day statuses (§3 core day statuses plus pending), the one vocabulary of days. */
export const dayStatusAnswer = z.enum(['present', 'early', 'late', 'absent', 'permission', 'holiday', 'day_off', 'pending']);

const statusCounts = {
  present: z.number().int(),
  early: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  permission: z.number().int(),
  holiday: z.number().int(),
  day_off: z.number().int(),
  pending: z.number().int(),
};
export const statusCountsAnswer = z.object(statusCounts);

/** An attendance record as answered (presentRecord): never the evidence, the check-out GPS nor the chain hashes. */
export const attendanceRecordAnswer = z.object({
  id: z.string(),
  date: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  workHours: z.number().nullable(),
  /**
   * The day's status by the rules wherever the answer knows the day (history, calendars, the admin's list, reports:
   * a record on a holiday says 'holiday'); in a punch answer, the status stored when written.
   */
  status: z.string().nullable(),
  notes: z.string().nullable(),
  isPermission: z.boolean(),
  method: z.string().nullable(),
  isManual: z.boolean(),
  /** The admin's reason of a manual change (admin answers only). */
  manualReason: z.string().nullable().optional(),
  /** A permission without pay (admin answers only; decision 0059). */
  permissionUnpaid: z.boolean().optional(),
  incomplete: z.boolean(),
  /** Where the check-in was made, when the device sent it. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type AttendanceRecordAnswer = z.infer<typeof attendanceRecordAnswer>;

export const holidayNameAnswer = z.object({ name: z.string(), description: z.string().nullable() });

/** An employee's record with the day judged by the rules (status, hours) and the holiday that applied. */
export const judgedRecordAnswer = attendanceRecordAnswer.extend({ status: dayStatusAnswer, holiday: holidayNameAnswer.nullable() });
export type JudgedRecordAnswer = z.infer<typeof judgedRecordAnswer>;

const message = z.string();

/**
 * How each punch of a record was made (face match, liveness, link or kiosk, the device's place), for the admin's day
 * view only: each part through the declared `faceEvidence` (anything else the writer kept stays in the database).
 */
export const recordEvidenceAnswer = z.object({ checkIn: faceEvidence.nullable().optional(), checkOut: faceEvidence.nullable().optional() });

/** GET /employees/{id}/attendance query: `include=evidence` adds the punches' evidence (the admin's day view; an extension). */
export const employeeAttendanceQueryExtras = { include: z.enum(['evidence']).optional() };

/**
 * GET /employees/{id}/attendance (spec §7): the admin's list of one employee's records, newest first. Declared fields
 * only: no check-out place, no evidence unless asked for (`include=evidence`), no chain or audit internals.
 */
export const employeeAttendanceAnswer = z.object({
  data: z.array(attendanceRecordAnswer.extend({ evidence: recordEvidenceAnswer.nullable().optional() })),
  pagination: paginationAnswer,
});
export type EmployeeAttendanceAnswer = z.infer<typeof employeeAttendanceAnswer>;

/** POST and PUT /attendance. */
export const manualAttendanceAnswer = z.object({ data: attendanceRecordAnswer, message });
export type ManualAttendanceAnswer = z.infer<typeof manualAttendanceAnswer>;
/** DELETE /attendance/{id}, and any answer that only says what happened. */
// messageAnswer: common.ts (one home).

/** GET /attendance/weekly-summary. */
export const weeklySummaryAnswer = z.object({
  data: z.object({
    days: z.array(z.object({ date: z.string(), ...statusCounts, attendanceRate: z.number() })),
    totals: z.object({ ...statusCounts, attendanceRate: z.number() }),
    employees: z.number().int(),
  }),
});
export type WeeklySummaryAnswer = z.infer<typeof weeklySummaryAnswer>['data'];

const calendarSchedule = z.object({
  id: z.string().nullable(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakStartTime: z.string().nullable(),
  breakEndTime: z.string().nullable(),
  workDays: z.string(),
});

/** One cell of the monthly calendar (the record without hours, reason and place: those are the row's). */
export const calendarDayAnswer = z.object({
  date: z.string(),
  status: dayStatusAnswer,
  attendance: attendanceRecordAnswer.omit({ date: true, workHours: true, manualReason: true, location: true }).nullable(),
  workHours: z.number().nullable(),
  holiday: holidayNameAnswer.optional(),
});
export const calendarRowAnswer = z.object({
  employeeId: z.string(),
  employeeName: z.string(),
  employeeCode: z.string(),
  documentNumber: z.string().nullable(),
  position: z.string().nullable(),
  department: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  schedule: calendarSchedule.nullable(),
  periods: z.array(z.object({ from: z.string(), active: z.boolean(), schedule: calendarSchedule.nullable() })),
  days: z.array(calendarDayAnswer),
  stats: z.object({ ...statusCounts, attendanceRate: z.number(), totalHours: z.number(), leaveHours: z.number() }),
});
export type CalendarRowAnswer = z.infer<typeof calendarRowAnswer>;
/** GET /attendance/monthly-calendar (written as JSON bytes by the server: this schema documents it). */
export const monthlyCalendarAnswer = z.object({
  data: z.array(calendarRowAnswer),
  pagination: paginationAnswer,
  meta: z.object({ timezone: z.string(), month: z.number().int(), year: z.number().int() }),
});

/** GET /attendance/integrity (decision 0038). */
export const integrityAnswer = z.object({
  data: z.object({
    ok: z.boolean(),
    entries: z.number().int(),
    headHash: z.string(),
    broken: z.object({ seq: z.number().int().nullable(), recordId: z.string(), date: z.string(), reason: z.enum(['link', 'content', 'unchained']) }).optional(),
  }),
});
export type IntegrityAnswer = z.infer<typeof integrityAnswer>;

/** A schedule as the employee area shows it (workDays as numbers). */
export const workScheduleAnswer = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakStartTime: z.string().nullable(),
  breakEndTime: z.string().nullable(),
  workDays: z.array(z.number().int()),
  lateToleranceMinutes: z.number().int(),
  allowEarlyCheckIn: z.boolean(),
  earlyCheckInMinutes: z.number().int(),
  countActualTime: z.boolean(),
  allowManualAttendance: z.boolean(),
});

export type WorkScheduleAnswer = z.infer<typeof workScheduleAnswer>;
export type HolidayNameAnswer = z.infer<typeof holidayNameAnswer>;

/** GET /employee/attendance/today (spec §2 Attendance tab). */
export const todayAttendanceAnswer = z.object({
  data: z.object({
    date: z.string(),
    record: attendanceRecordAnswer.nullable(),
    status: dayStatusAnswer,
    holiday: holidayNameAnswer.nullable(),
    canCheckIn: z.boolean(),
    canCheckOut: z.boolean(),
    completed: z.boolean(),
    manualAllowed: z.boolean(),
    /** The schedule allows marking with a site's rotating QR (decision 0044). */
    qrAllowed: z.boolean().optional(),
    requiresLocation: z.boolean(),
    schedule: workScheduleAnswer.nullable(),
    serverTime: z.string(),
    localTime: z.string(),
    timezone: z.string(),
  }),
});
export type TodayAttendanceAnswer = z.infer<typeof todayAttendanceAnswer>['data'];

/** POST /employee/attendance/check-in and check-out. */
export const punchAnswer = z.object({
  data: z.object({ action: z.enum(['check_in', 'check_out']), repeated: z.boolean(), status: z.string().nullable(), record: attendanceRecordAnswer }),
  message,
});
export type PunchAnswer = z.infer<typeof punchAnswer>;

/** GET /employee/attendance/history (spec §2 History). */
export const attendanceHistoryAnswer = z.object({
  data: z.array(judgedRecordAnswer.extend({ holiday: holidayNameAnswer.nullable() })),
  pagination: paginationAnswer,
});
export type AttendanceHistoryAnswer = z.infer<typeof attendanceHistoryAnswer>;

/** GET /employee/attendance/stats (spec §9). */
export const attendanceStatsAnswer = z.object({
  data: z.object({
    period: z.enum(['week', 'month', 'year']),
    startDate: z.string(),
    endDate: z.string().nullable(),
    daysEvaluated: z.number().int(),
    counts: statusCountsAnswer,
    totalHours: z.number(),
    workedDays: z.number().int(),
    averageHoursPerDay: z.number(),
    attendanceRate: z.number(),
    timezone: z.string(),
    /** Extension (decision 0036): the year's hours month by month. */
    months: z.array(z.object({ month: z.number().int(), totalHours: z.number(), workedDays: z.number().int() })).optional(),
  }),
});
export type AttendanceStatsAnswer = z.infer<typeof attendanceStatsAnswer>['data'];

/** GET /employee/attendance/calendar (spec §7: days[]). */
export const employeeCalendarAnswer = z.object({
  data: z.object({
    year: z.number().int(),
    month: z.number().int(),
    timezone: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        status: dayStatusAnswer,
        record: attendanceRecordAnswer.nullable(),
        workHours: z.number().nullable(),
        holiday: holidayNameAnswer.nullable(),
      }),
    ),
    stats: z.object({ ...statusCounts, attendanceRate: z.number(), totalHours: z.number() }),
  }),
});
export type EmployeeCalendarAnswer = z.infer<typeof employeeCalendarAnswer>['data'];

/** GET /employee/dashboard (spec §3 employee dashboard). */
export const employeeDashboardAnswer = z.object({
  data: z.object({
    employee: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      employeeCode: z.string(),
      position: z.string().nullable(),
      department: z.string().nullable(),
      email: z.string().nullable(),
    }),
    schedule: workScheduleAnswer.nullable(),
    stats: z.object({ todayHours: z.number(), weeklyHours: z.number(), monthlyHours: z.number(), monthlyDays: z.number().int() }),
    today: attendanceRecordAnswer.nullable(),
    todayDate: z.string(),
    timezone: z.string(),
  }),
});
export type EmployeeDashboardAnswer = z.infer<typeof employeeDashboardAnswer>['data'];
export type CalendarDayAnswer = z.infer<typeof calendarDayAnswer>;
