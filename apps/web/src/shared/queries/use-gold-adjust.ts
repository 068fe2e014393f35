import { useQuery } from '@tanstack/react-query';
import { systemQueries } from './system-queries.ts';

/** GET adjust/xau: gold's currency adjustment, spread and fees, regular and after-hour. */
export function useGoldAdjust() {
  // its readers prefer the socket's newer setting and a Resync refetches it: a 30 s old answer is
  // never shown over a newer one, and a visit to the dashboard or the order form spares a call
  return useQuery({ ...systemQueries.metalAdjust('xau'), staleTime: 30_000 });
}
