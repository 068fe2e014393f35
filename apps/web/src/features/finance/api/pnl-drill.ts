import { useQuery } from '@tanstack/react-query';
import type { PnlDrillQuery } from '@aurum/domain/finance/pnl-schemas';
import { financeQueries } from './finance-queries.ts';

/** What is behind one P&L figure; asked only while its drawer is open. */
export function usePnlDrill(query: PnlDrillQuery | null) {
  return useQuery({ ...financeQueries.pnlDrill(query ?? { from: '', to: '', figure: 'spread' }), enabled: query !== null });
}
