import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { MetalAdjustAnswer, type SpreadAdjustBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { adjustUpdatePath } from './adjust-path.ts';
import { metalAdjustKey } from './get-metal-adjust.ts';
import type { Variant } from './trade-constants.ts';

export interface SpreadAdjustInput {
  metal: Metal;
  variant: Variant;
  body: SpreadAdjustBody;
}

/** POST adjust/{metal}[/aht]/spread/update {buySpread, sellSpread} (editSpreadAdjustment). */
export function updateSpreadAdjust({ metal, variant, body }: SpreadAdjustInput): Promise<MetalAdjustAnswer> {
  return http.request(adjustUpdatePath(metal, variant, 'spread'), { method: 'POST', body, schema: MetalAdjustAnswer });
}

export function useUpdateSpreadAdjust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpreadAdjust,
    onSuccess: (answer, { metal }) => {
      queryClient.setQueryData(metalAdjustKey(metal), answer);
      void queryClient.invalidateQueries({ queryKey: ['system', 'exchange'] });
    },
  });
}
