import './lib/i18n';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const BOOT_LOADER_DELAY_MS = 50;

function removeBootLoader() {
  const loader = document.getElementById('boot-loader');
  if (!loader) return;
  loader.classList.add('boot-loader--hidden');
  setTimeout(() => loader.remove(), 150);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Spec §9: the static spinner goes away about 50 ms after React mounts.
  setTimeout(removeBootLoader, BOOT_LOADER_DELAY_MS);
}
