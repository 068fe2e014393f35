import { ProposalView, type PeriodCloseBody } from '@aurum/domain/finance/period-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/periods/close {period: yyyy-MM | yyyy} (closeBusinessDay): a proposal another closer decides; 422 (3231) when the month or year cannot close. */
export function closePeriod(body: PeriodCloseBody) {
  return money.request(`${SECURE_API}/ledger/periods/close`, { method: 'POST', body, schema: ProposalView });
}

export function useClosePeriod() {
  return useWrite(closePeriod, financeQueries.all());
}
