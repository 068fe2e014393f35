import { useQuery } from '@tanstack/react-query';
import { financeQueries } from './finance-queries.ts';

/** What closing a day would find now; nothing is asked while the date is not a real day. */
export function useDayCloseCheck(date: string, enabled: boolean) {
  return useQuery({ ...financeQueries.closeCheck(date), enabled });
}
