import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

const Deleted = z.object({ id: z.number().int() });

/** DELETE user/{userId}; 422 (1050) with pending requests or a non-empty wallet. */
export function deleteUser(userId: number) {
  return http.request(`${SECURE_API}/user/${userId}`, { method: 'DELETE', schema: Deleted });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.lists() }) });
}
