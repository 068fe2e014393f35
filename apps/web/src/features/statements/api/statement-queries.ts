import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET statements/{userId}?month=yyyy-MM → the user's statement of that month. */
export function getStatement(userId: number, month: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/statements/${userId}?${new URLSearchParams({ month }).toString()}`, { schema: StatementAnswer, signal });
}

/** The statements screen's queries (a statement is keyed by its user and month). */
export const statementQueries = {
  all: () => ['statements'] as const,
  month: (userId: number, month: string) =>
    queryOptions({
      queryKey: [...statementQueries.all(), userId, month],
      queryFn: ({ signal }) => getStatement(userId, month, signal),
      // the previous statement stays on screen (dimmed) while another loads
      placeholderData: keepPreviousData,
    }),
};
