import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { adminQueries } from './admin-queries.ts';

const Deleted = z.object({ id: z.number().int(), sessionsEnded: z.number().int() });

/** DELETE admin/{adminId}: not oneself (409, 3004), not the last superAdmin (409, 3003). */
export function deleteAdmin(adminId: number) {
  return http.request(`${SECURE_API}/admin/${adminId}`, { method: 'DELETE', schema: Deleted });
}

export function useDeleteAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAdmin, onSuccess: () => client.invalidateQueries({ queryKey: adminQueries.lists() }) });
}
