import { useQuery } from '@tanstack/react-query';
import { UserListAnswer } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** How many users the Create Order picker offers (the largest page size); the picker searches them as typed. */
export const PICKER_USER_LIMIT = 1000;

/** GET user/list?limit=1000&sort=username: the users an order may be created for. */
export function listOrderUsers(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/list?limit=${PICKER_USER_LIMIT}&sort=username&order=asc`, { schema: UserListAnswer, signal });
}

export function useOrderUsers() {
  return useQuery({ queryKey: ['orders', 'create', 'users'], queryFn: ({ signal }) => listOrderUsers(signal), staleTime: 60_000 });
}
