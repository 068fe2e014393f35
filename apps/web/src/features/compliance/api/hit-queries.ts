import { queryOptions } from '@tanstack/react-query';
import { HitList } from '@aurum/domain/compliance/hit-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** How many open hits the screen reads at once (the API allows up to HIT_PAGE_MAX). */
export const HITS_PAGE = 100;

/** GET compliance/hits → the open screening hits, newest first, with the matcher's reasons (readCompliance). */
export function listOpenHits(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/hits?limit=${HITS_PAGE}`, { schema: HitList, signal });
}

/** The hits' queries (a dismissal or a confirmation refetches everything under `all`). */
export const hitQueries = {
  all: () => ['compliance', 'hits'] as const,
  open: () => queryOptions({ queryKey: [...hitQueries.all(), 'open'], queryFn: ({ signal }) => listOpenHits(signal) }),
};
