import { describe, expect, it } from 'vitest';
import { punchReviewAnnulInput } from './punch-reviews.js';
import { issuesOf, parsed } from './test-helpers.js';

describe('annulling a reviewed punch', () => {
  it('needs a reason, trimmed', () => {
    expect(parsed(punchReviewAnnulInput.safeParse({ reason: ' No era él ' })).reason).toBe('No era él');
    expect(issuesOf(punchReviewAnnulInput.safeParse({ reason: '  ' }))).toEqual([{ path: 'reason', message: 'punchReview.reasonRequired' }]);
    expect(issuesOf(punchReviewAnnulInput.safeParse({}))).toEqual([{ path: 'reason', message: 'punchReview.reasonRequired' }]);
  });
});
