import { useAction } from '#shared/hooks/use-action.ts';
import { useTranslation } from 'react-i18next';
import type { LoginAnswer, LoginForm } from '@aurum/domain/auth/schemas';
import { authController, http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';

/** POST /web/auth/admin/login: basic authentication, empty body (SPEC.md §7). */
export function login(credentials: LoginForm): Promise<LoginAnswer> {
  return http.request(`${AUTH_API}/login`, {
    method: 'POST',
    auth: { basic: credentials },
    // the answer's schema loads while the call is on its way (the sign-in page is the first load)
    lazySchema: () => import('@aurum/domain/auth/schemas').then((m) => m.LoginAnswer),
  });
}

/** Signs in: stores the session, success toast; failure: error toast 'failed' with the catalogue message. */
export function useLogin() {
  const { t } = useTranslation(['auth', 'common']);
  const toast = useToast();
  return useAction(login, {
    onSuccess: (answer) => {
      authController.signIn(answer);
      toast.success(t('auth:login.success'));
    },
    onError: (error) => {
      toast.error(t('common:failed'), errorMessage(error));
    },
  });
}
