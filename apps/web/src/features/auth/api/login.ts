import { useAction } from '#shared/hooks/use-action.ts';
import { useTranslation } from 'react-i18next';
import type { LoginAnswer, LoginForm } from '@aurum/domain/auth/schemas';
import { authController, http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
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

/**
 * Signs in: stores the session, success toast; failure: error toast 'failed' with the catalogue
 * message. A right password of an admin with a second factor answers 401 (1154) with a challenge:
 * `onChallenge` gets it and the page asks for the code (decision 0221).
 */
export function useLogin(onChallenge: (challenge: string) => void = () => undefined) {
  const { t } = useTranslation(['auth', 'common']);
  const toast = useToast();
  return useAction(login, {
    onSuccess: (answer) => {
      authController.signIn(answer);
      toast.success(t('auth:login.success'));
    },
    onError: (error) => {
      const challenge = isApiError(error) && error.code === ErrorCode.SecondFactorRequired ? error.detail?.challenge : undefined;
      if (typeof challenge === 'string') onChallenge(challenge);
      else toast.error(t('common:failed'), errorMessage(error));
    },
  });
}
