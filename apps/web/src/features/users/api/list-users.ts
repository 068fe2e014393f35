import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserListAnswer } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** The query parameters the user list sends (page, limit, sort, order, condition, input, category). */
export const USER_LIST_PARAMS = ['page', 'limit', 'sort', 'order', 'condition', 'input', 'category'] as const;

export function userListSearch(query: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of USER_LIST_PARAMS) {
    const value = query.get(key);
    if (value !== null && value.trim() !== '' && !(key === 'category' && value === 'all')) out.set(key, value.trim());
  }
  return out.toString();
}

/** GET user/list?page&limit&sort&order&condition&input&category → {items, page, limit, total}. */
export function listUsers(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/list${search ? `?${search}` : ''}`, { schema: UserListAnswer, signal });
}

export function useUserList(query: URLSearchParams) {
  const search = userListSearch(query);
  return useQuery({ queryKey: ['users', 'list', search], queryFn: ({ signal }) => listUsers(search, signal), placeholderData: keepPreviousData });
}
