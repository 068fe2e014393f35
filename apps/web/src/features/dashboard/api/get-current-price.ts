import { useQuery } from '@tanstack/react-query';
import { marketQueries } from './market-queries.ts';

/**
 * The market status per pair (XAU/MYR, XAU/USD, offline) with reasons. The socket's Price only
 * carries availability flags and one reason, so this is asked again whenever they change
 * (`signature`).
 */
export function useCurrentPrice(signature: string) {
  return useQuery(marketQueries.current(signature));
}
