import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserEditBody } from '@aurum/domain/users/user-schemas';
import { UserProfile } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** PUT user/{userId} (UserEditBody) → the profile. */
export function editUser({ userId, body }: { userId: number; body: UserEditBody }) {
  return http.request(`${SECURE_API}/user/${userId}`, { method: 'PUT', body, schema: UserProfile });
}

export function useEditUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editUser, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
