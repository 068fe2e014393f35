import type { DayReopenBody } from '@aurum/domain/finance/day-close-schemas';
import { ProposalView } from '@aurum/domain/finance/period-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/closes/{date}/reopen {reason} (reopenBusinessDay): a proposal a second superAdmin decides; approved, it reopens that day and every later closed one. */
export function reopenDay({ date, body }: { date: string; body: DayReopenBody }) {
  return money.request(`${SECURE_API}/ledger/closes/${date}/reopen`, { method: 'POST', body, schema: ProposalView });
}

export function useReopenDay() {
  return useWrite(reopenDay, financeQueries.all());
}
