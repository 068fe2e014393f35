import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VaultView, type VaultCreateBody } from '@aurum/domain/vault/vault-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

/** POST vault/create {code, name, custodian} (recordBarMovement) → the vault. */
export function createVault(body: VaultCreateBody) {
  return http.request(`${SECURE_API}/vault/create`, { method: 'POST', body, schema: VaultView });
}

export function useCreateVault() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createVault, onSuccess: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
