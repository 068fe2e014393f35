import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET adjust/xau: gold's currency adjustment, spread and fees, regular and after-hour. */
export function getGoldAdjust(signal?: AbortSignal): Promise<MetalAdjustAnswer> {
  return http.request(`${SECURE_API}/adjust/xau`, { schema: MetalAdjustAnswer, signal });
}

/** GET currency/exchange, only the effective (adjusted) USD/MYR rate the widget shows. */
const EffectiveRateAnswer = z.object({ adjustExchange: z.object({ bid: z.string(), ask: z.string(), updatedAt: z.string() }).nullable() });
export type EffectiveRateAnswer = z.infer<typeof EffectiveRateAnswer>;

export function getEffectiveRate(signal?: AbortSignal): Promise<EffectiveRateAnswer> {
  return http.request(`${SECURE_API}/currency/exchange`, { schema: EffectiveRateAnswer, signal });
}

export const tradeConstantKeys = { adjust: ['dashboard', 'adjust', 'xau'] as const, rate: ['dashboard', 'exchange'] as const };

export function useGoldAdjust() {
  return useQuery({ queryKey: tradeConstantKeys.adjust, queryFn: ({ signal }) => getGoldAdjust(signal), staleTime: 0 });
}

export function useEffectiveRate() {
  return useQuery({ queryKey: tradeConstantKeys.rate, queryFn: ({ signal }) => getEffectiveRate(signal), staleTime: 0, refetchInterval: 10_000 });
}
