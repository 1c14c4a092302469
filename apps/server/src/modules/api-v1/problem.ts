import { isMessageKey, type Language, type ProblemDetails, translate } from '@presente/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../errors.js';
import { type ErrorAnswerOf, errorAnswerOf } from '../../plugins/error-handler.js';

export const PROBLEM_TYPE = 'application/problem+json';

/** The `type` of a problem: a stable URI per product code (documented in docs/API.md). */
export const problemType = (code: string) => `urn:presente:problem:${code}`;

/** The product's error envelope as RFC 9457 problem details: the same status, code and translated message. */
export function toProblem({ status, body }: ErrorAnswerOf, lang: Language): ProblemDetails {
  const titleKey = `error.${body.code}`;
  const { message, code, errors, ...extra } = body;
  return {
    type: problemType(code),
    title: isMessageKey(titleKey) ? translate(titleKey, lang) : code,
    status,
    detail: message,
    code,
    ...(errors ? { errors } : {}),
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
  };
}

/** Sends an error as problem details (the public API's error handler and not-found handler). */
export function sendProblem(app: FastifyInstance, caught: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswerOf(app, caught, req, reply);
  return reply
    .code(answer.status)
    .type(PROBLEM_TYPE)
    .send(toProblem(answer, req.lang ?? 'es'));
}
