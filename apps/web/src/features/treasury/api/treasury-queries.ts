import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { HedgeDetail, HedgePage } from '@aurum/domain/hedges/hedge-schemas';
import { PositionAnswer, PositionHistoryAnswer } from '@aurum/domain/treasury/position-schemas';
import { http } from '#shared/http/client.ts';
import { listSearch } from '#shared/list/list-query.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const HEDGE_PARAMS = ['page', 'limit', 'sort', 'order', 'metal', 'provider', 'state', 'tradedFrom', 'tradedTo'] as const;

/** The hedge list's query string ('all' filters are none). */
export function hedgeListSearch(query: URLSearchParams): string {
  const search = new URLSearchParams(listSearch(query, HEDGE_PARAMS));
  for (const key of ['metal', 'state']) if (search.get(key) === 'all') search.delete(key);
  return search.toString();
}

/** GET hedge/list?page&limit&sort&order&metal&provider&state&tradedFrom&tradedTo → {items, page, limit, total}. */
export function listHedges(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/hedge/list${search ? `?${search}` : ''}`, { schema: HedgePage, signal });
}

/** GET hedge/{hedgeId} → the hedge with the orders it covers and the spread on each. */
export function getHedge(hedgeId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/hedge/${hedgeId}`, { schema: HedgeDetail, signal });
}

/** GET treasury/position → one item per metal. */
export function getPosition(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/treasury/position`, { schema: PositionAnswer, signal });
}

/** GET treasury/history?hours → every metal's net position every five minutes, oldest first. */
export function getPositionHistory(hours: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/treasury/history?hours=${hours}`, { schema: PositionHistoryAnswer, signal });
}

/** The treasury's queries and their cache keys. */
export const treasuryQueries = {
  all: () => ['treasury'] as const,
  hedges: () => [...treasuryQueries.all(), 'hedges'] as const,
  hedgeList: (search: string) => queryOptions({ queryKey: [...treasuryQueries.hedges(), 'list', search], queryFn: ({ signal }) => listHedges(search, signal), placeholderData: keepPreviousData }),
  hedge: (hedgeId: number) =>
    queryOptions({ queryKey: [...treasuryQueries.hedges(), 'detail', hedgeId], queryFn: ({ signal }) => getHedge(hedgeId, signal), enabled: Number.isSafeInteger(hedgeId) && hedgeId > 0 }),
  position: () => queryOptions({ queryKey: [...treasuryQueries.all(), 'position'], queryFn: ({ signal }) => getPosition(signal) }),
  // the server writes a point every five minutes: asked again every minute
  history: (hours: number) =>
    queryOptions({ queryKey: [...treasuryQueries.all(), 'history', hours], queryFn: ({ signal }) => getPositionHistory(hours, signal), refetchInterval: 60_000 }),
};
