import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderKeys } from './order-wire.ts';

const Summary = z.object({
  buy: z.object({ totalAmount: z.string(), unpaidAmount: z.string(), outstandingQuantity: z.string() }),
  sell: z.object({ totalQuantity: z.string(), unpaidQuantity: z.string(), outstandingAmount: z.string() }),
});
export type OrderSummary = z.infer<typeof Summary>;

/** POST order/summary/{userId} → the user's buy and sell totals (SPEC.md §3 "User order summary"). */
export function getOrderSummary(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/summary/${userId}`, { method: 'POST', schema: Summary, signal });
}

export function useOrderSummary(userId: number) {
  return useQuery({ queryKey: orderKeys.summary(userId), queryFn: ({ signal }) => getOrderSummary(userId, signal), enabled: userId > 0 });
}
