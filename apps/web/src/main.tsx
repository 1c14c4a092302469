import './lib/zod-jitless';
import './app/global.css';
import { StrictMode } from 'react';
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

const root = document.getElementById('root');
if (root) {
  // The language's common words and the first page's chunk load under the static spinner of index.html
  // (decision 0026): React's first paint is the page, never raw keys or a second loader.
  void Promise.all([i18nReady, preloadRoute(window.location.pathname)]).then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Spec §9: the static spinner goes away about 50 ms after React mounts.
    setTimeout(removeBootLoader, BOOT_LOADER_DELAY_MS);
  });
}
