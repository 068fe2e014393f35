import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { MetalAdjustAnswer, type CurrencyAdjustBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { adjustUpdatePath } from './adjust-path.ts';
import { metalAdjustKey } from './get-metal-adjust.ts';
import type { Variant } from './trade-constants.ts';

export interface CurrencyAdjustInput {
  metal: Metal;
  variant: Variant;
  body: CurrencyAdjustBody;
}

/** POST adjust/{metal}[/aht]/currency/update {currencyKind 'MYR', bid, ask} (editCurrencyAdjustment). */
export function updateCurrencyAdjust({ metal, variant, body }: CurrencyAdjustInput): Promise<MetalAdjustAnswer> {
  return http.request(adjustUpdatePath(metal, variant, 'currency'), { method: 'POST', body, schema: MetalAdjustAnswer });
}

export function useUpdateCurrencyAdjust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrencyAdjust,
    onSuccess: (answer, { metal }) => {
      queryClient.setQueryData(metalAdjustKey(metal), answer);
      void queryClient.invalidateQueries({ queryKey: ['system', 'exchange'] });
    },
  });
}
