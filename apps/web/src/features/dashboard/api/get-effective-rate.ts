import { useQuery } from '@tanstack/react-query';
import { systemQueries } from '#shared/queries/system-queries.ts';

/** GET currency/exchange, for the effective (adjusted) USD/MYR rate the widget shows; asked again every 10 s. */
export function useEffectiveRate() {
  return useQuery({ ...systemQueries.exchange(), staleTime: 0, refetchInterval: 10_000 });
}
