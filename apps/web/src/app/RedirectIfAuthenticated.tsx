import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { landingPathFor, useSession } from '../features/auth/api';

/**
 * Public pages (/, /login, /register) render at once; when the session check finds a user,
 * they are sent to their own area (spec §2).
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  const location = useLocation();
  if (user) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={landingPathFor(user, from)} replace />;
  }
  return children;
}
