import { z } from 'zod';
import { optionalText, pageQuery } from './common.js';

/**
 * Manual changes of attendance records and the worker's answer (decision 0039). The worker answers once:
 * "Conforme" (agreed) or "En desacuerdo" (disputed, with a comment).
 */
export const MANUAL_CHANGE_ANSWERS = ['pending', 'agreed', 'disputed'] as const;
export type ManualChangeAnswer = (typeof MANUAL_CHANGE_ANSWERS)[number];
export const MANUAL_CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ManualChangeAction = (typeof MANUAL_CHANGE_ACTIONS)[number];

export const manualChangeAnswerInput = z
  .object({
    answer: z.enum(['agreed', 'disputed'], 'manualChange.answerInvalid'),
    comment: optionalText(1000),
  })
  .refine((v) => v.answer !== 'disputed' || !!v.comment, { path: ['comment'], message: 'manualChange.commentRequired' });
export type ManualChangeAnswerInput = z.input<typeof manualChangeAnswerInput>;

const answerFilter = z
  .enum(MANUAL_CHANGE_ANSWERS)
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /employee/manual-changes: the worker's own, newest first. */
export const ownManualChangesQuery = pageQuery.extend({ answer: answerFilter });
/** GET /company-admin-simple/attendance/manual-changes: the company's, optionally one worker's. */
export const manualChangesQuery = ownManualChangesQuery.extend({
  employeeId: z
    .uuid('validation.idInvalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface ManualChangeValuesView {
  checkIn: string | null;
  checkOut: string | null;
  isPermission: boolean;
  notes: string | null;
}
/** One manual change as both the worker and the admin see it. */
export interface ManualChangeView {
  id: string;
  employeeId: string;
  employeeName: string;
  date: string;
  action: ManualChangeAction;
  authorName: string;
  reason: string | null;
  createdAt: string;
  previous: ManualChangeValuesView | null;
  next: ManualChangeValuesView | null;
  answer: ManualChangeAnswer;
  answerComment: string | null;
  answeredAt: string | null;
}
