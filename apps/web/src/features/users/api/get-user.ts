import { useQuery } from '@tanstack/react-query';
import { UserDetail } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET user/{userId} → {profile, address, tradeConfig, bankAccount, wallet}. */
export function getUser(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}`, { schema: UserDetail, signal });
}

export const userKey = (userId: number) => ['users', 'detail', userId] as const;

export function useUser(userId: number) {
  return useQuery({ queryKey: userKey(userId), queryFn: ({ signal }) => getUser(userId, signal), enabled: Number.isSafeInteger(userId) && userId > 0 });
}
