import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryView, findCountry, utcOffset } from './countries.js';

describe('countries', () => {
  it('covers the Spanish-speaking Americas, Brazil, the US and Spain with valid timezones', () => {
    const codes = COUNTRIES.map((c) => c.code);
    for (const code of ['PE', 'AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PR', 'UY', 'VE', 'BR', 'US', 'ES']) {
      expect(codes).toContain(code);
    }
    for (const c of COUNTRIES) {
      for (const t of c.timezones) expect(() => utcOffset(t.timezone)).not.toThrow();
    }
  });

  it('computes DST-aware offsets', () => {
    expect(utcOffset('America/Lima', new Date('2026-01-15T12:00:00Z'))).toBe('-05:00');
    expect(utcOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('-05:00');
    expect(utcOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('-04:00');
    expect(utcOffset('Europe/Madrid', new Date('2026-07-15T12:00:00Z'))).toBe('+02:00');
    expect(utcOffset('UTC')).toBe('+00:00');
  });

  it('shapes the API view in the requested language with Peru as the default zone', () => {
    const pe = countryView(findCountry('pe')!, 'en');
    expect(pe).toMatchObject({ code: 'PE', name: 'Peru', timezone: 'America/Lima', locale: 'es-PE' });
    expect(pe.timezones).toEqual([{ timezone: 'America/Lima', name: 'Lima', offset: '-05:00' }]);
    expect(countryView(findCountry('MX')!, 'es').name).toBe('México');
  });
});
