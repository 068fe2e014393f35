import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AUTH_TIMING } from '@aurum/domain/auth/timing';
import { authController, http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { tellOtherTabs } from '#shared/auth/tab-channel.ts';

/** POST /web/auth/admin/logout: bearer token, empty body (SPEC.md §7). */
export function logout(): Promise<unknown> {
  return http.request(`${AUTH_API}/logout`, { method: 'POST' });
}

/**
 * Logs out (SPEC.md §4): clears session storage, success toast, and after
 * AUTH_TIMING.logoutRedirectDelayMs signs out and replaces the page with the sign-in page.
 * Failure: error toast 'failed' with the catalogue message; the session stays.
 */
export function useLogout() {
  const { t } = useTranslation('common');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // the other tabs of this browser end their sessions too (decision 0225)
      tellOtherTabs({ type: 'signOut' });
      authController.forgetStoredSession();
      toast.success(t('logout.success'));
      setTimeout(() => {
        authController.signOut();
        queryClient.clear();
        void navigate('/auth/login/', { replace: true });
      }, AUTH_TIMING.logoutRedirectDelayMs);
    },
    onError: (error) => {
      toast.error(t('failed'), errorMessage(error));
    },
  });
}
