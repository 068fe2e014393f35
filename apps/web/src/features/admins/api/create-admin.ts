import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminCreateBody } from '@aurum/domain/admins/admin-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { adminQueries } from './admin-queries.ts';

const Created = z.object({ id: z.number().int() });

/** POST admin/create → {id}; a taken username or e-mail is 409 (1001, the field). */
export function createAdmin(body: AdminCreateBody) {
  return http.request(`${SECURE_API}/admin/create`, { method: 'POST', body, schema: Created });
}

export function useCreateAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createAdmin, onSuccess: () => client.invalidateQueries({ queryKey: adminQueries.lists() }) });
}
