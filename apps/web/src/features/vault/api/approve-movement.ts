import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MovementView } from '@aurum/domain/vault/vault-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

/** POST vault/movement/{id}/approve (approveBarMovement; never the maker) → the movement. */
export function approveMovement(id: number) {
  return money.request(`${SECURE_API}/vault/movement/${id}/approve`, { method: 'POST', schema: MovementView });
}

export function useApproveMovement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: approveMovement, onSettled: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
