import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** DELETE user/{userId}/bank: any status may be removed; the user may then add a new one. */
export function removeBankAccount(userId: number) {
  return http.request<unknown>(`${SECURE_API}/user/${userId}/bank`, { method: 'DELETE' });
}

export function useRemoveBankAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeBankAccount, onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
