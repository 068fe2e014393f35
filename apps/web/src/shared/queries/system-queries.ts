import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Metal } from '@aurum/domain/system/metals';
import { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '../http/client.ts';
import { SECURE_API } from '../http/paths.ts';

/**
 * Trade settings several screens read (Constant, Mode, the dashboard's trade constant widget, the
 * create-order preview): one fetch and one cache key each, so a change made on one screen shows
 * on the others.
 */

/** GET adjust/{metal}: currency, spread, userFee and their after-hour counterparts. */
export function getMetalAdjust(metal: Metal, signal?: AbortSignal): Promise<MetalAdjustAnswer> {
  return http.request(`${SECURE_API}/adjust/${metal}`, { schema: MetalAdjustAnswer, signal });
}

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

export function getExchange(signal?: AbortSignal): Promise<ExchangeAnswer> {
  return http.request(`${SECURE_API}/currency/exchange`, { schema: ExchangeAnswer, signal });
}

export const systemQueries = {
  all: () => ['system'] as const,
  metalAdjust: (metal: Metal) => queryOptions({ queryKey: [...systemQueries.all(), 'adjust', metal], queryFn: ({ signal }) => getMetalAdjust(metal, signal) }),
  exchange: () => queryOptions({ queryKey: [...systemQueries.all(), 'exchange'], queryFn: ({ signal }) => getExchange(signal) }),
};
