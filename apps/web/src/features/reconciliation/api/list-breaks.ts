import { useQuery } from '@tanstack/react-query';
import { reconciliationQueries } from './reconciliation-queries.ts';

export function useBreakList(search: string) {
  return useQuery(reconciliationQueries.breaks(search));
}
