import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@presente/shared';
import i18n, { type BackendModule, type LanguageDetectorModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogues: locales/{lng}/{ns}.json plus per-feature parts in locales/{lng}/{ns}/*.json, deep-merged
 * into the spec's namespaces (common, auth, dashboard, settings, employee), so features add words
 * without editing one shared file. They load lazily: only the current language, and only the namespaces
 * a page needs (vite.config.ts puts each language + namespace in one chunk; decision 0026).
 */
const parts = import.meta.glob<Record<string, unknown>>('../locales/*/**/*.json', { import: 'default' });

/**
 * The shared flat catalogue ('validation.passwordMin8' -> words), two chunks per language (shared-messages.ts):
 * 'messages-public', what a visitor's pages need, and 'messages', the rest.
 */
type Words = () => Promise<{ default: Record<string, string> }>;
const messageLoaders: Record<'messages' | 'messages-public', Record<Language, Words>> = {
  messages: { es: () => import('virtual:presente-messages/es'), en: () => import('virtual:presente-messages/en') },
  'messages-public': { es: () => import('virtual:presente-messages/es/public'), en: () => import('virtual:presente-messages/en/public') },
};

export function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    target[k] =
      v && typeof v === 'object' && !Array.isArray(v) && existing && typeof existing === 'object'
        ? deepMerge({ ...(existing as Record<string, unknown>) }, v as Record<string, unknown>)
        : v;
  }
  return target;
}

/** Whether a catalogue file (../locales/es/dashboard/holidays.json) belongs to a language and namespace. */
export function isPartOf(path: string, lang: string, ns: string): boolean {
  const m = /locales\/(\w+)\/([\w-]+)(?:\/[\w-]+)?\.json$/.exec(path);
  return Boolean(m && m[1] === lang && m[2] === ns);
}

/** One namespace of one language, its parts merged (what the browser fetches for it). */
export async function loadNamespace(lang: string, ns: string): Promise<Record<string, unknown>> {
  if (ns === 'messages' || ns === 'messages-public') {
    const loaders = messageLoaders[ns];
    return (await (loaders[lang as Language] ?? loaders[DEFAULT_LANGUAGE])()).default;
  }
  const paths = Object.keys(parts)
    .filter((path) => isPartOf(path, lang, ns))
    .sort((a, b) => a.localeCompare(b));
  const loaded = await Promise.all(paths.map((path) => parts[path]()));
  return loaded.reduce<Record<string, unknown>>((out, data) => deepMerge(out, data), {});
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(lang: string, ns: string, callback: ReadCallback) {
    loadNamespace(lang, ns).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): the browser's language still applies
  }
}

/**
 * The reader's language: the stored choice, else the browser's languages, else the page's; the choice is
 * stored on every change. What i18next-browser-languagedetector did with this order, in a few lines.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect() {
    const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
    const page = typeof document === 'undefined' ? undefined : document.documentElement.lang;
    return [stored, ...browser, page].filter((lang): lang is string => Boolean(lang));
  },
  cacheUserLanguage(lang: string) {
    try {
      storage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // storage full or blocked: the choice lasts for this page only
    }
  },
};

export const NAMESPACES = ['common', 'auth', 'dashboard', 'settings', 'employee', 'messages-public', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Loaded before the first render: every page shows common words. The shared messages (server and validation
 * texts, 7 KB) load with the pages that have forms or call the API (app/routes.tsx), not with the landing.
 */
const BOOT_NAMESPACES: Namespace[] = ['common'];

/** The current UI language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

/**
 * Loads namespaces of the current language (and of the fallback, when it differs) before a page renders,
 * so a lazy page never shows raw keys. A language change later loads every namespace loaded so far.
 */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  // The whole shared catalogue is its two parts.
  const all = ns.flatMap((n): Namespace[] => (n === 'messages' ? ['messages-public', 'messages'] : [n]));
  return i18n.loadNamespaces(all).catch(() => undefined);
}

function syncHtmlLang(): void {
  // Before the language is detected the page's own lang stands (a prerendered page's is already right, decision 0069).
  if (typeof document !== 'undefined' && i18n.language) document.documentElement.lang = currentLanguage();
}

/**
 * Only an unsupported language falls back to Spanish: an English page never loads the Spanish catalogues too. No
 * language at all (a browser or a Node test whose detector finds none: i18next then asks with `undefined`) is
 * Spanish too; it threw here and failed stop 30's CI as an unhandled error with every test passing.
 */
export function fallbackLanguages(code: string | undefined): string[] {
  return code && (LANGUAGES as readonly string[]).includes(code.slice(0, 2)) ? [] : [DEFAULT_LANGUAGE];
}

/** Resolves once the boot namespaces of the detected language are in (main.tsx renders after it). */
export const i18nReady: Promise<unknown> = i18n
  .use(languageDetector)
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    ns: BOOT_NAMESPACES,
    defaultNS: 'common',
    fallbackLng: fallbackLanguages,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  })
  .catch(() => undefined);

syncHtmlLang();
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
