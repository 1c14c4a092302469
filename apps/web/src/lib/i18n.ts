import { DEFAULT_LANGUAGE, LANGUAGES, type Language, MESSAGES } from '@presente/shared';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogues: locales/{lng}/{ns}.json plus per-feature parts in locales/{lng}/{ns}/*.json, deep-merged
 * into the spec's namespaces (common, auth, dashboard, settings, employee), so features add words
 * without editing one shared file.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/**/*.json', { eager: true, import: 'default' });

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    target[k] =
      v && typeof v === 'object' && !Array.isArray(v) && existing && typeof existing === 'object'
        ? deepMerge({ ...(existing as Record<string, unknown>) }, v as Record<string, unknown>)
        : v;
  }
  return target;
}

function catalogue(lang: Language, ns: string): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const [path, data] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const m = /locales\/(\w+)\/([\w-]+)(?:\/[\w-]+)?\.json$/.exec(path);
    if (m && m[1] === lang && m[2] === ns) out = deepMerge(out, data);
  }
  return out;
}

export const NAMESPACES = ['common', 'auth', 'dashboard', 'settings', 'employee', 'messages'] as const;
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The shared flat catalogue ('validation.passwordMin8' -> words) as an i18next namespace for one language.
 * Keys stay flat (looked up with keySeparator: false) so 'a.b' and 'a.b.c' can coexist.
 */
function messagesFor(lang: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, words]) => [key, words[lang]]));
}

const SPEC_NAMESPACES = ['common', 'auth', 'dashboard', 'settings', 'employee'] as const;
type Tree = Record<string, unknown>;
function resourcesFor(lang: Language): Record<(typeof SPEC_NAMESPACES)[number], Tree> & { messages: Record<string, string> } {
  const [common, auth, dashboard, settings, employee] = SPEC_NAMESPACES.map((ns) => catalogue(lang, ns));
  return { common, auth, dashboard, settings, employee, messages: messagesFor(lang) };
}

export const resources = { es: resourcesFor('es'), en: resourcesFor('en') };

/** The current UI language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

function syncHtmlLang(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}

i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

syncHtmlLang();
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
