import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { UserDetail, UserListAnswer } from '@aurum/domain/users/user-views';
import { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { http } from '../http/client.ts';
import { SECURE_API } from '../http/paths.ts';

/**
 * The one users API of the console (user list screen, user pages, every user picker) and the
 * query factory that holds its cache keys: every feature reads and invalidates users through it.
 */

/** How many users a picker asks for at a time (a 'more' row asks for the next page). */
export const USER_SEARCH_PAGE_SIZE = 20;

/** GET user/list?{search}: page, limit, sort, order, condition + input, q, category → {items, page, limit, total}. */
export function listUsers(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/list${search ? `?${search}` : ''}`, { schema: UserListAnswer, signal });
}

/** GET user/{userId} → {profile, address, tradeConfig, bankAccount, wallet}. */
export function getUser(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}`, { schema: UserDetail, signal });
}

/** GET user/{userId}/wallet?page&limit → {balances, history} (history newest first; balances are what is available). */
export function getWallet(userId: number, page: number, limit: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}/wallet?page=${page}&limit=${limit}`, { schema: WalletAnswer, signal });
}

/** A picker's search: `q` (username, name, e-mail or id, as the server reads it) by username, one page of 20. */
export function userSearchQuery(text: string, page: number): string {
  const out = new URLSearchParams({ page: String(page), limit: String(USER_SEARCH_PAGE_SIZE), sort: 'username', order: 'asc' });
  if (text.trim() !== '') out.set('q', text.trim());
  return out.toString();
}

const isUserId = (userId: number) => Number.isSafeInteger(userId) && userId > 0;

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  /** One page of the user list screen (`search` is its query string). */
  list: (search: string) =>
    queryOptions({ queryKey: [...userQueries.lists(), search], queryFn: ({ signal }) => listUsers(search, signal), placeholderData: keepPreviousData }),
  /** A picker's results for the typed text, page after page. */
  search: (text: string) =>
    infiniteQueryOptions({
      queryKey: [...userQueries.lists(), { q: text.trim() }],
      queryFn: ({ pageParam, signal }) => listUsers(userSearchQuery(text, pageParam), signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
      staleTime: 30_000,
    }),
  detail: (userId: number) =>
    queryOptions({ queryKey: [...userQueries.all(), 'detail', userId], queryFn: ({ signal }) => getUser(userId, signal), enabled: isUserId(userId) }),
  wallet: (userId: number, page: number, limit: number) =>
    queryOptions({
      queryKey: [...userQueries.detail(userId).queryKey, 'wallet', page, limit],
      queryFn: ({ signal }) => getWallet(userId, page, limit, signal),
      placeholderData: keepPreviousData,
      enabled: isUserId(userId),
    }),
};
