import type { FastifyInstance } from 'fastify';
import { BalancesAnswer, BalancesQuery, ReclassifyIncomeAnswer, TrialBalanceAnswer, TrialBalanceQuery } from '@aurum/domain/finance/finance-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { balancesAt, trialBalanceOfDay } from './finance-service.ts';
import { reclassifyIncome } from './income-reclassification-service.ts';
import { BalanceSheetAnswer, BalanceSheetQuery, IncomeStatementAnswer, IncomeStatementQuery } from '@aurum/domain/finance/financial-statement-schemas';
import { balanceSheetOf, incomeStatementOf } from './financial-statement-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** The finance desk's reads of the journal through the chart of accounts (decision 1000). */
export function registerFinanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/trial-balance`,
    reads: 'replica',
    summary:
      'The trial balance of a business day (date=yyyy-MM-dd, Asia/Kuala_Lumpur), per unit (MYR, XAU, XPT, XAG): each GL account of the chart with its opening, the day\'s debits and credits and its closing, the totals, and whether debits equal credits',
    tags,
    auth: 'admin',
    query: TrialBalanceQuery,
    response: TrialBalanceAnswer,
    handler: async ({ db, query }) => trialBalanceOfDay(db, query.date),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/balances`,
    summary: 'Every GL account\'s balance at a moment (at=ISO 8601 with its offset: the postings made before it), per unit, on its debit or credit side',
    tags,
    auth: 'admin',
    query: BalancesQuery,
    response: BalancesAnswer,
    handler: async ({ db, query }) => balancesAt(db, new Date(query.at)),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/reclassify-income`,
    summary:
      'Once, on a database that has orders from before the income books: moves their spread, fees and interest from the trading desk to the income accounts as one dated entry (decision 1021); run again, it posts nothing',
    tags,
    auth: 'admin',
    permission: 'approveLedgerAdjustment',
    audit: 'finance.reclassification',
    idempotent: true,
    response: ReclassifyIncomeAnswer,
    handler: async (ctx) => reclassifyIncome(changeOf(ctx, deps)),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/balance-sheet`,
    reads: 'replica',
    summary:
      "The balance sheet at a closed business day's end (date=yyyy-MM-dd): per unit, assets, liabilities, equity and the result not yet closed into retained earnings, each account on its normal side; metal valued in MYR at the day's closing mid, and the whole in MYR. A day not closed is 422 (3233)",
    tags,
    auth: 'admin',
    query: BalanceSheetQuery,
    response: BalanceSheetAnswer,
    handler: async ({ db, query }) => balanceSheetOf(db, query.date),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/income-statement`,
    reads: 'replica',
    summary:
      "The income statement of closed business days from..to (at most 366): per unit, income and expense accounts' movements and the net result (a year's closing entry is not income); the MYR net equals the P&L's total. A range past the last closed day is 422 (3233)",
    tags,
    auth: 'admin',
    query: IncomeStatementQuery,
    response: IncomeStatementAnswer,
    handler: async ({ db, query }) => incomeStatementOf(db, query.from, query.to),
  });
}
