import {
  formatReceiptCode,
  normalizeReceiptCode,
  type ownReceiptsQuery,
  pagination,
  RECEIPT_CODE_LENGTH,
  type ReceiptKind,
  type ReceiptView,
  toLocal,
} from '@presente/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { attendanceChain, companies, employees, jobs, punchReceipts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { ChainHead } from '../attendance/chain.js';
import { loadSelf } from '../employee-area/self.service.js';
import { mailable } from '../manual-changes/manual-changes.mail.js';

/** Receipts per punch (docs/decisions/0053-receipt-per-punch.md). */
export const RECEIPT_MAIL = 'attendance.receipt-mail';

type Row = typeof punchReceipts.$inferSelect;
type Exec = Pick<Db, 'insert'>;

/** The code of a chain entry: its hash's first 12 hex digits, as stored (upper case, no dashes). */
export const receiptCodeOf = (hash: string) => hash.slice(0, RECEIPT_CODE_LENGTH).toUpperCase();

/** What one receipt is issued from: the punch just written and the chain entry it appended. */
export interface ReceiptOf {
  companyId: string;
  employeeId: string;
  email: string | null;
  record: { id: string; date: string; checkIn: Date | null; checkOut: Date | null };
  entry: ChainHead;
  kind: ReceiptKind;
  method: string;
  place: string | null;
}

/**
 * Issues the receipt of one punch inside the punch's transaction, from the chain entry the punch just appended;
 * queues its mail (the durable job) when the worker has a usable address. Returns the code as printed.
 */
export async function issueReceipt(tx: Exec, r: ReceiptOf) {
  const [code] = await issueReceipts(tx, [r]);
  return code;
}

/** The receipts of several punches written in one transaction (a batch of check-ins, decision 0068): two statements at most. */
export async function issueReceipts(tx: Exec, list: ReceiptOf[]): Promise<string[]> {
  if (!list.length) return [];
  const rows = await insertRows(
    tx,
    punchReceipts,
    list.map((r) => ({
      companyId: r.companyId,
      employeeId: r.employeeId,
      recordId: r.record.id,
      chainSeq: r.entry.seq,
      code: receiptCodeOf(r.entry.hash),
      kind: r.kind,
      date: r.record.date,
      checkIn: r.record.checkIn,
      checkOut: r.kind === 'check_in' ? null : r.record.checkOut,
      method: r.method,
      place: r.place?.slice(0, 200) ?? null,
    })),
  ).returning({ id: punchReceipts.id, recordId: punchReceipts.recordId });
  // Matched by record (one receipt per punch written), not by the order RETURNING happens to keep.
  const emails = new Map(list.map((r) => [r.record.id, r.email]));
  const mails = rows.filter((row) => mailable(emails.get(row.recordId)));
  if (mails.length) {
    await insertRows(
      tx,
      jobs,
      mails.map((row) => ({ type: RECEIPT_MAIL, payload: { receiptId: row.id }, runAt: new Date(), dedupeKey: `${RECEIPT_MAIL}:${row.id}` })),
    );
  }
  return list.map((r) => formatReceiptCode(r.entry.hash));
}

const hhmm = (d: Date | null, timezone: string) => (d ? toLocal(d, timezone).time : null);

/** The presenter: what the worker and the admin see of a receipt (no chain internals, no ids but its own). */
export function receiptView(r: Row, timezone: string): ReceiptView {
  return {
    id: r.id,
    code: formatReceiptCode(r.code),
    kind: r.kind,
    date: r.date,
    checkIn: r.checkIn?.toISOString() ?? null,
    checkOut: r.checkOut?.toISOString() ?? null,
    checkInTime: hhmm(r.checkIn, timezone),
    checkOutTime: hhmm(r.checkOut, timezone),
    method: r.method,
    place: r.place,
    issuedAt: r.createdAt.toISOString(),
  };
}

/** The worker's own receipts, newest first (the employee from the session, never from the request). */
export async function ownReceipts(ctx: Ctx, q: z.output<typeof ownReceiptsQuery>) {
  const self = await loadSelf(ctx.db, ctx.actor);
  const where = and(eq(punchReceipts.companyId, self.company.id), eq(punchReceipts.employeeId, self.employee.id))!;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(punchReceipts)
      .where(where)
      .orderBy(desc(punchReceipts.createdAt), desc(punchReceipts.chainSeq))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(punchReceipts).where(where),
  ]);
  return {
    data: { receipts: rows.map((r) => receiptView(r, self.company.timezone)) },
    pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)),
  };
}

/**
 * The admin resolves a code to the punch, within their own company only (another company's code: 404), and is
 * told whether the chain entry the code came from still carries it (false: the chain was rewritten).
 */
export async function lookupReceipt(ctx: Ctx, rawCode: string) {
  const companyId = requireCompany(ctx.actor);
  const code = normalizeReceiptCode(rawCode);
  if (!code) throw new AppError('validation_failed', 'receipt.codeInvalid', {}, [{ path: 'code', message: 'receipt.codeInvalid' }]);
  const [row] = await ctx.db
    .select({ receipt: punchReceipts, firstName: employees.firstName, lastName: employees.lastName, timezone: companies.timezone, hash: attendanceChain.hash })
    .from(punchReceipts)
    .innerJoin(employees, eq(employees.id, punchReceipts.employeeId))
    .innerJoin(companies, eq(companies.id, punchReceipts.companyId))
    .leftJoin(attendanceChain, and(eq(attendanceChain.companyId, punchReceipts.companyId), eq(attendanceChain.seq, punchReceipts.chainSeq)))
    .where(and(eq(punchReceipts.companyId, companyId), eq(punchReceipts.code, code)))
    .orderBy(desc(punchReceipts.createdAt))
    .limit(1);
  if (!row) throw new AppError('not_found', 'receipt.notFound');
  return {
    ...receiptView(row.receipt, row.timezone),
    employeeId: row.receipt.employeeId,
    employeeName: `${row.firstName} ${row.lastName}`,
    seq: row.receipt.chainSeq,
    chainMatches: !!row.hash && receiptCodeOf(row.hash) === code,
  };
}
