import { useQuery } from '@tanstack/react-query';
import { UserDetail } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET user/{userId}: the picked user's trade configuration (personal fees, allowed action and pair, limit) and wallet. */
export function getOrderUser(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}`, { schema: UserDetail, signal });
}

export function useOrderUser(userId: number | null) {
  return useQuery({
    queryKey: ['orders', 'create', 'user', userId],
    queryFn: ({ signal }) => getOrderUser(userId!, signal),
    enabled: userId !== null && Number.isSafeInteger(userId) && userId > 0,
  });
}
