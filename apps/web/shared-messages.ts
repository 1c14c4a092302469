import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

const PREFIX = 'virtual:presente-messages/';

const CATALOGUE = fileURLToPath(new URL('../../packages/shared/src/messages.ts', import.meta.url));

/**
 * `virtual:presente-messages/es` (and /en, and their /public part): the shared MESSAGES catalogue (packages/shared,
 * both languages in one object) flattened to one language at build time, so the browser loads only its language's words
 * (lib/i18n.ts, decision 0026).
 */
export function sharedMessages(): Plugin {
  return {
    name: 'presente-shared-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [lang, part] = id.slice(PREFIX.length + 1).split('/');
      const { module } = await runnerImport<{ MESSAGES: Record<string, Record<string, string>>; isPublicMessage: (key: string) => boolean }>(CATALOGUE);
      this.addWatchFile(CATALOGUE);
      const words = Object.fromEntries(
        Object.entries(module.MESSAGES)
          .filter(([key]) => module.isPublicMessage(key) === (part === 'public'))
          .map(([key, byLang]) => [key, byLang[lang]]),
      );
      return `export default ${JSON.stringify(words)};`;
    },
  };
}
