import { useQuery } from '@tanstack/react-query';
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

export function getCurrentPrice(): Promise<CurrentPriceAnswer> {
  return http.request(`${SECURE_API}/price/current`, { schema: CurrentPriceAnswer });
}

/**
 * The market status per pair (XAU/MYR, XAU/USD, offline) with reasons. The socket's Price only
 * carries availability flags and one reason, so this is asked again whenever they change
 * (`signature`).
 */
export function useCurrentPrice(signature: string) {
  return useQuery({
    queryKey: ['market', 'current', signature],
    queryFn: getCurrentPrice,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
