import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

export const PricePoint = z.object({ at: z.string(), myrBuy: z.string(), myrSell: z.string(), usdBuy: z.string(), usdSell: z.string() });
export type PricePoint = z.infer<typeof PricePoint>;

/** GET price/history: the server's recent gold prices (about 900 ticks), oldest first. */
export function getPriceHistory(): Promise<PricePoint[]> {
  return http.request(`${SECURE_API}/price/history`, { schema: z.array(PricePoint) });
}

/** Seeds the price chart once per visit; the socket's prices are appended after it. */
export function usePriceHistory() {
  return useQuery({ queryKey: ['market', 'history'], queryFn: getPriceHistory, staleTime: 0, gcTime: 0 });
}
