import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** kind lower-cased, myr by default (SPEC.md §3 "Total owed"). */
const TotalOwed = z.object({ kind: z.string().nullable().optional(), value: z.string() }).transform((a) => ({ kind: (a.kind || 'myr').toLowerCase(), value: a.value }));
export type TotalOwed = z.infer<typeof TotalOwed>;

/** POST order/total_owed {orderId, paymentDate} → what the order owes at that date, interest included. */
export function getTotalOwed(orderId: number, paymentDate: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/total_owed`, { method: 'POST', body: { orderId, paymentDate }, schema: TotalOwed, signal });
}
