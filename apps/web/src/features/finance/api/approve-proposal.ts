import { ProposalView } from '@aurum/domain/finance/period-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/proposals/{id}/approve: the close or the reopening happens now; its own proposer is 403 (1150), one decided already 409 (3234). */
export function approveProposal(id: number) {
  return money.request(`${SECURE_API}/ledger/proposals/${id}/approve`, { method: 'POST', schema: ProposalView });
}

export function useApproveProposal() {
  return useWrite(approveProposal, financeQueries.all());
}
