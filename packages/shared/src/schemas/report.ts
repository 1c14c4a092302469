import { z } from 'zod';
import { schedulePeriodsQuery } from './attendance.js';
import { attendanceRecordAnswer, dayStatusAnswer, holidayNameAnswer, statusCountsAnswer } from './attendance-answers.js';

/**
 * One employee's attendance report over a period (spec §3 "Report"; issue 20 item 2: computed once, on the server,
 * by the attendance read model, for the admin's report and exports and the employee's own). The query: two local
 * days, at most a year apart.
 */
export const attendanceReportQuery = schedulePeriodsQuery;

/**
 * A record of the period with its day's status and hours by the shared rules (hours null when not computable), and
 * the holiday that applied to the employee that day (extension, decision 0055: the employee's export names it).
 */
export const reportLineAnswer = z.object({
  record: attendanceRecordAnswer,
  status: dayStatusAnswer,
  hours: z.number().nullable(),
  holiday: holidayNameAnswer.nullable(),
});
export type ReportLineAnswer = z.infer<typeof reportLineAnswer>;

export const attendanceReport = z.object({
  employee: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    employeeCode: z.string(),
    email: z.string(),
    position: z.string().nullable(),
    department: z.string().nullable(),
  }),
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string(),
  /** The period's records, oldest first. */
  attendances: z.array(reportLineAnswer),
  /** Every day of the period up to today (company timezone) by its status; days to come count for nothing yet. */
  counts: statusCountsAnswer,
  presentDays: z.number().int(),
  earlyDays: z.number().int(),
  lateDays: z.number().int(),
  absentDays: z.number().int(),
  permissionDays: z.number().int(),
  holidayDays: z.number().int(),
  dayOffDays: z.number().int(),
  /** Hours worked; a justified permission's hours are paid leave, summed apart in leaveHours (decision 0037). */
  totalHours: z.number(),
  leaveHours: z.number(),
  /**
   * Extension (decision 0055): the records with computable hours, and their hours (worked and paid leave) per such
   * record, to 2 decimals; the same figures as GET /employee/attendance/stats gives for the period.
   */
  workedDays: z.number().int(),
  averageHoursPerDay: z.number(),
  /** Spec §9: (present+early+late+permission) / (that + absent); holidays and days off excluded. */
  attendanceRate: z.number(),
});
export type AttendanceReport = z.infer<typeof attendanceReport>;

/** GET /employees/{id}/report and GET /employee/attendance/report (documented extensions). */
export const attendanceReportAnswer = z.object({ data: attendanceReport });
