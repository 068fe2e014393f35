import { useQuery } from '@tanstack/react-query';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { OrderDetailWire, orderKeys } from './order-wire.ts';

/** GET order/{id} → the admin detail of SPEC.md §3 (docs/decisions.md "Orders"). */
export function getOrder(orderId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/${orderId}`, { schema: OrderDetailWire, signal });
}

export function useOrder(orderId: number) {
  return useQuery({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal), enabled: Number.isSafeInteger(orderId) && orderId > 0 });
}
