import { AdjustmentView, type AdjustmentBody } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/adjustments {postings or reverses, reason, valueDate} (proposeLedgerAdjustment): pending until another admin approves it; 409 (3230) for a closed value date. */
export function proposeAdjustment(body: AdjustmentBody) {
  return money.request(`${SECURE_API}/ledger/adjustments`, { method: 'POST', body, schema: AdjustmentView });
}

export function useProposeAdjustment() {
  return useWrite(proposeAdjustment, financeQueries.all());
}
