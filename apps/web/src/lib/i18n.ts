import { DEFAULT_LANGUAGE, LANGUAGES, type Language, MESSAGES } from '@presente/shared';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enEmployee from '../locales/en/employee.json';
import enSettings from '../locales/en/settings.json';
import esAuth from '../locales/es/auth.json';
import esCommon from '../locales/es/common.json';
import esDashboard from '../locales/es/dashboard.json';
import esEmployee from '../locales/es/employee.json';
import esSettings from '../locales/es/settings.json';

export const NAMESPACES = ['common', 'auth', 'dashboard', 'settings', 'employee', 'messages'] as const;
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The shared flat catalogue ('validation.passwordMin8' -> words) as an i18next namespace for one language.
 * Keys stay flat (looked up with keySeparator: false) so 'a.b' and 'a.b.c' can coexist.
 */
function messagesFor(lang: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, words]) => [key, words[lang]]));
}

export const resources = {
  es: {
    common: esCommon,
    auth: esAuth,
    dashboard: esDashboard,
    settings: esSettings,
    employee: esEmployee,
    messages: messagesFor('es'),
  },
  en: {
    common: enCommon,
    auth: enAuth,
    dashboard: enDashboard,
    settings: enSettings,
    employee: enEmployee,
    messages: messagesFor('en'),
  },
} as const;

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
