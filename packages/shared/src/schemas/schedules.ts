import { z } from 'zod';

/** A work schedule (spec §3); times are "HH:mm" in the company's timezone, workDays "1,2,3" (Monday=1). */
export const scheduleAnswer = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakStartTime: z.string().nullable(),
  breakEndTime: z.string().nullable(),
  workDays: z.string(),
  lateToleranceMinutes: z.number(),
  allowEarlyCheckIn: z.boolean(),
  earlyCheckInMinutes: z.number(),
  countActualTime: z.boolean(),
  allowManualAttendance: z.boolean(),
  /** Employees may punch with the rotating on-screen QR (decision 0044). */
  allowQrAttendance: z.boolean(),
  isActive: z.boolean(),
  locationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The list's extensions: the location's name and how many employees follow the schedule. */
  location: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  _count: z.object({ employees: z.number() }).optional(),
});
export type Schedule = z.infer<typeof scheduleAnswer>;

/** The rules a schedule period keeps (the snapshot of docs/decisions/0013-attendance-history.md). */
export const scheduleSnapshotAnswer = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  startTime: z.string(),
  endTime: z.string(),
  breakStartTime: z.string().nullable().optional(),
  breakEndTime: z.string().nullable().optional(),
  workDays: z.string(),
  lateToleranceMinutes: z.number(),
  allowEarlyCheckIn: z.boolean(),
  earlyCheckInMinutes: z.number(),
  countActualTime: z.boolean(),
});

/** GET /employees/{id}/schedule-periods: what applied to the employee from each `validFrom` (a local day). */
export const schedulePeriodAnswer = z.object({
  validFrom: z.string(),
  active: z.boolean(),
  scheduleId: z.string().nullable(),
  schedule: scheduleSnapshotAnswer.nullable(),
});
