import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET ledger/trial-balance?date=yyyy-MM-dd → per unit the GL accounts' opening, movements and closing of a business day. */
export function getTrialBalance(date: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/trial-balance?${new URLSearchParams({ date }).toString()}`, { schema: TrialBalanceAnswer, signal });
}

/** The finance screens' queries (a day's trial balance is keyed by its date). */
export const financeQueries = {
  all: () => ['finance'] as const,
  trialBalance: (date: string) =>
    queryOptions({
      queryKey: [...financeQueries.all(), 'trial-balance', date],
      queryFn: ({ signal }) => getTrialBalance(date, signal),
      // the previous day stays on screen (dimmed) while another loads
      placeholderData: keepPreviousData,
    }),
};
