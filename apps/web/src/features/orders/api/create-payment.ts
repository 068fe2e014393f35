import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderStatusAnswer } from '@aurum/domain/orders/order-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderQueries } from './order-queries.ts';

export interface PaymentInput {
  userId: number;
  orderId: number;
  /** MYR for a buy, XAU grams for a sell; separators already stripped. */
  amount: string;
  /** yyyy-MM-dd. */
  paymentDate: string;
  note: string | null;
  /** One key per dialog opening: a retried submit cannot pay twice. */
  idempotencyKey: string;
}

/** POST order/payment/create {userId, orderId, note, amount, paymentDate} (addOrderPayment), with an Idempotency-Key. */
export function createPayment({ idempotencyKey, ...body }: PaymentInput) {
  return money.request(`${SECURE_API}/order/payment/create`, { method: 'POST', body, schema: OrderStatusAnswer, idempotencyKey });
}

export function useCreatePayment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createPayment, onSettled: () => client.invalidateQueries({ queryKey: orderQueries.all() }) });
}
