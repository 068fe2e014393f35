import type { LoginAnswer, RefreshAnswer } from '@aurum/domain/auth/schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { isApiError } from '../http/api-error.ts';
import {
  adminFromWire,
  clearSession,
  readStoredSession,
  storeSessionMessage,
  writeSession,
  SESSION_KEYS,
  type SessionAdmin,
} from './session-storage.ts';
import { createListeners } from '#shared/store/listeners.ts';

/**
 * SPEC.md §4: the console starts initialising; then it is signed in (admin restored from
 * session storage, or by login) or signed out.
 */
export type AuthState =
  | { status: 'initialising' }
  | { status: 'signedIn'; admin: SessionAdmin; via: 'restore' | 'login' }
  | { status: 'signedOut' };

export interface AuthControllerDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** POST /web/auth/admin/refresh; throws an ApiError on failure. */
  callRefresh: (body: { id: number; token: string }) => Promise<RefreshAnswer>;
  logError?: (message: string, detail?: unknown) => void;
}

export interface AuthController {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Ends initialisation: restores a stored session or signs out. */
  initialise(): void;
  signIn(answer: LoginAnswer): void;
  /** Clears session storage and signs out at once. */
  signOut(): void;
  /** Clears session storage only (logout keeps the shell up until its redirect). */
  forgetStoredSession(): void;
  accessToken(): string | null;
  /**
   * Calls refresh with the stored refresh token (the one the sign-in answered: it is not rotated,
   * DECISIONS.md §9, and is kept for the whole session whatever the answer carries) and stores the
   * new access token and the admin as answered (its role may have changed). A refused
   * refresh (400 or 401) ends the session: storage cleared, the 1152 context kept as the session
   * message, the `expired` listeners told (they send the console to '/'). Other failures are
   * only logged. Use the http client's refreshOnce so that one refresh is in flight at a time.
   */
  refresh(): Promise<boolean>;
  /** Called when a refused refresh ended the session. */
  onExpired(listener: () => void): () => void;
}

export function createAuthController(deps: AuthControllerDeps): AuthController {
  const { storage } = deps;
  const logError = deps.logError ?? ((message: string, detail?: unknown) => console.error(message, detail));
  let state: AuthState = { status: 'initialising' };
  const listeners = createListeners();
  const expiredListeners = createListeners();

  function set(next: AuthState) {
    state = next;
    listeners.emit();
  }

  return {
    getState: () => state,
    subscribe: listeners.add,
    initialise() {
      if (state.status !== 'initialising') return;
      const session = readStoredSession(storage);
      if (session) {
        set({ status: 'signedIn', admin: session.admin, via: 'restore' });
      } else {
        clearSession(storage);
        set({ status: 'signedOut' });
      }
    },
    signIn(answer) {
      const admin = adminFromWire(answer.user);
      writeSession(storage, { admin, accessToken: answer.jwt, refreshToken: answer.refreshToken });
      set({ status: 'signedIn', admin, via: 'login' });
    },
    signOut() {
      clearSession(storage);
      set({ status: 'signedOut' });
    },
    forgetStoredSession() {
      clearSession(storage);
    },
    accessToken: () => storage.getItem(SESSION_KEYS.accessToken),
    async refresh() {
      const session = readStoredSession(storage);
      if (!session) return false;
      try {
        const answer = await deps.callRefresh({ id: session.admin.id, token: session.refreshToken });
        // a logout may have cleared the session while the refresh was on its way
        if (!readStoredSession(storage)) return false;
        const admin = adminFromWire(answer.user);
        writeSession(storage, { admin, accessToken: answer.jwt, refreshToken: session.refreshToken });
        if (state.status === 'signedIn') set({ status: 'signedIn', admin, via: state.via });
        return true;
      } catch (error) {
        if (isApiError(error) && (error.status === 400 || error.status === 401)) {
          clearSession(storage);
          if (error.code === ErrorCode.SessionEnded && error.context) storeSessionMessage(storage, error.context);
          set({ status: 'signedOut' });
          expiredListeners.emit();
        } else {
          logError('session refresh failed', error);
        }
        return false;
      }
    },
    onExpired(listener) {
      return expiredListeners.add(listener);
    },
  };
}
