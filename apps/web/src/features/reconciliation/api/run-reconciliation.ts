import { RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { reconciliationQueries } from './reconciliation-queries.ts';

/** POST reconciliation/run (resolveReconciliationBreak) → the run: lists used, bars compared, breaks found and opened. */
export function runReconciliation() {
  return http.request(`${SECURE_API}/reconciliation/run`, { method: 'POST', schema: RunView });
}

export function useRunReconciliation() {
  return useWrite(runReconciliation, reconciliationQueries.all());
}
