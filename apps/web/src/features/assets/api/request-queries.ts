import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { RequestPage, RequestView } from '@aurum/domain/assets/request-schemas';
import { http } from '#shared/http/client.ts';
import { listSearch } from '#shared/list/list-query.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** The query parameters GET asset/list takes (filters plus page, limit, sort, order). */
export const REQUEST_LIST_PARAMS = ['action', 'status', 'type', 'userId', 'createdAfter', 'createdBefore', 'page', 'limit', 'sort', 'order'] as const;

/** The search string of a list query: known parameters only, empty values dropped. */
export function requestListSearch(query: Pick<URLSearchParams, 'get'>): string {
  return listSearch(query, REQUEST_LIST_PARAMS);
}

/** GET asset/list?action&status&type&userId&createdAfter&createdBefore&page&limit&sort&order → {items, page, limit, total}. */
export function listRequests(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/asset/list${search ? `?${search}` : ''}`, { schema: RequestPage, signal });
}

/** GET asset/{requestId} → the request (404, 1003 when unknown). */
export function getRequest(requestId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/asset/${requestId}`, { schema: RequestView, signal });
}

export type ReceiptWhich = 'user' | 'verified';

/**
 * GET asset/{requestId}/receipt/{user|verified} → the image as a Blob. It needs the bearer token,
 * which an <img src> cannot send: the console fetches it and shows an object URL.
 */
export function getReceipt(requestId: number, which: ReceiptWhich, signal?: AbortSignal) {
  return http.request<Blob>(`${SECURE_API}/asset/${requestId}/receipt/${which}`, { responseType: 'blob', signal });
}

/** The requests feature's queries: everything under 'assets', so one invalidation refreshes it all. */
export const requestQueries = {
  all: () => ['assets'] as const,
  list: (search: string) =>
    queryOptions({ queryKey: [...requestQueries.all(), 'list', search], queryFn: ({ signal }) => listRequests(search, signal), placeholderData: keepPreviousData }),
  detail: (requestId: number) =>
    queryOptions({
      queryKey: [...requestQueries.all(), 'detail', requestId],
      queryFn: ({ signal }) => getRequest(requestId, signal),
      enabled: Number.isSafeInteger(requestId) && requestId > 0,
    }),
  /** Receipt images never change once stored. */
  receipt: (requestId: number, which: ReceiptWhich) =>
    queryOptions({ queryKey: [...requestQueries.all(), 'receipt', requestId, which], queryFn: ({ signal }) => getReceipt(requestId, which, signal), staleTime: Infinity }),
  /** A request changes wallets (holds, postings): its own queries and the users' are refreshed after one. */
  afterChange: () => [requestQueries.all(), userQueries.all()] as const,
  isReceipt: (queryKey: readonly unknown[]) => queryKey[0] === requestQueries.all()[0] && queryKey[1] === 'receipt',
};
