import { MESSAGES } from '@presente/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { resources } from '../test/i18n-resources';

type Tree = { [key: string]: unknown };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? keysOf(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function emptyValues(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) return emptyValues(value as Tree, `${prefix}${key}.`);
    const values = Array.isArray(value) ? value : [value];
    return values.some((v) => !String(v).trim()) ? [`${prefix}${key}`] : [];
  });
}

describe('translation catalogues', () => {
  for (const ns of Object.keys(resources.es) as (keyof typeof resources.es)[]) {
    it(`"${ns}" has the same keys in Spanish and English, none empty`, () => {
      expect(keysOf(resources.en[ns] as Tree).sort()).toEqual(keysOf(resources.es[ns] as Tree).sort());
      expect(emptyValues(resources.es[ns] as Tree)).toEqual([]);
      expect(emptyValues(resources.en[ns] as Tree)).toEqual([]);
    });
  }

  it('serves every key of the shared MESSAGES catalogue in both languages', async () => {
    for (const [key, words] of Object.entries(MESSAGES)) {
      expect(i18n.t(key, { ns: 'messages', keySeparator: false, lng: 'es' })).toBe(words.es);
      expect(i18n.t(key, { ns: 'messages', keySeparator: false, lng: 'en' })).toBe(words.en);
    }
    await i18n.changeLanguage('es');
    expect(i18n.t('validation.passwordMin8', { ns: 'messages', keySeparator: false })).toBe(MESSAGES['validation.passwordMin8'].es);
    await i18n.changeLanguage('en');
    expect(i18n.t('validation.passwordMin8', { ns: 'messages', keySeparator: false })).toBe('Password must be at least 8 characters');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps the spec terms in the Terms modal text', () => {
    const terms = JSON.stringify((resources.es.common.legal as { termsSections: unknown }).termsSections);
    for (const fact of ['USD', 'mensual o anual', '7 días', '30 días de atraso', '30 días', '99.9%', '48 horas', 'fraude comprobado', '12 meses', '100 USD']) {
      expect(terms).toContain(fact);
    }
  });
});
