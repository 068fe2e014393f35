import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** The income statement over closed days (`enabled` once the range is valid). */
export function useIncomeStatement(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({ ...financeQueries.incomeStatement(range), enabled });
}
