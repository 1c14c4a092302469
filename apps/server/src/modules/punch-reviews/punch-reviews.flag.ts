import { evidenceReasons, type PunchReviewReason, type ReviewEvidence, timingReasons } from '@presente/shared';
import { punchReviews } from '../../db/schema/index.js';
import type { PunchRequest } from '../attendance/punch.service.js';
import { queuePunchFlagged } from '../webhooks/outbox.js';

/**
 * The hook a kiosk punch runs inside its transaction (decision 0061): the reasons of its evidence (match margin,
 * liveness) and of its time (the schedule in force); with any, the punch goes to review and `punch.flagged` is
 * queued in the outbox, both committed with the punch or not at all. Returns the deliveries queued.
 */
export function flagForReview(evidence: ReviewEvidence, extra: PunchReviewReason[] = []): NonNullable<PunchRequest['afterWrite']> {
  return async (tx, { record, kind, at, schedule, timezone }) => {
    const reasons = [...evidenceReasons(evidence), ...timingReasons(at, schedule, record.date, timezone), ...extra];
    if (!reasons.length) return 0;
    const [review] = await tx
      .insert(punchReviews)
      .values({ companyId: record.companyId, recordId: record.id, employeeId: record.employeeId, date: record.date, kind, punchedAt: at, reasons })
      .onConflictDoNothing()
      .returning();
    if (!review) return 0;
    return queuePunchFlagged(tx, record, { id: review.id, kind, date: record.date, at: at.toISOString(), reasons });
  };
}
