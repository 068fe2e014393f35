import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Revoked = z.object({ id: z.number().int(), sessionsRevokedAt: z.string() });

/** POST user/{userId}/reset_password {password}: the user's sessions are revoked too. */
export function resetUserPassword({ userId, password }: { userId: number; password: string }) {
  return http.request(`${SECURE_API}/user/${userId}/reset_password`, { method: 'POST', body: { password }, schema: Revoked });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
