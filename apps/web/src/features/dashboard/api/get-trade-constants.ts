import { useQuery } from '@tanstack/react-query';
import { systemQueries } from '#shared/queries/system-queries.ts';

/** GET adjust/xau: gold's currency adjustment, spread and fees, regular and after-hour. */
export function useGoldAdjust() {
  return useQuery({ ...systemQueries.metalAdjust('xau'), staleTime: 0 });
}

/** GET currency/exchange, for the effective (adjusted) USD/MYR rate the widget shows; asked again every 10 s. */
export function useEffectiveRate() {
  return useQuery({ ...systemQueries.exchange(), staleTime: 0, refetchInterval: 10_000 });
}
