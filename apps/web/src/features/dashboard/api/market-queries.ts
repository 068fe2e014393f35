import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { CLOSURE_REASONS } from '@aurum/domain/system/market-status';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Reason = z.enum(CLOSURE_REASONS).nullable();
const PairStatus = z.object({ available: z.boolean(), reason: Reason });

/** GET price/current: the live price and rate as the socket last sent them, and the status per pair. */
export const CurrentPriceAnswer = z.object({
  price: z.unknown().nullable(),
  rate: z.unknown().nullable(),
  status: z.object({
    myr: PairStatus,
    usd: PairStatus,
    offline: PairStatus,
    variant: z.enum(['regular', 'afterHour']),
    reason: Reason,
  }),
});
export type CurrentPriceAnswer = z.infer<typeof CurrentPriceAnswer>;
export type PairStatus = z.infer<typeof PairStatus>;

export function getCurrentPrice(signal?: AbortSignal): Promise<CurrentPriceAnswer> {
  return http.request(`${SECURE_API}/price/current`, { schema: CurrentPriceAnswer, signal });
}

export const PricePoint = z.object({ at: z.string(), myrBuy: z.string(), myrSell: z.string(), usdBuy: z.string(), usdSell: z.string() });
export type PricePoint = z.infer<typeof PricePoint>;

/** GET price/history: the server's recent gold prices (about 900 ticks), oldest first. */
export function getPriceHistory(signal?: AbortSignal): Promise<PricePoint[]> {
  return http.request(`${SECURE_API}/price/history`, { schema: z.array(PricePoint), signal });
}

/** The dashboard's market queries. */
export const marketQueries = {
  all: () => ['market'] as const,
  /** Asked again whenever the socket's availability flags or reason change (`signature`). */
  current: (signature: string) =>
    queryOptions({ queryKey: [...marketQueries.all(), 'current', signature], queryFn: ({ signal }) => getCurrentPrice(signal), staleTime: 0, placeholderData: (previous) => previous }),
  /** Seeds the price chart once per visit; the socket's prices are appended after it. */
  history: () => queryOptions({ queryKey: [...marketQueries.all(), 'history'], queryFn: ({ signal }) => getPriceHistory(signal), staleTime: 0, gcTime: 0 }),
};
