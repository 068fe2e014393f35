import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Ended = z.object({ sessionsEnded: z.number().int() });

/** POST admin/logout/{adminId}: force logout, every session of that admin ends at once. */
export function logoutAdmin(adminId: number) {
  return http.request(`${SECURE_API}/admin/logout/${adminId}`, { method: 'POST', schema: Ended });
}

export function useLogoutAdmin() {
  return useMutation({ mutationFn: logoutAdmin });
}
