import { useQuery } from '@tanstack/react-query';
import { listSearch } from '#shared/list/list-query.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** The query parameters the user list sends (page, limit, sort, order, condition, input, category; category 'all' is none). */
export const USER_LIST_PARAMS = ['page', 'limit', 'sort', 'order', 'condition', 'input', 'category'] as const;

export function userListSearch(query: URLSearchParams): string {
  return listSearch(query, USER_LIST_PARAMS, 'category');
}

/** GET user/list?page&limit&sort&order&condition&input&category → {items, page, limit, total}. */
export function useUserList(query: URLSearchParams) {
  return useQuery(userQueries.list(userListSearch(query)));
}
