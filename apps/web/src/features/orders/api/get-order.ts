import { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET order/{id} → the admin detail of SPEC.md §3 (decision 0407). */
export function getOrder(orderId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/${orderId}`, { schema: OrderDetail, signal });
}
