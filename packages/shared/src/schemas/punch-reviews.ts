import { z } from 'zod';
import { PUNCH_REVIEW_REASONS } from '../attendance/punch-review.js';
import { faceEvidence } from './face.js';

/** One reason a punch went to review (decision 0061): the code, the measured value and the limit it crossed. */
export const punchReviewReasonAnswer = z.object({
  code: z.enum(PUNCH_REVIEW_REASONS),
  measure: z.string().optional(),
  value: z.number().nullable(),
  limit: z.number().nullable(),
});

/** A kiosk punch flagged for review, with its evidence (the admin's "Marcaciones por revisar"). */
export const punchReviewAnswer = z.object({
  id: z.string(),
  recordId: z.string(),
  kind: z.enum(['check_in', 'check_out']),
  date: z.string(),
  /** The punch's instant (ISO) and its local time in the company's timezone. */
  at: z.string(),
  localTime: z.string(),
  employee: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }),
  reasons: z.array(punchReviewReasonAnswer),
  /** What the kiosk kept of the punch (no frame is stored): kiosk, distances, liveness. */
  evidence: faceEvidence.nullable(),
  createdAt: z.string(),
});
export type PunchReviewAnswer = z.infer<typeof punchReviewAnswer>;

export const punchReviewList = z.object({ data: z.array(punchReviewAnswer), total: z.number().int() });
export const punchReviewCount = z.object({ data: z.object({ open: z.number().int() }) });
export type PunchReviewCount = z.infer<typeof punchReviewCount>['data'];

const reason = z.string('punchReview.reasonRequired').trim().min(1, 'punchReview.reasonRequired').max(500, 'validation.tooLong');
/** POST .../reviews/{id}/annul: the reason is required (it is the manual change's reason). */
export const punchReviewAnnulInput = z.object({ reason });
export type PunchReviewAnnulInput = z.input<typeof punchReviewAnnulInput>;
