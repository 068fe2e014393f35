import { useQuery } from '@tanstack/react-query';
import { AdminDetail } from '@aurum/domain/admins/admin-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET admin/{adminId} → the admin with the permissions of its role (role in wire form). */
export function getAdmin(adminId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/admin/${adminId}`, { schema: AdminDetail, signal });
}

export const adminKey = (adminId: number) => ['admins', 'detail', adminId] as const;

export function useAdminDetail(adminId: number) {
  return useQuery({ queryKey: adminKey(adminId), queryFn: ({ signal }) => getAdmin(adminId, signal), enabled: Number.isSafeInteger(adminId) && adminId > 0 });
}
