import { z } from 'zod';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { OPEN_STATUSES } from '@aurum/domain/orders/open-statuses';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

const Counts = z.array(z.object({ status: z.string().transform((s) => s.toUpperCase()).pipe(z.enum(ORDER_STATUSES)), count: z.number() }));

/** The trade overview counts the open statuses (SPEC.md §7). POST order/list_count {filterType: 'Status', status: [Created, Filled, Settled, Overdue]} → [{status, count}]. */
export function getOrderCounts(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/list_count`, {
    method: 'POST',
    body: { filterType: 'Status', status: OPEN_STATUSES.map((s) => `${s[0]}${s.slice(1).toLowerCase()}`) },
    schema: Counts,
    signal,
  });
}
