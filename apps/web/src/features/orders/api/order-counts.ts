import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '@aurum/domain/orders/order-status';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderKeys } from './order-wire.ts';

const Counts = z.array(z.object({ status: z.string().transform((s) => s.toUpperCase()).pipe(z.enum(ORDER_STATUSES)), count: z.number() }));

/** The statuses the trade overview counts (SPEC.md §7: the open ones). */
export const COUNTED_STATUSES: readonly OrderStatus[] = ['CREATED', 'FILLED', 'SETTLED', 'OVERDUE'];

/** POST order/list_count {filterType: 'Status', status: [Created, Filled, Settled, Overdue]} → [{status, count}]. */
export function getOrderCounts(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/list_count`, {
    method: 'POST',
    body: { filterType: 'Status', status: COUNTED_STATUSES.map((s) => `${s[0]}${s.slice(1).toLowerCase()}`) },
    schema: Counts,
    signal,
  });
}

export function useOrderCounts() {
  return useQuery({ queryKey: orderKeys.counts, queryFn: ({ signal }) => getOrderCounts(signal) });
}
