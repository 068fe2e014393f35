import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AdminDetail, AdminListAnswer } from '@aurum/domain/admins/admin-views';
import { http } from '#shared/http/client.ts';
import { listSearch } from '#shared/list/list-query.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const PARAMS = ['page', 'limit', 'sort', 'order', 'input', 'role'] as const;

/** The admin list's query string (role 'all' is none). */
export function adminListSearch(query: URLSearchParams): string {
  return listSearch(query, PARAMS, 'role');
}

/** GET admin/list?page&limit&sort&order&input&role → {items, page, limit, total}. */
export function listAdmins(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/admin/list${search ? `?${search}` : ''}`, { schema: AdminListAnswer, signal });
}

/** GET admin/{adminId} → the admin with the permissions of its role (role in wire form). */
export function getAdmin(adminId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/admin/${adminId}`, { schema: AdminDetail, signal });
}

/** The admins' queries and their cache keys. */
export const adminQueries = {
  all: () => ['admins'] as const,
  lists: () => [...adminQueries.all(), 'list'] as const,
  list: (search: string) => queryOptions({ queryKey: [...adminQueries.lists(), search], queryFn: ({ signal }) => listAdmins(search, signal), placeholderData: keepPreviousData }),
  detail: (adminId: number) =>
    queryOptions({ queryKey: [...adminQueries.all(), 'detail', adminId], queryFn: ({ signal }) => getAdmin(adminId, signal), enabled: Number.isSafeInteger(adminId) && adminId > 0 }),
};
