import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminListAnswer } from '@aurum/domain/admins/admin-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const PARAMS = ['page', 'limit', 'sort', 'order', 'input', 'role'] as const;

export function adminListSearch(query: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of PARAMS) {
    const value = query.get(key);
    if (value !== null && value.trim() !== '' && !(key === 'role' && value === 'all')) out.set(key, value.trim());
  }
  return out.toString();
}

/** GET admin/list?page&limit&sort&order&input&role → {items, page, limit, total}. */
export function listAdmins(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/admin/list${search ? `?${search}` : ''}`, { schema: AdminListAnswer, signal });
}

export function useAdminList(query: URLSearchParams) {
  const search = adminListSearch(query);
  return useQuery({ queryKey: ['admins', 'list', search], queryFn: ({ signal }) => listAdmins(search, signal), placeholderData: keepPreviousData });
}
