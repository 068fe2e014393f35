import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Revoked = z.object({ id: z.number().int(), sessionsRevokedAt: z.string() });

/** POST user/{userId}/logout: ends the user's sessions (force logout). */
export function logoutUser(userId: number) {
  return http.request(`${SECURE_API}/user/${userId}/logout`, { method: 'POST', schema: Revoked });
}

export function useLogoutUser() {
  return useMutation({ mutationFn: logoutUser });
}
