import { useQuery } from '@tanstack/react-query';
import { RequestView } from '@aurum/domain/assets/request-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestKeys } from './request-keys.ts';

/** GET asset/{requestId} → the request (404, 1003 when unknown). */
export function getRequest(requestId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/asset/${requestId}`, { schema: RequestView, signal });
}

export function useRequest(requestId: number) {
  return useQuery({ queryKey: requestKeys.detail(requestId), queryFn: ({ signal }) => getRequest(requestId, signal), enabled: Number.isSafeInteger(requestId) && requestId > 0 });
}
