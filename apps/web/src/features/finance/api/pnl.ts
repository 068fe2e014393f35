import { useQuery } from '@tanstack/react-query';
import type { PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { financeQueries } from './finance-queries.ts';

/** The dealer's P&L over a range; nothing is asked while the range is not valid. */
export function usePnl(query: PnlQuery, enabled: boolean) {
  return useQuery({ ...financeQueries.pnl(query), enabled });
}
