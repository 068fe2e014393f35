import { useQuery } from '@tanstack/react-query';
import { UserListAnswer } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestKeys } from './request-keys.ts';

/** The most users the pickers list (the largest page size); the select then searches them as typed. */
export const USER_OPTIONS_LIMIT = 1000;

/** GET user/list?limit=1000&sort=username → the users the request pickers offer. */
export function listUserOptions(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/list?page=1&limit=${USER_OPTIONS_LIMIT}&sort=username&order=asc`, { schema: UserListAnswer, signal });
}

export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: requestKeys.users,
    queryFn: ({ signal }) => listUserOptions(signal),
    select: (page) => page.items.map((u) => ({ id: u.id, username: u.username, name: `${u.firstName} ${u.lastName}`.trim() })),
    enabled,
  });
}
