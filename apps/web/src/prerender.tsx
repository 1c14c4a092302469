import type { Language } from '@presente/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/App';
import { AppProviders } from './app/AppProviders';
import { preloadRoute } from './app/routes';
import i18n, { i18nReady, loadNamespaces } from './lib/i18n';
import { createQueryClient } from './lib/queryClient';

/**
 * The public pages whose HTML is drawn at build time (scripts/prerender.mjs, decision 0069), in both languages: the
 * first paint is HTML and CSS, and React then hydrates the same markup (main.tsx). The server sends the file of the
 * reader's language for these paths (apps/server/src/plugins/web.ts, PRERENDERED_PATHS), index.html for the others.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'landing' },
  { path: '/login', file: 'login' },
  { path: '/register', file: 'register' },
  { path: '/forgot-password', file: 'forgot-password' },
] as const;

/** The search result's text (index.html carries the Spanish one). */
const DESCRIPTION: Record<Language, string> = {
  es: 'Presente: control de asistencia con reconocimiento facial, geocercas GPS, horarios y reportes para empresas de Latinoamérica.',
  en: 'Presente: attendance tracking with face recognition, GPS geofences, schedules and reports for companies in Latin America.',
};

/** main.tsx renders `<HideBootLoader />` beside the app; its twin here keeps the tree (and React's ids) the same. */
function Nothing() {
  return null;
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document's title and description in the page's language. */
  title: string;
  description: string;
}

/** The document title each page sets in an effect (LandingPage, AuthLayout), computed here for the static file. */
function titleOf(path: string): string {
  const brand = i18n.t('common:brand');
  switch (path) {
    case '/':
      return `${brand} · ${i18n.t('common:tagline')}`;
    case '/login':
      return `${i18n.t('auth:login.title')} · ${brand}`;
    case '/register':
      return `${i18n.t('auth:register.title')} · ${brand}`;
    case '/forgot-password':
      return `${i18n.t('auth:forgot.title')} · ${brand}`;
    default:
      return brand;
  }
}

/**
 * The page at `path` in `lang` as the browser's first render draws it: the same tree as main.tsx (StrictMode, the
 * providers, the router, the route table; StaticRouter in place of BrowserRouter), with no session and no server
 * answer yet, which is what the browser's first render has too. Waits for every Suspense boundary (the lazy toast
 * and modal hosts), so the browser never has to give up on a boundary the server left unfinished.
 */
export async function renderPage(path: string, lang: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(lang);
  await loadNamespaces(['common', 'auth', 'messages-public']);
  await preloadRoute(path);
  const tree = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
      <Nothing />
    </StrictMode>
  );
  const { prelude } = await prerenderToNodeStream(tree);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return { html: Buffer.concat(chunks).toString('utf8'), title: titleOf(path), description: DESCRIPTION[lang] };
}
