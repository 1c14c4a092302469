import { type PunchReviewAnswer, toLocal } from '@presente/shared';
import type { attendanceRecords, employees, punchReviews } from '../../db/schema/index.js';
import { presentEvidence } from '../attendance/read-model/record.js';

export interface ReviewRow {
  review: typeof punchReviews.$inferSelect;
  evidence: (typeof attendanceRecords.$inferSelect)['evidence'];
  employee: Pick<typeof employees.$inferSelect, 'id' | 'firstName' | 'lastName' | 'employeeCode'>;
}

/** A flagged punch as the admin's review list shows it: the punch's own evidence part, through the declared schema. */
export function presentReview({ review, evidence, employee }: ReviewRow, timezone: string): PunchReviewAnswer {
  const parts = presentEvidence(evidence);
  return {
    id: review.id,
    recordId: review.recordId,
    kind: review.kind,
    date: review.date,
    at: review.punchedAt.toISOString(),
    localTime: toLocal(review.punchedAt, timezone).time,
    employee: { id: employee.id, name: `${employee.firstName} ${employee.lastName}`, code: employee.employeeCode ?? null },
    reasons: review.reasons,
    evidence: (review.kind === 'check_in' ? parts?.checkIn : parts?.checkOut) ?? null,
    createdAt: review.createdAt.toISOString(),
  };
}
