import { z } from 'zod';

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day "YYYY-MM-DD" that exists (no 2026-02-30). */
export const ymd = (message = 'holiday.dateInvalid') =>
  z
    .string(message)
    .regex(YMD, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, message);

/**
 * A full ISO 8601 timestamp with its time zone: date, 'T', hours and minutes (seconds and fraction
 * optional), then Z or an offset. Anything vaguer ("1", "March 4", a date alone) is not an instant.
 */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  // The day must exist (Date.parse turns 2026-02-30 into 2 March).
  const day = new Date(`${m[1]}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === m[1];
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

/** Trimmed optional text; empty becomes null. */
export const optionalText = (max: number, tooLongKey = 'validation.tooLong') =>
  z
    .string()
    .trim()
    .max(max, tooLongKey)
    .nullish()
    .transform((v) => (v ? v : null));

/** Booleans as JSON booleans or the strings multipart/query strings carry. */
export const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The body of every error answer (`{ message, code, errors? }`; a few codes add fields), for the OpenAPI document. */
export const apiErrorBody = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
