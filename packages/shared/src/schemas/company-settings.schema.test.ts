import { describe, expect, it } from 'vitest';
import { companyLegalInput } from './company-settings.js';
import { issuesOf, parsed } from './test-helpers.js';

describe("the company's legal fields", () => {
  it('reads blank fields as cleared and keeps a tax id of 20 characters', () => {
    expect(parsed(companyLegalInput.safeParse({ ruc: ' ', legalName: '' }))).toEqual({ ruc: null, legalName: null });
    expect(parsed(companyLegalInput.safeParse({ ruc: '1'.repeat(20), legalName: ' Sol SAC ' }))).toEqual({ ruc: '1'.repeat(20), legalName: 'Sol SAC' });
  });
  it('refuses a tax id of 21 characters and a legal name of 201, each with its own message', () => {
    expect(issuesOf(companyLegalInput.safeParse({ ruc: '1'.repeat(21), legalName: 'x'.repeat(201) }))).toEqual([
      { path: 'ruc', message: 'validation.rucMax' },
      { path: 'legalName', message: 'validation.legalNameMax' },
    ]);
  });
});
