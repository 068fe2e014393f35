import { useQuery } from '@tanstack/react-query';
import { systemQueries } from '#shared/queries/system-queries.ts';

/** The USD/MYR sets, asked again every 5 s. */
export function useExchange() {
  return useQuery({ ...systemQueries.exchange(), staleTime: 0, refetchInterval: 5000 });
}
