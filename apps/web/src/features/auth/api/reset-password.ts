import { useAction } from '#shared/hooks/use-action.ts';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { AUTH_API } from '#shared/http/paths.ts';

const ResetPasswordAnswer = z.object({}).loose();

/**
 * POST /web/auth/admin/reset_password: body {token}, the new password as the basic-auth
 * password (`Basic base64(":" + password)`).
 */
export function resetPassword(input: { token: string; password: string }): Promise<unknown> {
  return http.request(`${AUTH_API}/reset_password`, {
    method: 'POST',
    body: { token: input.token },
    auth: { basic: { username: '', password: input.password } },
    schema: ResetPasswordAnswer,
  });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
