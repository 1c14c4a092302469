import { z } from 'zod';
import { DATE_YEARS, MAX_RANGE_DAYS } from '../constants.js';

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Why a "YYYY-MM-DD" text is not a day of the product's calendar, or null when it is one. */
export function dayProblem(value: string, minYear: number = DATE_YEARS.min): 'format' | 'range' | null {
  // Stryker disable next-line ConditionalExpression: a shortcut: the round trip through toISOString below refuses every text that is not a real YYYY-MM-DD
  if (!YMD.test(value)) return 'format';
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return 'format';
  const year = Number(value.slice(0, 4));
  return year < minYear || year > DATE_YEARS.max ? 'range' : null;
}

/**
 * A calendar day "YYYY-MM-DD" that exists (no 2026-02-30) within the product's years (DATE_YEARS,
 * 2000-2100; `minYear` lowers the floor, e.g. for hire dates). One message per value: `requiredMessage`
 * when empty or missing, `message` for a malformed day, `rangeMessage` for a real day outside the years
 * (decision 0020).
 */
export const ymd = (
  message = 'holiday.dateInvalid',
  { minYear = DATE_YEARS.min as number, rangeMessage = 'validation.dateOutOfRange', requiredMessage = 'validation.dateRequired' } = {},
) =>
  z.string(requiredMessage).superRefine((v, ctx) => {
    const problem = v.trim() === '' ? 'required' : dayProblem(v, minYear);
    if (problem)
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the issue's code is never shown: the error answer and the forms carry path and message only
        code: 'custom',
        message: problem === 'range' ? rangeMessage : problem === 'required' ? requiredMessage : message,
        input: v,
      });
  });

/** Days from start to end inclusive, for a range check before any work (0 when end is before start). */
export function rangeDays(startDate: string, endDate: string): number {
  return Math.max(0, Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1);
}
/** A range query's rule: at most `maxDays` days (MAX_RANGE_DAYS by default); the order is another rule's. */
export const rangeWithin =
  (maxDays: number = MAX_RANGE_DAYS) =>
  (v: { startDate?: string | null; endDate?: string | null }) =>
    !v.startDate || !v.endDate || rangeDays(v.startDate, v.endDate) <= maxDays;

/**
 * A full ISO 8601 timestamp with its time zone: date, 'T', hours and minutes (seconds and fraction
 * optional), then Z or an offset. Anything vaguer ("1", "March 4", a date alone) is not an instant.
 */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;
export function isIsoInstant(value: string): boolean {
  return instantProblem(value) === null;
}
/** Why a text is not an instant of the product's calendar (its day must exist, within DATE_YEARS), or null. */
export function instantProblem(value: string): 'format' | 'range' | null {
  const m = ISO_INSTANT.exec(value);
  // The day must exist (Date.parse turns 2026-02-30 into 2 March).
  return m ? dayProblem(m[1]) : 'format';
}

/** A local time "HH:mm"; empty means "not set" where optional. */
export const hhmm = (requiredKey: string) => z.string(requiredKey).trim().min(1, requiredKey).regex(HHMM, 'schedule.timeInvalid');
export const optionalHhmm = z
  .string()
  .trim()
  .regex(HHMM, 'schedule.timeInvalid')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

/** An optional reference to another row: '', null or absent mean none. */
export const optionalId = z
  .union([z.uuid('validation.idInvalid'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const idParam = z.object({ id: z.uuid('validation.idInvalid') });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});

export function pagination(page: number, limit: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pages, totalPages: pages };
}
export const paginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number(), totalPages: z.number() });
export type PaginationAnswer = z.infer<typeof paginationSchema>;

/** Trimmed optional text; empty becomes null. */
export const optionalText = (max: number, tooLongKey = 'validation.tooLong') =>
  z
    .string()
    .trim()
    .max(max, tooLongKey)
    .nullish()
    .transform((v) => (v ? v : null));

/** A phone as people write it: an optional +, then digits, spaces, dots, dashes and parentheses, 6 digits at least. */
export const PHONE = /^\+?[\d\s().-]{6,}$/;
export const isPhone = (v: string) => PHONE.test(v) && v.replace(/\D/g, '').length >= 6;
/** An optional phone: '' or null mean none; "abc" is refused with a clear message (walk-through finding 16). */
export const optionalPhone = z
  .string()
  .trim()
  .max(40, 'validation.tooLong')
  .refine((v) => v === '' || isPhone(v), 'employeeArea.phoneInvalid')
  .nullish()
  .transform((v) => (v ? v : null));

/** Booleans as JSON booleans or the strings multipart/query strings carry. */
export const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The usual success envelope: `{ data, message? }`. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });
/** A page of a list: `{ data: item[], pagination }` (spec §7 lists). */
export const pageAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });
/** A success answer that only says what happened. */
export const messageAnswer = z.object({ message: z.string() });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Content types of the files the API answers. */
export const FILE_TYPES = { xlsx: XLSX, pdf: 'application/pdf', csv: 'text/csv', html: 'text/html' } as const;

/**
 * The declared answer of a route that answers a file or a page, not JSON (issue 20): its content types,
 * each a binary string, with what it is. Fastify sends the bytes as they are; the OpenAPI document lists them.
 */
export const fileAnswer = (description: string, types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary', description }) }])),
});
