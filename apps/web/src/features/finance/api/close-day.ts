import { DayCloseView, type DayCloseBody } from '@aurum/domain/finance/day-close-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { financeQueries } from './finance-queries.ts';

/** POST ledger/closes {date} (closeBusinessDay): 422 (3231) with the reason when the day cannot close. */
export function closeDay(body: DayCloseBody) {
  return money.request(`${SECURE_API}/ledger/closes`, { method: 'POST', body, schema: DayCloseView });
}

export function useCloseDay() {
  return useWrite(closeDay, financeQueries.all());
}
