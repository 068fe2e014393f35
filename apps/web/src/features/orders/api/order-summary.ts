import { OrderSummary } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** POST order/summary/{userId} → the user's buy and sell totals (SPEC.md §3 "User order summary"). */
export function getOrderSummary(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/summary/${userId}`, { method: 'POST', schema: OrderSummary, signal });
}
