import { AdjustmentView, type AdjustmentDeclineBody } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/adjustments/{id}/decline {reason} (approveLedgerAdjustment): nothing is posted; 409 (3232) once decided. */
export function declineAdjustment({ id, body }: { id: number; body: AdjustmentDeclineBody }) {
  return money.request(`${SECURE_API}/ledger/adjustments/${id}/decline`, { method: 'POST', body, schema: AdjustmentView });
}

export function useDeclineAdjustment() {
  return useWrite(declineAdjustment, financeQueries.all());
}
