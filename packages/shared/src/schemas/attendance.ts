import { z } from 'zod';
import { HHMM, isIsoInstant, optionalText, pageQuery, rangeWithin, ymd } from './common.js';

export const geoPoint = z.object({
  latitude: z.number('attendance.locationInvalid').min(-90, 'attendance.locationInvalid').max(90, 'attendance.locationInvalid'),
  longitude: z.number('attendance.locationInvalid').min(-180, 'attendance.locationInvalid').max(180, 'attendance.locationInvalid'),
  accuracy: z.number('attendance.locationInvalid').min(0, 'attendance.locationInvalid').max(100_000, 'attendance.locationInvalid').optional(),
});
export type GeoPoint = z.infer<typeof geoPoint>;

/** Employee check-in/out body: optional location (spec §7). */
export const punchInput = z.object({ location: geoPoint.nullish() }).default({});

/**
 * A local time "HH:mm" (the form's, in the company's timezone) or a full ISO 8601 timestamp with its
 * time zone; empty, null or absent mean "not set". Anything else (a number, "1", a date alone) is refused.
 */
const timeOrIso = z
  .string('attendance.timeInvalid')
  .trim()
  .refine((v) => v === '' || HHMM.test(v) || isIsoInstant(v), 'attendance.timeInvalid')
  .transform((v) => v || null)
  .nullish();

const requiredReason = z.string('attendance.reasonRequired').trim().min(1, 'attendance.reasonRequired').max(500, 'validation.tooLong');
/** Absent, empty or blank is "not given": the server then falls back to the notes, else to "sin motivo indicado". */
const optionalReason = z
  .string('attendance.reasonRequired')
  .trim()
  .max(500, 'validation.tooLong')
  .nullish()
  .transform((v) => v || undefined);

const manualAttendanceFields = {
  employeeId: z.uuid('validation.idInvalid'),
  date: ymd('attendance.dateInvalid'),
  checkIn: timeOrIso,
  checkOut: timeOrIso,
  notes: optionalText(500),
  isPermission: z.boolean().default(false),
  /** A permission without pay (sin goce de haber): the payroll counts it apart (decision 0059). An extension. */
  unpaid: z.boolean().optional(),
};
const checkInUnlessPermission = (v: { isPermission: boolean; checkIn?: string | null }) => v.isPermission || !!v.checkIn;
const checkInRule = { path: ['checkIn'], message: 'attendance.checkInRequired' };

/**
 * Admin's manual attendance (spec §7 POST/PUT /attendance). The spec's payload is {employeeId, date, checkIn,
 * checkOut, notes, isPermission}: `reason` is an extension (issue 20 item 4; decision 0046). Without it the manual
 * change keeps the notes as its reason, else "sin motivo indicado", with its author (decision 0039).
 */
export const manualAttendanceInput = z.object({ ...manualAttendanceFields, reason: optionalReason }).refine(checkInUnlessPermission, checkInRule);
export type ManualAttendanceInput = z.input<typeof manualAttendanceInput>;

/** The web form's rules: the same fields, and every change made in the form states its own reason. */
export const manualAttendanceForm = z.object({ ...manualAttendanceFields, reason: requiredReason }).refine(checkInUnlessPermission, checkInRule);

/** DELETE /attendance/{id}: the reason is optional for a spec client (then "sin motivo indicado"); the web sends one. */
export const attendanceDeleteInput = z.object({ reason: optionalReason });

export const monthlyCalendarQuery = pageQuery.extend({
  employeeId: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  employeeName: z.string().trim().max(100).optional(),
  departmentId: z.union([z.uuid(), z.literal('none'), z.literal('')]).optional(),
  position: z.string().trim().max(120).optional(),
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});

export const weeklySummaryQuery = z.object({ startDate: ymd('attendance.dateInvalid'), endDate: ymd('attendance.dateInvalid') });
/** GET /employees/{id}/schedule-periods: what applied to an employee between two local days (the admin report). */
export const schedulePeriodsQuery = weeklySummaryQuery
  .refine((q) => q.startDate <= q.endDate, { message: 'attendance.dateInvalid', path: ['endDate'] })
  .refine(rangeWithin(), { message: 'validation.rangeTooLong', path: ['endDate'] });
