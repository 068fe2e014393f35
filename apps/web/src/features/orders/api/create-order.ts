import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CreateOrderBody } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderQueries } from './order-queries.ts';

const Created = z.object({ id: z.number().int() });

/**
 * POST order/create → {id}. `idempotencyKey` is sent as the Idempotency-Key header: the server
 * answers a repeat of the key with the first answer, so one form submission creates one order
 * however often it is sent.
 */
export function createOrder(body: CreateOrderBody, idempotencyKey: string) {
  return http.request(`${SECURE_API}/order/create`, { method: 'POST', body, schema: Created, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderBody; idempotencyKey: string }) => createOrder(body, idempotencyKey),
    onSuccess: () => client.invalidateQueries({ queryKey: orderQueries.all() }),
  });
}
