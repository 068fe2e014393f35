import { useMutation } from '@tanstack/react-query';
import { ImportAnswer } from '@aurum/domain/vault/vault-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { importForm, type ImportInput } from './import-weight-list.ts';

/** POST vault/import/preview (multipart; read only) → the list's bars and every problem by line, nothing saved. */
export function previewWeightList(input: ImportInput) {
  return http.request(`${SECURE_API}/vault/import/preview`, { method: 'POST', body: importForm(input), schema: ImportAnswer });
}

export const usePreviewWeightList = () => useMutation({ mutationFn: previewWeightList });
