import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountBody } from '@aurum/domain/users/user-schemas';
import { BankAccountView } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** PUT user/{userId}/bank/update: a pending or declined account changes and is pending again (approved: 409, 3001). */
export function updateBankAccount({ userId, body }: { userId: number; body: BankAccountBody }) {
  return http.request(`${SECURE_API}/user/${userId}/bank/update`, { method: 'PUT', body, schema: BankAccountView });
}

export function useUpdateBankAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBankAccount, onSettled: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
