import './lib/zod-jitless';
import './app/global.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import i18n, { currentLanguage, i18nReady, LANGUAGE_STORAGE_KEY } from './lib/i18n';

const BOOT_LOADER_DELAY_MS = 50;

function removeBootLoader() {
  const loader = document.getElementById('boot-loader');
  if (!loader) return;
  loader.classList.add('boot-loader--hidden');
  setTimeout(() => loader.remove(), 150);
}

/**
 * Spec §9: the static spinner goes away about 50 ms after React mounts. The first render is a transition, so it has
 * mounted only when this effect runs (later than `render()` returns).
 */
function HideBootLoader() {
  useEffect(() => void setTimeout(removeBootLoader, BOOT_LOADER_DELAY_MS), []);
  return null;
}

/** The cookie that tells the server which language's prerendered page to send (apps/server/src/plugins/web.ts). */
const LANGUAGE_COOKIE = 'presente_lang';

/**
 * Mirrors the reader's stored language choice in a cookie, so the server sends the public pages already drawn in it
 * (decision 0069). Without a stored choice the server reads Accept-Language, as the detector reads the browser's list.
 */
function rememberLanguageForServer() {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return; // storage blocked: no choice is kept, the browser's language applies on both sides
  }
  if (!stored) return;
  // Secure over HTTPS (a LAN kiosk's cookies are all Secure: lan-https.e2e.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari before 18.4 and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${currentLanguage()}; path=/; max-age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

const root = document.getElementById('root');
if (root) {
  // The language's common words and the first page's chunk load under the static spinner of index.html
  // (decision 0026): React's first paint is the page, never raw keys or a second loader. A public page arrives drawn
  // already (build-time HTML, decision 0069) and shows meanwhile.
  void Promise.all([i18nReady, preloadRoute(window.location.pathname)]).then(() => {
    rememberLanguageForServer();
    i18n.on('languageChanged', rememberLanguageForServer);
    const app = (
      <StrictMode>
        <App />
        <HideBootLoader />
      </StrictMode>
    );
    // The prerendered page is hydrated when it is in the reader's language (the same tree rendered on the same
    // words: scripts/prerender.mjs, src/prerender.tsx); in another language the first render replaces it.
    const hydrate = root.dataset.prerendered !== undefined && root.dataset.prerendered === currentLanguage();
    // A transition: React renders (or hydrates) the first page in slices of a few milliseconds instead of one long
    // task, so a slow phone stays responsive while the page is built (Lighthouse's total blocking time, decision 0056).
    startTransition(() => {
      if (hydrate) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  });
}
