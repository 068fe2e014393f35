import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** The proposals to close a month or a year or to reopen a day: pending first, then the latest decided. */
export function useProposals() {
  return useQuery(financeQueries.proposals());
}
