import { useQuery } from '@tanstack/react-query';
import { reconciliationQueries } from './reconciliation-queries.ts';

export function useLatestRun() {
  return useQuery(reconciliationQueries.latest());
}
