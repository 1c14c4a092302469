import { describe, expect, it } from 'vitest';
import { areaErrorAnswers, errorAnswer, errorAnswers, sessionErrorAnswers } from './errors-answer.js';

describe('error answers', () => {
  it('declare the one envelope for each status a route names', () => {
    expect(errorAnswers(404, 409)).toEqual({ 404: errorAnswer, 409: errorAnswer });
    expect(Object.keys(sessionErrorAnswers(404)).map(Number)).toEqual([400, 401, 403, 404, 429, 503]);
    expect(Object.keys(areaErrorAnswers).map(Number)).toEqual([400, 401, 403, 404, 409, 429, 503]);
  });
  it('keep a field the envelope does not name, and need the message and code', () => {
    const body = { message: 'Límite del plan', code: 'PLAN_LIMIT', feature: 'export', limit: 5, extra: 1 };
    expect(errorAnswer.parse(body)).toEqual(body);
    expect(errorAnswer.safeParse({ message: 'x' }).success).toBe(false);
  });
});
