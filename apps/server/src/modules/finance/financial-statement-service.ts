import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { GlAccount } from '@aurum/domain/finance/chart-of-accounts';
import { balanceSheet, incomeStatement, type StatementLine } from '@aurum/domain/finance/financial-statements';
import type { BalanceSheetAnswer, IncomeStatementAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import { glFiguresOf, trialBalance, type JournalSum } from '@aurum/domain/finance/trial-balance';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import type { LedgerMetal } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { latestCloses, yearClosingPostings } from '../ledger/ledger-close-service.ts';
import { sumsByBook } from '../ledger/ledger-read-service.ts';
import { closingPrice } from '../treasury/treasury-service.ts';

/**
 * The balance sheet and the income statement of closed periods (decision 1047): the journal through
 * the chart of accounts, each account on its normal side, metal valued at the period's closing mid.
 */

const view = (a: GlAccount) => ({ code: a.code, name: a.name, type: a.type, unit: a.unit });
const lineView = (l: StatementLine) => ({ ...l, account: view(l.account) });

/** 422 (3233) unless the books are closed through `date`. */
async function closedThrough(q: Queryable, date: string): Promise<void> {
  const [latest] = await latestCloses(q, 1);
  if (!latest || latest.date < date) {
    const context = latest ? `Only closed days have statements: the last closed day is ${latest.date}.` : 'Only closed days have statements: no day is closed yet.';
    throw appError(ErrorCode.RangeNotClosed, context, { detail: { rule: 'notClosed', lastClosed: latest?.date ?? '' } });
  }
}

async function pricesAt(q: Queryable, at: Date) {
  const list = [];
  for (const metal of TREASURY_METALS) {
    const p = await closingPrice(q, metal, at);
    list.push({ metal, myrPerGram: p?.myrPerGram ?? null, at: p?.at.toISOString() ?? null });
  }
  return { list, map: new Map<LedgerMetal, string | null>(list.map((p) => [p.metal, p.myrPerGram])) };
}

const sumsOf = (rows: Awaited<ReturnType<typeof sumsByBook>>): JournalSum[] => rows.map((r) => ({ from: r.from_book, to: r.to_book, earlier: r.earlier, within: r.within }));

/** `GET ledger/balance-sheet?date=`: every account at the closed day's end, per unit and in MYR. */
export async function balanceSheetOf(q: Queryable, date: string): Promise<BalanceSheetAnswer> {
  await closedThrough(q, date);
  const at = startOfBusinessDay(date, 1);
  const units = trialBalance(glFiguresOf(sumsOf(await sumsByBook(q, at, at))));
  const prices = await pricesAt(q, at);
  const sheet = balanceSheet(units, prices.map);
  return {
    date,
    at: at.toISOString(),
    prices: prices.list,
    units: sheet.units.map((u) => ({ ...u, assets: u.assets.map(lineView), liabilities: u.liabilities.map(lineView), equity: u.equity.map(lineView) })),
    myr: sheet.myr,
  };
}

/** `GET ledger/income-statement?from=&to=`: income and expense of closed days, without the years' closing entries. */
export async function incomeStatementOf(q: Queryable, from: string, to: string): Promise<IncomeStatementAnswer> {
  await closedThrough(q, to);
  const start = startOfBusinessDay(from);
  const end = startOfBusinessDay(to, 1);
  // a year's closing entry empties income into retained earnings: it is not income of the range
  const closing = (await yearClosingPostings(q, start, end)).map((p) => ({ from: p.from_account, to: p.to_account, earlier: '0', within: `-${p.amount}` }));
  const units = trialBalance(glFiguresOf([...sumsOf(await sumsByBook(q, start, end)), ...closing]));
  const prices = await pricesAt(q, end);
  const statement = incomeStatement(units, prices.map);
  return {
    from,
    to,
    prices: prices.list,
    units: statement.units.map((u) => ({ ...u, income: u.income.map(lineView), expenses: u.expenses.map(lineView) })),
    netMyr: statement.netMyr,
  };
}
