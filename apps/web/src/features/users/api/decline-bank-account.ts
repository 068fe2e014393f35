import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BankAccountView } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** POST user/{userId}/bank/decline: 403 (1150) for its submitter, 409 (3002) when not pending. */
export function declineBankAccount(userId: number) {
  return http.request(`${SECURE_API}/user/${userId}/bank/decline`, { method: 'POST', schema: BankAccountView });
}

export function useDeclineBankAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: declineBankAccount, onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
