import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const PriceSet = z.object({ bid: z.string(), ask: z.string(), high: z.string(), low: z.string(), updatedAt: z.string() });
const BidAsk = z.object({ bid: z.string(), ask: z.string() });

/** GET currency/exchange: effective (adjusted), current (with source), integral and investing USD/MYR sets. */
export const ExchangeAnswer = z.object({
  adjustExchange: PriceSet.nullable(),
  current: PriceSet.extend({ source: z.string() }).nullable(),
  integral: PriceSet.nullable(),
  investing: PriceSet.nullable(),
  adjustments: z.object({ regular: BidAsk, afterHour: BidAsk }),
});
export type ExchangeAnswer = z.infer<typeof ExchangeAnswer>;

export function getExchange(): Promise<ExchangeAnswer> {
  return http.request(`${SECURE_API}/currency/exchange`, { schema: ExchangeAnswer });
}

export const exchangeKey = ['system', 'exchange'] as const;

export function useExchange() {
  return useQuery({ queryKey: exchangeKey, queryFn: getExchange, staleTime: 0, refetchInterval: 5000 });
}
