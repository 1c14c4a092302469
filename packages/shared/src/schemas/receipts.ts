import { z } from 'zod';
import { pageQuery, paginationSchema } from './common.js';

/**
 * A receipt per punch (issue 19 item 7, decision 0053): what the worker gets after each check-in, check-out or
 * manual entry, and the short verification code (from the punch's hash-chain entry, decision 0038) that the
 * admin's integrity page resolves back to the punch.
 */
export const RECEIPT_KINDS = ['check_in', 'check_out', 'manual'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** XXXX-XXXX-XXXX: the first 12 hexadecimal digits of the chain entry's hash, upper case. */
export const RECEIPT_CODE_LENGTH = 12;
export const formatReceiptCode = (hash: string) => {
  // Stryker disable next-line MethodExpression: the three slices below read only the first 12 characters anyway
  const c = hash.slice(0, RECEIPT_CODE_LENGTH).toUpperCase();
  return `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8, 12)}`;
};
/** A typed code, tolerant of case, spaces and dashes: the 12 hex digits, or null. */
export const normalizeReceiptCode = (raw: string) => {
  const c = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-F]{12}$/.test(c) ? c : null;
};

export const receiptCodeParam = z.object({
  code: z
    .string()
    .max(40, 'receipt.codeInvalid')
    .refine((v) => normalizeReceiptCode(v) !== null, 'receipt.codeInvalid'),
});

export const receiptView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  /** The work date of the shift (YYYY-MM-DD). */
  date: z.string(),
  /** Entry and exit as ISO instants, and as HH:mm in the company's timezone. */
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  checkInTime: z.string().nullable(),
  checkOutTime: z.string().nullable(),
  method: z.string(),
  place: z.string().nullable(),
  issuedAt: z.string(),
});
export type ReceiptView = z.infer<typeof receiptView>;

/** GET /employee/receipts: the worker's own, newest first. */
export const ownReceiptsQuery = pageQuery;
export const receiptsPage = z.object({ data: z.object({ receipts: z.array(receiptView) }), pagination: paginationSchema });
export type ReceiptsPage = z.infer<typeof receiptsPage>;

/** GET /company-admin-simple/attendance/receipts/{code}: the punch a code names, and whether its chain entry still matches. */
export const receiptLookupAnswer = z.object({
  data: receiptView.extend({ employeeId: z.string(), employeeName: z.string(), seq: z.number().int(), chainMatches: z.boolean() }),
});
