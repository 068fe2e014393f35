import { useQuery } from '@tanstack/react-query';
import { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import type { Metal } from '@aurum/domain/system/metals';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET adjust/{metal}: currency, spread, userFee and their after-hour counterparts. */
export function getMetalAdjust(metal: Metal): Promise<MetalAdjustAnswer> {
  return http.request(`${SECURE_API}/adjust/${metal}`, { schema: MetalAdjustAnswer });
}

export const metalAdjustKey = (metal: Metal) => ['system', 'adjust', metal] as const;

export function useMetalAdjust(metal: Metal) {
  return useQuery({ queryKey: metalAdjustKey(metal), queryFn: () => getMetalAdjust(metal) });
}
