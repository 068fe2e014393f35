import { useTranslation } from 'react-i18next';
import type { LoginAnswer } from '@aurum/domain/auth/schemas';
import { useAction } from '#shared/hooks/use-action.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { authController, http } from '#shared/http/client.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { AUTH_API } from '#shared/http/paths.ts';

/** POST /web/auth/admin/login/otp: the challenge of the sign-in's 401 (1154) and a TOTP or recovery code (decision 0221). */
export function loginOtp(body: { challenge: string; code: string }): Promise<LoginAnswer> {
  return http.request(`${AUTH_API}/login/otp`, {
    method: 'POST',
    body,
    auth: 'none',
    lazySchema: () => import('@aurum/domain/auth/schemas').then((m) => m.LoginAnswer),
  });
}

/** The second step: the code of the authenticator app (or a recovery code) with the challenge; signs in as useLogin does. */
export function useLoginOtp() {
  const { t } = useTranslation(['auth', 'common']);
  const toast = useToast();
  return useAction(loginOtp, {
    onSuccess: (answer) => {
      authController.signIn(answer);
      toast.success(t('auth:login.success'));
    },
    onError: (error) => {
      toast.error(t('common:failed'), errorMessage(error));
    },
  });
}
