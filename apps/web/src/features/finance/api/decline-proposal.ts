import { ProposalView, type ProposalDeclineBody } from '@aurum/domain/finance/period-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/proposals/{id}/decline {reason}: nothing is closed or reopened. */
export function declineProposal({ id, body }: { id: number; body: ProposalDeclineBody }) {
  return money.request(`${SECURE_API}/ledger/proposals/${id}/decline`, { method: 'POST', body, schema: ProposalView });
}

export function useDeclineProposal() {
  return useWrite(declineProposal, financeQueries.all());
}
