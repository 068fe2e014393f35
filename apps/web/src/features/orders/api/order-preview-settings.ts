import { useQuery } from '@tanstack/react-query';
import { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET adjust/xau: the gold fees of both variants, for the preview's global premium and refinery fees. */
export function getGoldAdjust(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/adjust/xau`, { schema: MetalAdjustAnswer, signal });
}

export function useGoldAdjust() {
  return useQuery({ queryKey: ['orders', 'create', 'adjust', 'xau'], queryFn: ({ signal }) => getGoldAdjust(signal), staleTime: 30_000 });
}
