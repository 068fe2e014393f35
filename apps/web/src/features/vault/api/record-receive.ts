import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MovementView, type BarFieldsInput } from '@aurum/domain/vault/vault-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

export interface ReceiveInput {
  vaultId: number;
  bars: BarFieldsInput[];
  note?: string;
  requestId?: number;
}

/** POST vault/movement/receive (recordBarMovement) → the pending movement. */
export function recordReceive(body: ReceiveInput) {
  return money.request(`${SECURE_API}/vault/movement/receive`, { method: 'POST', body, schema: MovementView });
}

export function useRecordReceive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: recordReceive, onSuccess: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
