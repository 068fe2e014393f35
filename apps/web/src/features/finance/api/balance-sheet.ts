import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** The balance sheet at a closed day's end (`enabled` once the date is a real day). */
export function useBalanceSheet(date: string, enabled: boolean) {
  return useQuery({ ...financeQueries.balanceSheet(date), enabled });
}
