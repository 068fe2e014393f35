import { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/**
 * POST ledger/adjustments/{id}/evidence (multipart: the image `evidence`; proposeLedgerAdjustment) →
 * the adjustment; only its maker, only while it is pending; a later one replaces it.
 */
export function uploadAdjustmentEvidence({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.set('evidence', file, file.name);
  return http.request(`${SECURE_API}/ledger/adjustments/${id}/evidence`, { method: 'POST', body: form, schema: AdjustmentView });
}

export function useUploadAdjustmentEvidence() {
  return useWrite(uploadAdjustmentEvidence, financeQueries.all());
}
