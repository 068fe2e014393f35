import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** The ledger adjustments: pending first, then the latest decided. */
export function useAdjustments() {
  return useQuery(financeQueries.adjustments());
}
