import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { MetalAdjustAnswer, type UserFeeAdjustBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { adjustUpdatePath } from './adjust-path.ts';
import { metalAdjustKey } from './get-metal-adjust.ts';
import type { Variant } from './trade-constants.ts';

export interface FeeAdjustInput {
  metal: Metal;
  variant: Variant;
  body: UserFeeAdjustBody;
}

/** POST adjust/{metal}[/aht]/userFee/update {refineryFees, premium, interestRate (a fraction)} (editSpreadAdjustment). */
export function updateFeeAdjust({ metal, variant, body }: FeeAdjustInput): Promise<MetalAdjustAnswer> {
  return http.request(adjustUpdatePath(metal, variant, 'userFee'), { method: 'POST', body, schema: MetalAdjustAnswer });
}

export function useUpdateFeeAdjust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeAdjust,
    onSuccess: (answer, { metal }) => {
      queryClient.setQueryData(metalAdjustKey(metal), answer);
      void queryClient.invalidateQueries({ queryKey: ['system', 'exchange'] });
    },
  });
}
