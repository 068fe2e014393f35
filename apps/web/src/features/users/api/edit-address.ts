import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@aurum/domain/users/user-schemas';
import { AddressView } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** PUT user/{userId}/address (AddressSchema) → the address. */
export function editAddress({ userId, body }: { userId: number; body: Address }) {
  return http.request(`${SECURE_API}/user/${userId}/address`, { method: 'PUT', body, schema: AddressView });
}

export function useEditAddress(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: editAddress, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey }) });
}
