import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { MetalAdjustAnswer, type CurrencyAdjustBody, type SpreadAdjustBody, type UserFeeAdjustBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { systemQueries } from '#shared/queries/system-queries.ts';
import type { Variant } from '../model/trade-constants.ts';

/** The bodies of the three parts of a metal's adjustment (SPEC.md §7). */
export interface AdjustBodies {
  currency: CurrencyAdjustBody;
  spread: SpreadAdjustBody;
  userFee: UserFeeAdjustBody;
}
export type AdjustUpdatePart = keyof AdjustBodies;

export interface AdjustInput<P extends AdjustUpdatePart> {
  metal: Metal;
  variant: Variant;
  body: AdjustBodies[P];
}

/** POST adjust/{metal}[/aht]/{part}/update (SPEC.md §7). */
export function adjustUpdatePath(metal: Metal, variant: Variant, part: AdjustUpdatePart): string {
  return `${SECURE_API}/adjust/${metal}${variant === 'afterHour' ? '/aht' : ''}/${part}/update`;
}

/**
 * POST adjust/{metal}[/aht]/currency/update {currencyKind 'MYR', bid, ask} (editCurrencyAdjustment),
 * .../spread/update {buySpread, sellSpread} (editSpreadAdjustment), .../userFee/update
 * {refineryFees, premium, interestRate (a fraction)}: each answers the metal's whole adjustment.
 */
export function updateAdjust<P extends AdjustUpdatePart>(part: P, { metal, variant, body }: AdjustInput<P>): Promise<MetalAdjustAnswer> {
  return http.request(adjustUpdatePath(metal, variant, part), { method: 'POST', body, schema: MetalAdjustAnswer });
}

/** Keeps a metal's new adjustment (from an update or a GlobalSetting) and asks the exchange sets again (the effective rate moves with it). */
export function useAdjustChanged(): (metal: Metal, answer: MetalAdjustAnswer) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (metal, answer) => {
      queryClient.setQueryData(systemQueries.metalAdjust(metal).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: systemQueries.exchange().queryKey });
    },
    [queryClient],
  );
}

export function useUpdateAdjust<P extends AdjustUpdatePart>(part: P) {
  const changed = useAdjustChanged();
  return useMutation({ mutationFn: (input: AdjustInput<P>) => updateAdjust(part, input), onSuccess: (answer, { metal }) => changed(metal, answer) });
}
