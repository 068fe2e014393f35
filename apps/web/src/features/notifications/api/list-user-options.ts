import { useQuery } from '@tanstack/react-query';
import { UserListAnswer } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { notificationKeys } from './notification-keys.ts';

/** The most users the recipient picker lists (the largest page size); the select searches them as typed. */
export const USER_OPTIONS_LIMIT = 1000;

/** GET user/list?limit=1000&sort=username → the users a notification can be sent to. */
export function listUserOptions(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/list?page=1&limit=${USER_OPTIONS_LIMIT}&sort=username&order=asc`, { schema: UserListAnswer, signal });
}

export function useRecipientOptions(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.users,
    queryFn: ({ signal }) => listUserOptions(signal),
    select: (page) => ({
      options: page.items.map((u) => ({ value: String(u.id), label: `${u.username} (${`${u.firstName} ${u.lastName}`.trim()})` })),
      total: page.total,
    }),
    enabled,
  });
}
