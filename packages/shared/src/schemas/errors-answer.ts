import { z } from 'zod';

/**
 * The one error envelope (issue 20; its only home): plugins/answers.ts declares it for every route's 4xx and 5xx,
 * routes name their own statuses with `errorAnswers`, and the web reads failures through its type.
 * The body of every error answer, as plugins/error-handler.ts writes it: `{ message, code, errors? }` in the
 * request's language; a plan limit adds `feature` and `limit`. Loose: a refusal that carries one more field
 * is still declared rather than turned into a 500 by the serialiser.
 */
export const errorAnswer = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  feature: z.string().optional(),
  limit: z.number().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** `schema.response` entries for the error statuses a route may answer, all with the error envelope. */
export const errorAnswers = <S extends number>(...statuses: S[]) => Object.fromEntries(statuses.map((s) => [s, errorAnswer])) as Record<S, typeof errorAnswer>;

/**
 * The refusals any call behind a session may answer (bad input 400, no session 401, not allowed or plan limit
 * 403, rate limited 429, database away 503), plus the route's own (404, 409, ...).
 */
export const sessionErrorAnswers = <S extends number>(...more: S[]) => errorAnswers<S | 400 | 401 | 403 | 429 | 503>(400, 401, 403, 429, 503, ...more);

/** The error answers of a route of the signed-in areas (bad input, session, role/plan, not found, conflict, limits, outage). */
export const areaErrorAnswers = errorAnswers(400, 401, 403, 404, 409, 429, 503);
