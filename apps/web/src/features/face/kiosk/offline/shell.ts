/**
 * The kiosk's app shell: the files of a build the kiosk page needs to open without network, chosen from Vite's
 * chunk graph (dist/.vite/manifest.json) at build time (vite.config.ts gives this list to the service worker's
 * precache; decision 0045). Pure: no file access, so it is tested with a small graph.
 */
export interface ShellChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** The kiosk page's module in the graph. */
export const KIOSK_PAGE_SRC = 'src/features/face/kiosk/KioskPage.tsx';
/** Translations the kiosk reads (routes.tsx: the kiosk's namespaces, and `common` for the shell), in every language. */
const KIOSK_LOCALES = /^(_locale-\w+-(common|employee|dashboard)-[\w-]+\.js|virtual:presente-messages\/\w+)$/;

/**
 * The files (paths relative to the build's root) of the kiosk's shell: index.html and the entry with its static
 * imports and styles; the libraries the entry loads later for every page (notifications, modals: not pages of
 * their own, keys outside src/); the kiosk page with everything it imports, lazily too (Human); its translations.
 * The other pages' chunks (the signed-in areas, landing, auth) are left out.
 */
export function kioskShellFiles(graph: Record<string, ShellChunk>): Set<string> {
  const entryKey = Object.keys(graph).find((k) => graph[k].isEntry);
  if (!entryKey || !graph[KIOSK_PAGE_SRC]) throw new Error('kiosk shell: the build has no entry or no kiosk page');
  const keys = new Set<string>();
  const walk = (key: string, lazyToo: boolean) => {
    const chunk = graph[key];
    if (!chunk || keys.has(key)) return;
    keys.add(key);
    for (const k of chunk.imports ?? []) walk(k, lazyToo);
    if (lazyToo) for (const k of chunk.dynamicImports ?? []) walk(k, true);
  };
  walk(entryKey, false);
  for (const k of graph[entryKey].dynamicImports ?? []) if (!k.startsWith('src/')) walk(k, true);
  walk(KIOSK_PAGE_SRC, true);
  for (const k of Object.keys(graph)) if (KIOSK_LOCALES.test(k)) walk(k, false);
  const files = new Set<string>(['index.html']);
  for (const k of keys) {
    const chunk = graph[k];
    if (chunk.file !== 'index.html') files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
  }
  return files;
}
