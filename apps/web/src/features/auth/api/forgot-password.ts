import { useAction } from '#shared/hooks/use-action.ts';
import type { ForgotPasswordBody } from '@aurum/domain/auth/schemas';
import { http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';

/** POST /web/auth/admin/forgot_password {email}: always 200 {} (no account enumeration); the answer is not read. */
export function forgotPassword(body: ForgotPasswordBody): Promise<unknown> {
  return http.request(`${AUTH_API}/forgot_password`, { method: 'POST', body, auth: 'none' });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
