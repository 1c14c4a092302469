import { describe, expect, it } from 'vitest';
import { apiKeyCreateInput } from './integrations.js';
import { issuesOf, parsed } from './test-helpers.js';

describe('new API key', () => {
  const key = (expiresOn: unknown) => apiKeyCreateInput.safeParse({ name: 'ERP', scope: 'read', expiresOn });
  it('reads an empty or absent expiry as until revoked', () => {
    expect(parsed(key('')).expiresOn).toBeNull();
    expect(parsed(key(undefined)).expiresOn).toBeNull();
  });
  it('keeps a real last day and refuses one that does not exist', () => {
    expect(parsed(key('2026-12-31')).expiresOn).toBe('2026-12-31');
    expect(issuesOf(key('2026-02-30'))).toEqual([{ path: 'expiresOn', message: 'integrations.expiryInvalid' }]);
    expect(issuesOf(key('2101-01-01'))).toEqual([{ path: 'expiresOn', message: 'integrations.expiryInvalid' }]);
  });
});
