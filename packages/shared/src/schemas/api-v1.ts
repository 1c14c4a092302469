import { z } from 'zod';
import { attendanceRecordAnswer } from './attendance-answers.js';
import { rangeWithin, ymd } from './common.js';

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
