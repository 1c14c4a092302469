import { LANGUAGES, type Language, MESSAGES } from '@presente/shared';
import { deepMerge, isPartOf, type NAMESPACES } from '../lib/i18n';

/**
 * Every catalogue of every language, read eagerly: the browser loads them lazily (lib/i18n.ts), tests
 * install them all before the first render (test/setup.ts) and check them (locales.test.ts).
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/**/*.json', { eager: true, import: 'default' });

type Tree = Record<string, unknown>;
function catalogue(lang: Language, ns: string): Tree {
  return Object.entries(files)
    .filter(([path]) => isPartOf(path, lang, ns))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce<Tree>((out, [, data]) => deepMerge(out, data), {});
}

function resourcesFor(lang: Language): Record<Exclude<(typeof NAMESPACES)[number], 'messages' | 'messages-public'>, Tree> & {
  messages: Record<string, string>;
  'messages-public': Record<string, string>;
} {
  const [common, auth, dashboard, settings, employee] = (['common', 'auth', 'dashboard', 'settings', 'employee'] as const).map((ns) => catalogue(lang, ns));
  const messages = Object.fromEntries(Object.entries(MESSAGES).map(([key, words]) => [key, words[lang]]));
  // Every message in 'messages' (the browser splits them in two chunks; a lookup reads both namespaces).
  return { common, auth, dashboard, settings, employee, messages, 'messages-public': {} };
}

export const resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, resourcesFor(lang)])) as Record<Language, ReturnType<typeof resourcesFor>>;
