import { useQuery } from '@tanstack/react-query';
import { marketQueries } from './market-queries.ts';

export function usePriceHistory() {
  return useQuery(marketQueries.history());
}
