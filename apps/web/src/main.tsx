import './lib/zod-jitless';
import './app/global.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { i18nReady } from './lib/i18n';

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

const root = document.getElementById('root');
if (root) {
  // The language's common words and the first page's chunk load under the static spinner of index.html
  // (decision 0026): React's first paint is the page, never raw keys or a second loader.
  void Promise.all([i18nReady, preloadRoute(window.location.pathname)]).then(() => {
    // A transition: React renders the first page in slices of a few milliseconds instead of one long task, so a slow
    // phone stays responsive while the page is built (Lighthouse's total blocking time, decision 0056).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
          <HideBootLoader />
        </StrictMode>,
      );
    });
  });
}
