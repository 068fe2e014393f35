import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** A business day's trial balance; nothing is asked while the date is not a real day. */
export function useTrialBalance(date: string, enabled: boolean) {
  return useQuery({ ...financeQueries.trialBalance(date), enabled });
}
