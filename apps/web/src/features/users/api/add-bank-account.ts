import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountBody } from '@aurum/domain/users/user-schemas';
import { BankAccountView } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** POST user/{userId}/bank/add (BankAccountBody) → the account, pending; 409 (1004) when one exists. */
export function addBankAccount({ userId, body }: { userId: number; body: BankAccountBody }) {
  return http.request(`${SECURE_API}/user/${userId}/bank/add`, { method: 'POST', body, schema: BankAccountView });
}

export function useAddBankAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addBankAccount, onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
