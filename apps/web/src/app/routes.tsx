import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Area } from '../features/dashboard/tabs';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { RedirectIfAuthenticated } from './RedirectIfAuthenticated';
import { RootLayout } from './RootLayout';

type PageLoader = () => Promise<ComponentType>;

/**
 * A page as its own lazy chunk (decision 0026): the page's code and the namespaces it reads load together,
 * so it never shows raw keys. Public pages for visitors only are wrapped in RedirectIfAuthenticated.
 */
function page(load: PageLoader, ns: Namespace[], { visitorsOnly = false } = {}): RouteObject['lazy'] {
  return async () => {
    const [Page] = await Promise.all([load(), loadNamespaces(ns)]);
    return {
      element: visitorsOnly ? (
        <RedirectIfAuthenticated>
          <Page />
        </RedirectIfAuthenticated>
      ) : (
        <Page />
      ),
    };
  };
}

/** A protected area: the guard (session check, its screens) is a small chunk of its own; the layout and tabs follow. */
function area(name: Area): RouteObject['lazy'] {
  return async () => {
    const { ProtectedArea } = await import('./ProtectedArea');
    return { element: <ProtectedArea area={name} /> };
  };
}

/**
 * The one route table (spec §2). Dashboard tabs are the path segment after the area:
 * /company-admin (overview), /company-admin/settings, ... The areas load their layout and tabs lazily
 * (ProtectedArea, app/tabs/).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/',
        lazy: page(async () => (await import('../features/landing/pages/LandingPage')).LandingPage, ['common'], { visitorsOnly: true }),
      },
      {
        path: '/login',
        lazy: page(async () => (await import('../features/auth/pages/LoginPage')).LoginPage, ['auth'], { visitorsOnly: true }),
      },
      {
        path: '/register',
        lazy: page(async () => (await import('../features/auth/pages/RegisterPage')).RegisterPage, ['auth'], { visitorsOnly: true }),
      },
      { path: '/forgot-password', lazy: page(async () => (await import('../features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage, ['auth']) },
      { path: '/reset-password', lazy: page(async () => (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage, ['auth']) },
      { path: '/undo-email-change', lazy: page(async () => (await import('../features/auth/pages/UndoEmailChangePage')).UndoEmailChangePage, ['auth']) },
      // The public face-attendance kiosk (no login); Human loads later still.
      {
        path: '/attendance/:token',
        lazy: page(async () => (await import('../features/face/kiosk/KioskPage')).KioskPage, ['employee', 'dashboard']),
      },
      // The printable record of a biometric consent (decision 0035): the company's admin or the worker.
      { path: '/consent-record/:id', lazy: page(async () => (await import('../features/face/consent/ConsentRecordPage')).ConsentRecordPage, ['common']) },
      { path: '/super-admin/*', lazy: area('super-admin') },
      { path: '/company-admin/*', lazy: area('company-admin') },
      { path: '/employee/*', lazy: area('employee') },
      { path: '*', lazy: page(async () => (await import('../features/errors/NotFoundPage')).NotFoundPage, []) },
    ],
  },
];

/**
 * Loads the lazy parts of the page at `path` (main.tsx waits for them under the static boot spinner,
 * so the first paint is the page itself, with no blank frame or second spinner).
 */
export async function preloadRoute(path: string): Promise<void> {
  const matches = matchRoutes(appRoutes, path) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined))).catch(() => undefined);
}
