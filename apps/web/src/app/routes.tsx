import type { RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { RegisterPage } from '../features/auth/pages/RegisterPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { LandingPage } from '../features/landing/pages/LandingPage';
import { ProtectedArea } from './ProtectedArea';
import { RedirectIfAuthenticated } from './RedirectIfAuthenticated';
import { RootLayout } from './RootLayout';

/**
 * The one route table (spec §2). Dashboard tabs are the path segment after the area:
 * /company-admin (overview), /company-admin/settings, ...
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/',
        element: (
          <RedirectIfAuthenticated>
            <LandingPage />
          </RedirectIfAuthenticated>
        ),
      },
      {
        path: '/login',
        element: (
          <RedirectIfAuthenticated>
            <LoginPage />
          </RedirectIfAuthenticated>
        ),
      },
      {
        path: '/register',
        element: (
          <RedirectIfAuthenticated>
            <RegisterPage />
          </RedirectIfAuthenticated>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // The public face-attendance kiosk (no login); its own lazy chunk, Human loads later still.
      { path: '/attendance/:token', lazy: async () => ({ Component: (await import('../features/face/kiosk/KioskPage')).KioskPage }) },
      { path: '/super-admin/*', element: <ProtectedArea area="super-admin" /> },
      { path: '/company-admin/*', element: <ProtectedArea area="company-admin" /> },
      { path: '/employee/*', element: <ProtectedArea area="employee" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
