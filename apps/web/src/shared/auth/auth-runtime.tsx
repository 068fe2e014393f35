import { useEffect } from 'react';
import { AUTH_TIMING } from '@aurum/domain/auth/timing';
import { authController, http } from '../http/client.ts';
import { useAuth } from './use-auth.ts';

/**
 * Drives the session: ends initialisation after AUTH_TIMING.initialiseDelayMs, then while
 * signed in refreshes every AUTH_TIMING.refreshEveryMs. A session restored from storage is
 * refreshed at once, so a session the server has ended is noticed on load, not 25 s later.
 */
export function AuthRuntime(): null {
  const state = useAuth();
  const signedInVia = state.status === 'signedIn' ? state.via : null;

  useEffect(() => {
    const timer = setTimeout(() => authController.initialise(), AUTH_TIMING.initialiseDelayMs);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (signedInVia === null) return;
    if (signedInVia === 'restore') void http.refreshOnce();
    const timer = setInterval(() => void http.refreshOnce(), AUTH_TIMING.refreshEveryMs);
    return () => clearInterval(timer);
  }, [signedInVia]);

  return null;
}
