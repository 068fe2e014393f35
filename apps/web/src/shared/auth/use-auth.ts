import { useSyncExternalStore } from 'react';
import { authController } from '../http/client.ts';
import type { AuthState } from './auth-controller.ts';
import type { SessionAdmin } from './session-storage.ts';

export function useAuth(): AuthState {
  return useSyncExternalStore(authController.subscribe, authController.getState);
}

/** The signed-in admin, or null. */
export function useAdmin(): SessionAdmin | null {
  const state = useAuth();
  return state.status === 'signedIn' ? state.admin : null;
}
