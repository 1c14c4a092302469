import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { authKeys } from '../features/auth/api';
import { setUnauthorizedHandler } from '../lib/api';

/** Route root: wires "any 401 clears the session and goes to /login" (spec §8) and resets scroll on page change. */
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

  return <Outlet />;
}
