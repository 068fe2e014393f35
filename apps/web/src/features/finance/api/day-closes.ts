import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** The closed days and the first open day. */
export function useDayCloses() {
  return useQuery(financeQueries.closes());
}
