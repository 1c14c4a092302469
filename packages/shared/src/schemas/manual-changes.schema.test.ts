import { describe, expect, it } from 'vitest';
import { manualChangeAnswerInput, manualChangesQuery } from './manual-changes.js';
import { issuesOf, parsed } from './test-helpers.js';

describe("a worker's answer to a manual change", () => {
  it('accepts "agreed" without a comment', () => {
    expect(issuesOf(manualChangeAnswerInput.safeParse({ answer: 'agreed' }))).toEqual([]);
  });
  it('needs a comment to disagree', () => {
    expect(issuesOf(manualChangeAnswerInput.safeParse({ answer: 'disputed', comment: '  ' }))).toEqual([
      { path: 'comment', message: 'manualChange.commentRequired' },
    ]);
    expect(issuesOf(manualChangeAnswerInput.safeParse({ answer: 'disputed', comment: 'Llegué 8:00' }))).toEqual([]);
  });
  it('reads empty filters as none', () => {
    expect(parsed(manualChangesQuery.safeParse({ answer: '', employeeId: '' }))).toMatchObject({ answer: undefined, employeeId: undefined });
  });
});
