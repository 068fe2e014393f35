import type { CreateOrderBody, CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { Created, useWrite } from '#shared/http/use-write.ts';
import { orderQueries } from './order-queries.ts';

/**
 * POST order/create (online: market or limit) or order/customize (offline: at explicit prices,
 * filled at once) → {id}. `idempotencyKey` is sent as the Idempotency-Key header: the server
 * answers a repeat of the key with the first answer, so one form submission creates one order
 * however often it is sent.
 */
export function placeOrder(kind: 'create' | 'customize', body: CreateOrderBody | CustomizeOrderBody, idempotencyKey: string) {
  return money.request(`${SECURE_API}/order/${kind}`, { method: 'POST', body, schema: Created, idempotencyKey });
}

function usePlaceOrder<B extends CreateOrderBody | CustomizeOrderBody>(kind: 'create' | 'customize') {
  return useWrite(({ body, idempotencyKey }: { body: B; idempotencyKey: string }) => placeOrder(kind, body, idempotencyKey), orderQueries.all());
}

export const useCreateOrder = () => usePlaceOrder<CreateOrderBody>('create');

export const useCustomizeOrder = () => usePlaceOrder<CustomizeOrderBody>('customize');
