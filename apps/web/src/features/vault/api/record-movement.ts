import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MovementView } from '@aurum/domain/vault/vault-schemas';
import type { SettableStatus } from '@aurum/domain/vault/bar-rules';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

export type HeldMovement = 'release' | 'dispatch' | 'arrive' | 'status';

export interface MovementInput {
  kind: HeldMovement;
  barIds: number[];
  /** dispatch: the destination */
  vaultId?: number;
  /** status: the target */
  status?: SettableStatus;
  /** release: the physical gold withdrawal it serves */
  requestId?: number;
  note?: string;
}

/** POST vault/movement/{release|dispatch|arrive|status} (recordBarMovement) → the pending movement. */
export function recordMovement({ kind, ...body }: MovementInput) {
  return money.request(`${SECURE_API}/vault/movement/${kind}`, { method: 'POST', body, schema: MovementView });
}

export function useRecordMovement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: recordMovement, onSuccess: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
