import { z } from 'zod';

/**
 * The error envelope every route answers on a 4xx/5xx (apps/server/src/plugins/error-handler.ts): a message in the
 * reader's language, a stable code and, for bad input, the fields at fault.
 */
export const errorAnswer = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** The error answers a route of the signed-in areas declares (bad input, session, role/plan, not found, limits, outage). */
export const errorAnswers = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  429: errorAnswer,
  503: errorAnswer,
} as const;
