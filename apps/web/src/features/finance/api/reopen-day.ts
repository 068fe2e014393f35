import { DayClosesAnswer, type DayReopenBody } from '@aurum/domain/finance/day-close-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/closes/{date}/reopen {reason} (reopenBusinessDay): the latest closed day only (422, 3231 otherwise). */
export function reopenDay({ date, body }: { date: string; body: DayReopenBody }) {
  return http.request(`${SECURE_API}/ledger/closes/${date}/reopen`, { method: 'POST', body, schema: DayClosesAnswer });
}

export function useReopenDay() {
  return useWrite(reopenDay, financeQueries.all());
}
