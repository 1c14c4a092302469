import { describe, expect, it } from 'vitest';
import { formatReceiptCode, normalizeReceiptCode, receiptCodeParam } from './receipts.js';
import { issuesOf } from './test-helpers.js';

describe('receipt codes', () => {
  it('shows the first 12 hexadecimal digits of the hash in three groups, upper case', () => {
    expect(formatReceiptCode('abcdef0123456789ffff')).toBe('ABCD-EF01-2345');
  });
  it('reads a typed code regardless of case, spaces and dashes', () => {
    expect(normalizeReceiptCode(' abcd-ef01 2345 ')).toBe('ABCDEF012345');
  });
  it('refuses a code of 11 or 13 digits, or with a letter past F', () => {
    expect(normalizeReceiptCode('ABCDEF01234')).toBeNull();
    expect(normalizeReceiptCode('ABCDEF0123456')).toBeNull();
    expect(normalizeReceiptCode('ABCDEF01234G')).toBeNull();
    expect(normalizeReceiptCode('xABCDEF012345')).toBeNull();
  });
  it('says the code is invalid in the address', () => {
    expect(issuesOf(receiptCodeParam.safeParse({ code: 'ABCD-EF01-2345' }))).toEqual([]);
    expect(issuesOf(receiptCodeParam.safeParse({ code: 'ABCD-EF01-234' }))).toEqual([{ path: 'code', message: 'receipt.codeInvalid' }]);
  });
});
