import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BreakListAnswer, LatestRunAnswer } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET reconciliation/latest → {run}: the last run (on demand or the daily job), null before the first. */
export function getLatestRun(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/reconciliation/latest`, { schema: LatestRunAnswer, signal });
}

/** GET reconciliation/breaks?status&kind&metal&page&limit&sort&order → a page of breaks with their explaining postings. */
export function listBreaks(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/reconciliation/breaks${search ? `?${search}` : ''}`, { schema: BreakListAnswer, signal });
}

/** The reconciliation screen's queries (a run or a resolve refetches everything under `all`). */
export const reconciliationQueries = {
  all: () => ['reconciliation'] as const,
  latest: () => queryOptions({ queryKey: [...reconciliationQueries.all(), 'latest'], queryFn: ({ signal }) => getLatestRun(signal) }),
  breaks: (search: string) =>
    queryOptions({
      queryKey: [...reconciliationQueries.all(), 'breaks', search],
      queryFn: ({ signal }) => listBreaks(search, signal),
      placeholderData: keepPreviousData,
    }),
};
