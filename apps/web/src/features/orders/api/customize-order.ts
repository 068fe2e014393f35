import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { orderQueries } from './order-queries.ts';

const Created = z.object({ id: z.number().int() });

/** POST order/customize → {id}: an offline order at explicit prices, filled at once; Idempotency-Key as on create. */
export function customizeOrder(body: CustomizeOrderBody, idempotencyKey: string) {
  return http.request(`${SECURE_API}/order/customize`, { method: 'POST', body, schema: Created, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCustomizeOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CustomizeOrderBody; idempotencyKey: string }) => customizeOrder(body, idempotencyKey),
    onSuccess: () => client.invalidateQueries({ queryKey: orderQueries.all() }),
  });
}
