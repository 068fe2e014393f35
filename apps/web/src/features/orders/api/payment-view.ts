import { PaymentView } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** POST order/payment_view/{id} → amounts, interest, rates and payments (SPEC.md §3 "Payment view"). */
export function getPaymentView(orderId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/order/payment_view/${orderId}`, { method: 'POST', schema: PaymentView, signal });
}
