import { useQuery } from '@tanstack/react-query';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { PaymentViewWire, orderKeys } from './order-wire.ts';

/** POST order/payment_view/{id} → amounts, interest, rates and payments (SPEC.md §3 "Payment view"). */
export function getPaymentView(orderId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/payment_view/${orderId}`, { method: 'POST', schema: PaymentViewWire, signal });
}

export function usePaymentView(orderId: number) {
  return useQuery({ queryKey: orderKeys.payment(orderId), queryFn: ({ signal }) => getPaymentView(orderId, signal), enabled: orderId > 0 });
}
