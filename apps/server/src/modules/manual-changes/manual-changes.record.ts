import type { ManualChangeAction } from '@presente/shared';
import type { Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { jobs, type ManualChangeValues, manualChanges } from '../../db/schema/index.js';
import { MANUAL_CHANGE_MAIL, type ManualChangeMailPayload } from './manual-changes.mail.js';

type RecordLike = { checkIn: Date | null; checkOut: Date | null; isPermission: boolean; notes: string | null; status: string | null };

/** A record's values as a manual change keeps them (times as ISO instants). */
export const changeValues = (r: RecordLike | undefined | null): ManualChangeValues | null =>
  r
    ? { checkIn: r.checkIn?.toISOString() ?? null, checkOut: r.checkOut?.toISOString() ?? null, isPermission: r.isPermission, notes: r.notes, status: r.status }
    : null;

/**
 * Records one manual change inside the caller's transaction (decision 0039): the author's name as it is now (it
 * outlives the account), the reason, the values before and after, pending the worker's answer; and, in the same
 * transaction, the job that mails the worker (the job skips a worker without a usable address).
 */
export async function recordManualChange(
  tx: Db,
  ctx: Pick<Ctx, 'actor' | 'lang' | 'publicUrl'>,
  change: {
    companyId: string;
    employeeId: string;
    recordId: string;
    date: string;
    action: ManualChangeAction;
    reason: string | null;
    previous: RecordLike | null | undefined;
    next: RecordLike | null | undefined;
    /** The receipt issued for this entry (decision 0053), printed in the mail. */
    receiptCode?: string | null;
  },
) {
  const [row] = await tx
    .insert(manualChanges)
    .values({
      companyId: change.companyId,
      employeeId: change.employeeId,
      recordId: change.recordId,
      date: change.date,
      action: change.action,
      authorUserId: ctx.actor?.userId ?? null,
      authorName: ctx.actor?.name ?? '',
      reason: change.reason?.trim() || null,
      previous: changeValues(change.previous),
      next: changeValues(change.next),
    })
    .returning({ id: manualChanges.id });
  const payload: ManualChangeMailPayload = { changeId: row!.id, lang: ctx.lang, linkBase: ctx.publicUrl, receiptCode: change.receiptCode ?? null };
  await tx.insert(jobs).values({ type: MANUAL_CHANGE_MAIL, payload: { ...payload }, runAt: new Date(), dedupeKey: `${MANUAL_CHANGE_MAIL}:${row!.id}` });
  return row!.id;
}
