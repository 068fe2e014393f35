import { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/adjustments/{id}/approve (approveLedgerAdjustment): posts it in the first open day; 403 for one's own, 409 (3232) once decided. */
export function approveAdjustment(id: number) {
  return money.request(`${SECURE_API}/ledger/adjustments/${id}/approve`, { method: 'POST', schema: AdjustmentView });
}

export function useApproveAdjustment() {
  return useWrite(approveAdjustment, financeQueries.all());
}
