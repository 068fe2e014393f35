import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RequestPage } from '@aurum/domain/assets/request-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestKeys } from './request-keys.ts';

/** The query parameters GET asset/list takes (filters plus page, limit, sort, order). */
export const REQUEST_LIST_PARAMS = ['action', 'status', 'type', 'userId', 'createdAfter', 'createdBefore', 'page', 'limit', 'sort', 'order'] as const;

/** The search string of a list query: known parameters only, empty values dropped. */
export function requestListSearch(query: Pick<URLSearchParams, 'get'>): string {
  const out = new URLSearchParams();
  for (const key of REQUEST_LIST_PARAMS) {
    const value = query.get(key);
    if (value !== null && value.trim() !== '') out.set(key, value.trim());
  }
  return out.toString();
}

/** GET asset/list?action&status&type&userId&createdAfter&createdBefore&page&limit&sort&order → {items, page, limit, total}. */
export function listRequests(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/asset/list${search ? `?${search}` : ''}`, { schema: RequestPage, signal });
}

export function useRequestList(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: requestKeys.list(search), queryFn: ({ signal }) => listRequests(search, signal), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}
