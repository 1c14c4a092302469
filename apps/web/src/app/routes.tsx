import { type ComponentType, lazy, type ReactElement, useState } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Area } from '../features/dashboard/tab-types';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { RedirectIfAuthenticated } from './RedirectIfAuthenticated';
import { RootLayout } from './RootLayout';

/**
 * A chunk loaded once: `load()` starts it or returns the same promise, which carries the component as `value` once it
 * is there. A page preloaded under the boot spinner then renders at once, so the first paint is the page (decision
 * 0026); a page not loaded yet renders through React.lazy over the same promise and suspends.
 */
// biome-ignore lint/suspicious/noExplicitAny: a page takes no props, an area's guard takes its area
type AnyPage = ComponentType<any>;
type Tracked = Promise<AnyPage> & { value?: AnyPage };
interface Lazy {
  load: () => Tracked;
  /** React.lazy over the same promise: suspends until the chunk is there (used only before it is). */
  Pending: AnyPage;
}

function lazyChunk(loader: () => Promise<AnyPage>): Lazy {
  let promise: Tracked | undefined;
  const chunk: Lazy = {
    Pending: lazy(async () => ({ default: await chunk.load() })),
    load: () => {
      if (!promise) {
        const started: Tracked = loader();
        promise = started;
        started.then(
          (component) => {
            started.value = component;
          },
          () => {
            promise = undefined; // the boot preload may fail and the page's own load try again
          },
        );
      }
      return promise;
    },
  };
  return chunk;
}

/** Renders a lazy chunk: at once when loaded, else suspends (a navigation is a transition, so the old page stays meanwhile). */
function LazyRoute({ chunk, props }: { chunk: Lazy; props?: object }) {
  // Chosen once per mount, so the element type never changes under a mounted page (that would remount it).
  const [Page] = useState(() => chunk.load().value ?? chunk.Pending);
  return <Page {...props} />;
}

const chunks = new WeakMap<RouteObject, Lazy>();

/**
 * A page as its own lazy chunk (decision 0026): the page's code and the namespaces it reads load together,
 * so it never shows raw keys. Public pages for visitors only are wrapped in RedirectIfAuthenticated.
 */
function page(path: string, load: () => Promise<ComponentType>, ns: Namespace[], { visitorsOnly = false } = {}): RouteObject {
  const chunk = lazyChunk(async () => (await Promise.all([load(), loadNamespaces(ns)]))[0]);
  // Keyed by path: two routes render the same component types here, and React must not keep one page's state (the
  // chunk chosen at mount) for the other.
  const element: ReactElement = <LazyRoute key={path} chunk={chunk} />;
  const route: RouteObject = {
    path,
    element: visitorsOnly ? <RedirectIfAuthenticated key={path}>{element}</RedirectIfAuthenticated> : element,
  };
  chunks.set(route, chunk);
  return route;
}

/** A protected area: the guard (session check, its screens) is a small chunk of its own; the layout and tabs follow. */
function area(name: Area): RouteObject {
  const chunk = lazyChunk(async () => (await import('./ProtectedArea')).ProtectedArea);
  const route: RouteObject = { path: `/${name}/*`, element: <LazyRoute key={name} chunk={chunk} props={{ area: name }} /> };
  chunks.set(route, chunk);
  return route;
}

/**
 * The one route table (spec §2), rendered by the declarative router (`useRoutes`, decision 0026's addendum: the data
 * router's loaders and actions were unused and cost 15 KB of the first load). Dashboard tabs are the path segment
 * after the area: /company-admin (overview), /company-admin/settings, ... The areas load their layout and tabs
 * lazily (ProtectedArea, app/tabs/).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      page('/', async () => (await import('../features/landing/pages/LandingPage')).LandingPage, ['common'], { visitorsOnly: true }),
      page('/login', async () => (await import('../features/auth/pages/LoginPage')).LoginPage, ['auth', 'messages-public'], { visitorsOnly: true }),
      page('/register', async () => (await import('../features/auth/pages/RegisterPage')).RegisterPage, ['auth', 'messages-public'], { visitorsOnly: true }),
      page('/forgot-password', async () => (await import('../features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage, ['auth', 'messages-public']),
      page('/reset-password', async () => (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage, ['auth', 'messages-public']),
      page('/undo-email-change', async () => (await import('../features/auth/pages/UndoEmailChangePage')).UndoEmailChangePage, ['auth', 'messages-public']),
      // The public face-attendance kiosk (no login); Human loads later still.
      page('/attendance/:token', async () => (await import('../features/face/kiosk/KioskPage')).KioskPage, ['employee', 'dashboard', 'messages']),
      // A work location's rotating QR, full screen, for a screen at the entrance (decision 0044): the company admin's.
      page('/qr-screen/:locationId', async () => (await import('../features/qr-punch/QrScreenPage')).QrScreenPage, ['settings', 'common', 'messages']),
      // The printable record of a biometric consent (decision 0035): the company's admin or the worker.
      page('/consent-record/:id', async () => (await import('../features/face/consent/ConsentRecordPage')).ConsentRecordPage, ['common', 'messages']),
      area('super-admin'),
      area('company-admin'),
      area('employee'),
      page('*', async () => (await import('../features/errors/NotFoundPage')).NotFoundPage, []),
    ],
  },
];

/**
 * Loads the lazy parts of the page at `path` (main.tsx waits for them under the static boot spinner,
 * so the first paint is the page itself, with no blank frame or second spinner).
 */
export async function preloadRoute(path: string): Promise<void> {
  const matches = matchRoutes(appRoutes, path) ?? [];
  await Promise.all(matches.map(({ route }) => chunks.get(route)?.load())).catch(() => undefined);
}
