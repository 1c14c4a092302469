import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { authKeys } from '../features/auth/api';
import { setUnauthorizedHandler } from '../lib/api';
import { PrerenderHandOver } from './PrerenderHandOver';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Route root: catches a page that fails to load (RouteErrorBoundary), wires "any 401 clears the session and goes to /login" (spec §8) and resets scroll on page change. */
export function RootLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        queryClient.setQueryData(authKeys.session, null);
        queryClient.removeQueries({ queryKey: authKeys.companyConfig });
        navigate('/login', { replace: true });
      }),
    [queryClient, navigate],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top whenever the page (not the tab query) changes
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  // A page not loaded yet suspends here only when it was not preloaded (navigations are transitions: the old page stays).
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
        <PrerenderHandOver />
      </Suspense>
    </RouteErrorBoundary>
  );
}
