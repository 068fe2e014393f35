import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEditBody } from '@aurum/domain/admins/admin-schemas';
import { AdminDetail } from '@aurum/domain/admins/admin-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { adminQueries } from './admin-queries.ts';

/** PUT admin/{adminId} (e-mail, names, role); demoting the last superAdmin is 409 (3003). */
export function editAdmin({ adminId, body }: { adminId: number; body: AdminEditBody }) {
  return http.request(`${SECURE_API}/admin/${adminId}`, { method: 'PUT', body, schema: AdminDetail });
}

export function useEditAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editAdmin, onSuccess: () => client.invalidateQueries({ queryKey: adminQueries.all() }) });
}
