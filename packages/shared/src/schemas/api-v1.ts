import { z } from 'zod';
import { attendanceRecordAnswer } from './attendance-answers.js';
import { REGISTER_FORMATS } from './billing.js';
import { rangeWithin, ymd } from './common.js';
import { MANUAL_CHANGE_ACTIONS, MANUAL_CHANGE_ANSWERS } from './manual-changes.js';

/**
 * The public API under /api/v1 (decision 0048): a key's company only, cursor paging, RFC 9457 problem details.
 * The answers are the product's declared schemas (employees, departments, ...) inside `{ data, nextCursor }`.
 */
export const V1_MAX_LIMIT = 200;
export const V1_DEFAULT_LIMIT = 50;

/** `cursor`: the `nextCursor` of the previous page, as it came (opaque); `limit`: 1-200 (50). */
export const v1PageQuery = z.object({
  cursor: z.string().max(512, 'integrations.cursorInvalid').optional(),
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(V1_MAX_LIMIT, 'validation.invalid')
    .default(V1_DEFAULT_LIMIT),
});

/** One page: the rows and the cursor of the next page (null on the last). */
export const v1Page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });
export const v1One = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Attendance records: a date range (both included, at most 397 days), optionally one employee. */
export const v1AttendanceQuery = v1PageQuery
  .extend({
    from: ymd('integrations.rangeInvalid'),
    to: ymd('integrations.rangeInvalid'),
    employeeId: z.uuid('validation.idInvalid').optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'integrations.rangeInvalid', path: ['to'] })
  .refine((q) => rangeWithin()({ startDate: q.from, endDate: q.to }), { message: 'integrations.rangeInvalid', path: ['to'] });

/** What the public API tells of a punch's evidence: where it was made and whether liveness passed; never a template or a frame. */
export const v1EvidenceSummary = z.object({
  linkName: z.string().nullable(),
  kioskName: z.string().nullable(),
  livenessPassed: z.boolean().nullable(),
});
export const v1AttendanceRecord = attendanceRecordAnswer.extend({
  employeeId: z.string(),
  evidence: z.object({ checkIn: v1EvidenceSummary.nullable(), checkOut: v1EvidenceSummary.nullable() }),
});
export type V1AttendanceRecord = z.infer<typeof v1AttendanceRecord>;

/** The payroll summary's period (decision 0047), JSON only. */
export const v1PayrollQuery = z.object({ from: ymd('payroll.periodInvalid'), to: ymd('payroll.periodInvalid') });

const registerMonth = z.string('register.rangeInvalid').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'register.rangeInvalid');
/** Peru's register of a month range (YYYY-MM, both included, at most 60 months; decision 0061): its lines, paged. */
export const v1RegisterQuery = v1PageQuery.extend({ from: registerMonth, to: registerMonth });
/** The register's file for a month range, as the admin's export writes it (Excel or PDF). */
export const v1RegisterFileQuery = z.object({
  from: registerMonth,
  to: registerMonth,
  format: z.enum(REGISTER_FORMATS, 'validation.invalid').default('xlsx'),
  lang: z.enum(['es', 'en'], 'validation.invalid').optional(),
});

/**
 * One line of Peru's "Registro de Control de Asistencia" (decision 0037): a worker's work day with a record, or a
 * holiday that applied to them. Times are the company's local HH:MM ('' when none); hours as the register prints them.
 */
export const v1RegisterLine = z.object({
  employeeId: z.string(),
  worker: z.string(),
  documentType: z.string().nullable(),
  document: z.string(),
  code: z.string(),
  date: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  hours: z.number().nullable(),
  /** The part of `hours` outside the workday (null on an open shift). */
  outside: z.number().nullable(),
  /** Paid leave hours of a justified permission. */
  leave: z.number().nullable(),
  open: z.boolean(),
  manual: z.boolean(),
  incomplete: z.boolean(),
  permission: z.boolean(),
  holiday: z.string().nullable(),
  notes: z.string(),
  /**
   * Which punches a kiosk captured offline (decision 0075): their times are the device's capture times, counted from
   * its last contact with the server (the register's files say so in the remarks).
   */
  offline: z.object({ checkIn: z.boolean(), checkOut: z.boolean() }),
  /** The record's manual changes, oldest first, with the worker's answer (decision 0039). */
  changes: z.array(
    z.object({
      at: z.string(),
      action: z.enum(MANUAL_CHANGE_ACTIONS),
      author: z.string(),
      reason: z.string().nullable(),
      answer: z.enum(MANUAL_CHANGE_ANSWERS),
      answerComment: z.string().nullable(),
      answeredAt: z.string().nullable(),
    }),
  ),
});
export type V1RegisterLine = z.infer<typeof v1RegisterLine>;

/** RFC 9457 problem details, with the product's stable `code` and the field errors of a refused body. */
export const problemDetails = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;
