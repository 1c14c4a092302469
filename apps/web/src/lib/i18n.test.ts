import { describe, expect, it } from 'vitest';
import i18n, { fallbackLanguages, i18nReady } from './i18n';

describe('the language when none is detected', () => {
  it('falls back to Spanish for no language or an unsupported one, and to nothing for a supported one', () => {
    expect(fallbackLanguages(undefined)).toEqual(['es']);
    expect(fallbackLanguages('fr-FR')).toEqual(['es']);
    expect(fallbackLanguages('en-US')).toEqual([]);
    expect(fallbackLanguages('es')).toEqual([]);
  });

  it('changes to "no language" without throwing and speaks Spanish (stop 30 CI: an unhandled TypeError in Node)', async () => {
    await i18nReady;
    await expect(i18n.changeLanguage(undefined)).resolves.toBeTypeOf('function');
    expect(i18n.languages[0] ?? 'es').toBe('es');
  });
});
