import { useQuery } from '@tanstack/react-query';
import { systemQueries } from '#shared/queries/system-queries.ts';

/** GET adjust/xau: the gold fees of both variants, for the preview's global premium and refinery fees. */
export function useGoldAdjust() {
  return useQuery({ ...systemQueries.metalAdjust('xau'), staleTime: 30_000 });
}
