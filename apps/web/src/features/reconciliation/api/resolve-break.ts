import { BreakView, type ResolveBreakBody } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { reconciliationQueries } from './reconciliation-queries.ts';

/** POST reconciliation/breaks/{id}/resolve {note} (resolveReconciliationBreak): 409 (3212) when resolved already. */
export function resolveBreak({ id, body }: { id: number; body: ResolveBreakBody }) {
  return http.request(`${SECURE_API}/reconciliation/breaks/${id}/resolve`, { method: 'POST', body, schema: BreakView });
}

export function useResolveBreak() {
  return useWrite(resolveBreak, reconciliationQueries.all());
}
