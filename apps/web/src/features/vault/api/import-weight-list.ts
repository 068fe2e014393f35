import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportAnswer } from '@aurum/domain/vault/vault-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { vaultQueries } from './vault-queries.ts';

export interface ImportInput {
  file: File;
  vaultId: number;
  asOf: string;
  unit: 'g' | 'oz';
  receive: boolean;
}

export function importForm({ file, vaultId, asOf, unit, receive }: ImportInput): FormData {
  const form = new FormData();
  form.set('vaultId', String(vaultId));
  form.set('asOf', asOf);
  form.set('unit', unit);
  form.set('receive', receive ? 'true' : 'false');
  form.set('file', file, file.name);
  return form;
}

/** POST vault/import (multipart; recordBarMovement) → the stored list, and the pending receive when asked. */
export function importWeightList(input: ImportInput) {
  return money.request(`${SECURE_API}/vault/import`, { method: 'POST', body: importForm(input), schema: ImportAnswer });
}

export function useImportWeightList() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importWeightList, onSuccess: () => client.invalidateQueries({ queryKey: vaultQueries.all() }) });
}
