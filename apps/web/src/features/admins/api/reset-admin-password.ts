import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Reset = z.object({ id: z.number().int(), sessionsEnded: z.number().int() });

/** POST admin/{adminId}/reset_password {password}: every session of that admin ends. */
export function resetAdminPassword({ adminId, password }: { adminId: number; password: string }) {
  return http.request(`${SECURE_API}/admin/${adminId}/reset_password`, { method: 'POST', body: { password }, schema: Reset });
}

export function useResetAdminPassword() {
  return useMutation({ mutationFn: resetAdminPassword });
}
