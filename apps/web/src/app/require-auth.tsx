import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '#shared/auth/use-auth.ts';

/** Every page but the auth and error pages needs a signed-in admin, otherwise /auth/login/. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'signedIn') return <Outlet />;
  const here = `${location.pathname}${location.search}`;
  // the landing route '/' just leads to the sign-in page; deeper pages are returned to after it
  const state = here === '/' ? undefined : { returnTo: here };
  return <Navigate to="/auth/login/" replace state={state} />;
}
