import { describe, expect, it } from 'vitest';
import { foldDocument, foldName } from './consent.js';

describe('comparing a typed signature with the record', () => {
  it('folds a name to lower case, without accents, one space between words', () => {
    expect(foldName('  José   ÑUÑEZ\tPérez ')).toBe('jose nunez perez');
  });
  it('folds a document to its letters and digits, upper case', () => {
    expect(foldDocument(' 0123-4567 ')).toBe('01234567');
    expect(foldDocument('ab.12 é')).toBe('AB12E');
  });
});
