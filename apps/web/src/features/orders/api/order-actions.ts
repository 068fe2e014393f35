import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderStatusAnswer } from '@aurum/domain/orders/order-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderQueries } from './order-queries.ts';

/**
 * The order actions of SPEC.md §7 (settle, cancel, revert): each refreshes every order view when
 * it succeeds. A 409 (code 3100) carries the server's text in its context.
 */
function useOrderAction<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: orderQueries.all() }),
  });
}

/** POST order/settle/{id}/{userId} (settleOrder). */
export function settleOrder({ orderId, userId }: { orderId: number; userId: number }) {
  return money.request(`${SECURE_API}/order/settle/${orderId}/${userId}`, { method: 'POST', schema: OrderStatusAnswer });
}
export const useSettleOrder = () => useOrderAction(settleOrder);

/** POST order/cancel/{id} (cancelOrder). */
export function cancelOrder({ orderId }: { orderId: number }) {
  return money.request(`${SECURE_API}/order/cancel/${orderId}`, { method: 'POST', schema: OrderStatusAnswer });
}
export const useCancelOrder = () => useOrderAction(cancelOrder);

/** POST order/revert {userId, orderId, reason} (revertOrder). */
export function revertOrder(body: { orderId: number; userId: number; reason: string }) {
  return money.request(`${SECURE_API}/order/revert`, { method: 'POST', body, schema: OrderStatusAnswer });
}
export const useRevertOrder = () => useOrderAction(revertOrder);
