import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DayCloseCheckAnswer, DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import { TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { BalanceSheetAnswer, IncomeStatementAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import { AdjustmentsAnswer } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { ProposalsAnswer } from '@aurum/domain/finance/period-schemas';
import { PnlAnswer, PnlDrillAnswer, type PnlDrillQuery, type PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET ledger/trial-balance?date=yyyy-MM-dd → per unit the GL accounts' opening, movements and closing of a business day. */
export function getTrialBalance(date: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/trial-balance?${new URLSearchParams({ date }).toString()}`, { schema: TrialBalanceAnswer, signal });
}

/** GET ledger/closes → the closed days, the last closed day and the first open day. */
export function getDayCloses(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/closes`, { schema: DayClosesAnswer, signal });
}

/** GET ledger/closes/check?date= → what closing the day would find now (nothing written). */
export function getDayCloseCheck(date: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/closes/check?${new URLSearchParams({ date }).toString()}`, { schema: DayCloseCheckAnswer, signal });
}

/** GET ledger/proposals → closes of months and years and reopenings: pending first (with what approving would do now), then the latest decided. */
export function getProposals(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/proposals`, { schema: ProposalsAnswer, signal });
}

/** GET ledger/balance-sheet?date= → the books at a closed day's end, per unit and in MYR (decision 1047). */
export function getBalanceSheet(date: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/balance-sheet?${new URLSearchParams({ date }).toString()}`, { schema: BalanceSheetAnswer, signal });
}

/** GET ledger/income-statement?from=&to= → income and expense over closed days, per unit, and the MYR net (decision 1047). */
export function getIncomeStatement(range: { from: string; to: string }, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/income-statement?${new URLSearchParams(range).toString()}`, { schema: IncomeStatementAnswer, signal });
}

/** GET ledger/adjustments → pending adjustments, then the latest decided. */
export function getAdjustments(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/ledger/adjustments`, { schema: AdjustmentsAnswer, signal });
}

/** The query string of a P&L read: the filters left out when not chosen. */
function pnlParams(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  return params.toString();
}

/** GET finance/pnl → the dealer's P&L per period, metal and category, with each period's total (decision 1030). */
export function getPnl(query: PnlQuery, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/finance/pnl?${pnlParams(query)}`, { schema: PnlAnswer, signal });
}

/** GET finance/pnl/drill → the postings, orders, hedges or days behind one P&L figure. */
export function getPnlDrill(query: PnlDrillQuery, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/finance/pnl/drill?${pnlParams(query)}`, { schema: PnlDrillAnswer, signal });
}

/** The finance screens' queries (a day's trial balance and a day's close check are keyed by the date); every write refreshes them all. */
export const financeQueries = {
  all: () => ['finance'] as const,
  trialBalance: (date: string) =>
    queryOptions({
      queryKey: [...financeQueries.all(), 'trial-balance', date],
      queryFn: ({ signal }) => getTrialBalance(date, signal),
      // the previous day stays on screen (dimmed) while another loads
      placeholderData: keepPreviousData,
    }),
  closes: () => queryOptions({ queryKey: [...financeQueries.all(), 'closes'], queryFn: ({ signal }) => getDayCloses(signal) }),
  closeCheck: (date: string) =>
    queryOptions({ queryKey: [...financeQueries.all(), 'close-check', date], queryFn: ({ signal }) => getDayCloseCheck(date, signal), placeholderData: keepPreviousData }),
  proposals: () => queryOptions({ queryKey: [...financeQueries.all(), 'proposals'], queryFn: ({ signal }) => getProposals(signal) }),
  balanceSheet: (date: string) =>
    queryOptions({ queryKey: [...financeQueries.all(), 'balance-sheet', date], queryFn: ({ signal }) => getBalanceSheet(date, signal), placeholderData: keepPreviousData }),
  incomeStatement: (range: { from: string; to: string }) =>
    queryOptions({
      queryKey: [...financeQueries.all(), 'income-statement', range.from, range.to],
      queryFn: ({ signal }) => getIncomeStatement(range, signal),
      placeholderData: keepPreviousData,
    }),
  adjustments: () => queryOptions({ queryKey: [...financeQueries.all(), 'adjustments'], queryFn: ({ signal }) => getAdjustments(signal) }),
  pnl: (query: PnlQuery) =>
    queryOptions({ queryKey: [...financeQueries.all(), 'pnl', query], queryFn: ({ signal }) => getPnl(query, signal), placeholderData: keepPreviousData }),
  pnlDrill: (query: PnlDrillQuery) => queryOptions({ queryKey: [...financeQueries.all(), 'pnl-drill', query], queryFn: ({ signal }) => getPnlDrill(query, signal) }),
};
