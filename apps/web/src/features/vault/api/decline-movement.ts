import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MovementView } from '@aurum/domain/vault/vault-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

/** POST vault/movement/{id}/decline {reason} (approveBarMovement; never the maker) → the movement. */
export function declineMovement({ id, reason }: { id: number; reason: string }) {
  return money.request(`${SECURE_API}/vault/movement/${id}/decline`, { method: 'POST', body: { reason }, schema: MovementView });
}

export function useDeclineMovement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: declineMovement, onSettled: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
