import { queryOptions } from '@tanstack/react-query';
import { HoldList } from '@aurum/domain/compliance/hold-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET compliance/holds → the holds in force (held and frozen), newest first (readCompliance). */
export function listHolds(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/holds`, { schema: HoldList, signal });
}

/** The compliance desk's queries (a hold placed, proposed or agreed refetches everything under `all`). */
export const holdQueries = {
  all: () => ['compliance', 'holds'] as const,
  inForce: () => queryOptions({ queryKey: [...holdQueries.all(), 'inForce'], queryFn: ({ signal }) => listHolds(signal) }),
};
