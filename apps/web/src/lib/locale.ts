import type { Language } from '@presente/shared';

/**
 * Locale for formatting dates in the UI: the company's regional locale when it speaks the UI language
 * (es-PE for a Spanish UI), otherwise the UI language itself, so words never mix languages.
 */
export function displayLocale(companyLocale: string, lang: Language): string {
  return companyLocale.toLowerCase().startsWith(`${lang}-`) || companyLocale.toLowerCase() === lang ? companyLocale : lang;
}
