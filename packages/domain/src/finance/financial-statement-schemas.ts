import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';
import { LEDGER_ASSETS } from '../wallet/ledger.ts';
import { GL_TYPES } from './chart-of-accounts.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * The balance sheet and the income statement of closed periods (decision 1047):
 * `GET ledger/balance-sheet?date=` (at a closed day's end) and `GET ledger/income-statement?from=&to=`
 * (closed business days, at most INCOME_STATEMENT_MAX_DAYS).
 */

export const INCOME_STATEMENT_MAX_DAYS = 366;

export const BalanceSheetQuery = z.object({ date: businessDateText });
export type BalanceSheetQuery = z.infer<typeof BalanceSheetQuery>;

const DAY_MS = 86_400_000;
export const IncomeStatementQuery = z.object({ from: businessDateText, to: businessDateText }).superRefine((v, ctx) => {
  const days = Math.round((Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS);
  if (Number.isNaN(days)) return;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.greaterThanOrEqual });
  else if (days >= INCOME_STATEMENT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.lessThanOrEqual });
});
export type IncomeStatementQuery = z.infer<typeof IncomeStatementQuery>;

const Account = z.object({ code: z.string(), name: z.object({ en: z.string(), 'zh-Hant': z.string() }), type: z.enum(GL_TYPES), unit: z.enum(LEDGER_ASSETS) });
const Line = z.object({ account: Account, amount: z.string(), myr: z.string().nullable() });
const Prices = z.array(z.object({ metal: z.enum(['XAU', 'XPT', 'XAG']), myrPerGram: z.string().nullable(), at: z.string().nullable() }));

export const BalanceSheetAnswer = z.object({
  date: z.string(),
  /** The moment it stands at: the day's end (the next day's first moment), ISO. */
  at: z.string(),
  /** The closing mids the metal lines are valued at, and when each was taken. */
  prices: Prices,
  units: z.array(
    z.object({
      unit: z.enum(LEDGER_ASSETS),
      assets: z.array(Line),
      liabilities: z.array(Line),
      equity: z.array(Line),
      result: z.object({ amount: z.string(), myr: z.string().nullable() }),
      totals: z.object({ assets: z.string(), liabilitiesAndEquity: z.string(), assetsMyr: z.string().nullable(), liabilitiesAndEquityMyr: z.string().nullable() }),
      balanced: z.boolean(),
    }),
  ),
  myr: z.object({ assets: z.string(), liabilitiesAndEquity: z.string(), balanced: z.boolean() }).nullable(),
});
export type BalanceSheetAnswer = z.infer<typeof BalanceSheetAnswer>;

export const IncomeStatementAnswer = z.object({
  from: z.string(),
  to: z.string(),
  prices: Prices,
  units: z.array(z.object({ unit: z.enum(LEDGER_ASSETS), income: z.array(Line), expenses: z.array(Line), net: z.object({ amount: z.string(), myr: z.string().nullable() }) })),
  /** The MYR books' income less expense: the P&L's total of the same range. */
  netMyr: z.string(),
});
export type IncomeStatementAnswer = z.infer<typeof IncomeStatementAnswer>;
