import { describe, expect, it } from 'vitest';
import { documentProblem, isValidRuc, rucCheckDigit, rucProblem } from './identity.js';

describe('RUC (SUNAT modulo 11, weights 5,4,3,2,7,6,5,4,3,2)', () => {
  it('accepts real and computed RUCs whose check digit matches', () => {
    expect(isValidRuc('20100070970')).toBe(true); // Saga Falabella S.A.
    expect(isValidRuc('20601234565')).toBe(true);
    expect(isValidRuc('10456789124')).toBe(true); // a person with business (prefix 10)
    // 11 - remainder: a remainder of 1 gives 10, written 0; a remainder of 0 gives 11, written 1.
    expect(rucCheckDigit('2010000005')).toBe(0);
    expect(isValidRuc('20100000050')).toBe(true);
    expect(rucCheckDigit('2010000013')).toBe(1);
    expect(isValidRuc('20100000131')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong prefix and anything not 11 digits, each with its reason', () => {
    expect(rucProblem('20100070971')).toBe('validation.rucCheckDigit');
    expect(rucProblem('20601234567')).toBe('validation.rucCheckDigit');
    expect(rucProblem('30100070970')).toBe('validation.rucPrefix');
    expect(rucProblem('2010007097')).toBe('validation.rucFormat');
    expect(rucProblem('2010007097A')).toBe('validation.rucFormat');
  });
});

describe('identity documents per type', () => {
  it('DNI is 8 digits', () => {
    expect(documentProblem('DNI', '45678912')).toBeNull();
    expect(documentProblem('DNI', '4567891')).toBe('validation.documentDNI');
    expect(documentProblem('DNI', '4567891A')).toBe('validation.documentDNI');
  });
  it('CE and passport take up to 12 letters or digits', () => {
    expect(documentProblem('CE', 'X12345678')).toBeNull();
    expect(documentProblem('CE', '1234567890123')).toBe('validation.documentCE');
    expect(documentProblem('PASSPORT', 'AB1234567')).toBeNull();
    expect(documentProblem('PASSPORT', 'AB-123')).toBe('validation.documentPASSPORT');
  });
  it('PTP is 9 digits; other is free text up to 20', () => {
    expect(documentProblem('PTP', '123456789')).toBeNull();
    expect(documentProblem('PTP', '12345678')).toBe('validation.documentPTP');
    expect(documentProblem('OTHER', 'Carné diplomático 7')).toBeNull();
    expect(documentProblem('OTHER', 'x'.repeat(21))).toBe('validation.documentOTHER');
  });
});
