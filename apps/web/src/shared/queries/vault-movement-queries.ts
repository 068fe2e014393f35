import { queryOptions } from '@tanstack/react-query';
import { MovementPage } from '@aurum/domain/vault/vault-schemas';
import { http } from '../http/client.ts';
import { SECURE_API } from '../http/paths.ts';

/**
 * The bar movements that serve a payment request (a physical gold deposit or
 * withdrawal names the bars that moved, decision 0815): read by the request's details and the vault screen.
 */
export function requestBarMovements(requestId: number) {
  return queryOptions({
    queryKey: ['vault', 'movements', `requestId=${requestId}`],
    queryFn: ({ signal }) => http.request(`${SECURE_API}/vault/movement/list?requestId=${requestId}&limit=100`, { schema: MovementPage, signal }),
  });
}
