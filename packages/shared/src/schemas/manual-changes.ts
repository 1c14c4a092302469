import { z } from 'zod';
import { optionalText, pageQuery, paginationSchema } from './common.js';

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

/** The values of a record before or after a manual change. */
export const manualChangeValuesView = z.object({
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  isPermission: z.boolean(),
  notes: z.string().nullable(),
});
export type ManualChangeValuesView = z.infer<typeof manualChangeValuesView>;

/** One manual change as both the worker and the admin see it. */
export const manualChangeView = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  date: z.string(),
  action: z.enum(MANUAL_CHANGE_ACTIONS),
  authorName: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  previous: manualChangeValuesView.nullable(),
  next: manualChangeValuesView.nullable(),
  answer: z.enum(MANUAL_CHANGE_ANSWERS),
  answerComment: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ManualChangeView = z.infer<typeof manualChangeView>;

/** GET /employee/manual-changes and /company-admin-simple/attendance/manual-changes: a page, and how many await an answer. */
export const manualChangesPage = z.object({
  data: z.object({ changes: z.array(manualChangeView), pending: z.number() }),
  pagination: paginationSchema,
});
export type ManualChangesPage = z.infer<typeof manualChangesPage>;
