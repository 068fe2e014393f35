import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import type { LedgerAsset, LedgerMetal } from '../wallet/ledger.ts';
import type { GlAccount, GlType } from './chart-of-accounts.ts';
import type { Sided, TrialBalanceUnit } from './trial-balance.ts';

/**
 * The balance sheet and the income statement (decision 1047), pure, from the trial balance's figures.
 * Each line's amount stands on its account's normal side (an asset's debit balance, a liability's
 * credit balance, positive; the other side negative). Every unit is a statement of its own that
 * balances; the metal units' lines are also valued in MYR at the period's closing mid, so the whole
 * reads in ringgit.
 */

export interface StatementLine {
  account: GlAccount;
  /** In the account's unit, on its normal side (negative when it stands on the other). */
  amount: string;
  /** In MYR: the amount itself for MYR accounts, metal at the closing mid, null without a price. */
  myr: string | null;
}

/** What a balance on its two sides amounts to on an account's normal side. */
export function onNormalSide(account: GlAccount, s: Sided): Decimal {
  const debitMinusCredit = new Decimal(s.debit).minus(s.credit);
  return account.normal === 'debit' ? debitMinusCredit : debitMinusCredit.neg();
}

const myrOf = (amount: Decimal, unit: LedgerAsset, prices: ReadonlyMap<LedgerMetal, string | null>): Decimal | null => {
  if (unit === 'MYR') return amount;
  const price = prices.get(unit);
  return price === null || price === undefined ? null : amount.times(price);
};

const lineOf = (account: GlAccount, amount: Decimal, prices: ReadonlyMap<LedgerMetal, string | null>): StatementLine => {
  const myr = myrOf(amount, account.unit, prices);
  return { account, amount: roundTo(amount, SCALE[account.unit]), myr: myr === null ? null : roundTo(myr, SCALE.MYR) };
};

const sumOf = (lines: readonly StatementLine[], field: 'amount' | 'myr'): Decimal | null => {
  let total = new Decimal(0);
  for (const l of lines) {
    const v = l[field];
    if (v === null) return null;
    total = total.plus(v);
  }
  return total;
};

export interface BalanceSheetUnit {
  unit: LedgerAsset;
  assets: StatementLine[];
  liabilities: StatementLine[];
  equity: StatementLine[];
  /** Income less expense not yet closed into retained earnings (the year's result so far), in the unit and in MYR. */
  result: { amount: string; myr: string | null };
  totals: { assets: string; liabilitiesAndEquity: string; assetsMyr: string | null; liabilitiesAndEquityMyr: string | null };
  balanced: boolean;
}

export interface BalanceSheet {
  units: BalanceSheetUnit[];
  /** Every unit in MYR together; null when a metal held has no closing price. */
  myr: { assets: string; liabilitiesAndEquity: string; balanced: boolean } | null;
}

const byType = (u: TrialBalanceUnit, types: readonly GlType[]) => u.rows.filter((r) => types.includes(r.account.type));

/** The balance sheet at a moment from the trial balance's closing balances there. Lines at zero are left out. */
export function balanceSheet(units: readonly TrialBalanceUnit[], prices: ReadonlyMap<LedgerMetal, string | null>): BalanceSheet {
  const out: BalanceSheetUnit[] = [];
  let assetsMyr: Decimal | null = new Decimal(0);
  let otherMyr: Decimal | null = new Decimal(0);
  for (const u of units) {
    const lines = (types: GlType[]) =>
      byType(u, types)
        .map((r) => lineOf(r.account, onNormalSide(r.account, r.closing), prices))
        .filter((l) => !new Decimal(l.amount).isZero());
    const assets = lines(['asset']);
    const liabilities = lines(['liability']);
    const equity = lines(['equity']);
    // income is credit-normal, expense debit-normal: the result is credits less debits of both
    const resultAmount = byType(u, ['income', 'expense']).reduce((t, r) => t.plus(r.closing.credit).minus(r.closing.debit), new Decimal(0));
    const resultMyr = myrOf(resultAmount, u.unit, prices);
    const result = { amount: roundTo(resultAmount, SCALE[u.unit]), myr: resultMyr === null ? null : roundTo(resultMyr, SCALE.MYR) };
    const a = sumOf(assets, 'amount')!;
    const le = sumOf([...liabilities, ...equity], 'amount')!.plus(result.amount);
    const aMyr = sumOf(assets, 'myr');
    const leMyr = (() => {
      const l = sumOf([...liabilities, ...equity], 'myr');
      return l === null || result.myr === null ? null : l.plus(result.myr);
    })();
    assetsMyr = assetsMyr === null || aMyr === null ? null : assetsMyr.plus(aMyr);
    otherMyr = otherMyr === null || leMyr === null ? null : otherMyr.plus(leMyr);
    out.push({
      unit: u.unit,
      assets,
      liabilities,
      equity,
      result,
      totals: {
        assets: roundTo(a, SCALE[u.unit]),
        liabilitiesAndEquity: roundTo(le, SCALE[u.unit]),
        assetsMyr: aMyr === null ? null : roundTo(aMyr, SCALE.MYR),
        liabilitiesAndEquityMyr: leMyr === null ? null : roundTo(leMyr, SCALE.MYR),
      },
      balanced: a.eq(le),
    });
  }
  const myr = assetsMyr === null || otherMyr === null ? null : { assets: roundTo(assetsMyr, SCALE.MYR), liabilitiesAndEquity: roundTo(otherMyr, SCALE.MYR), balanced: roundTo(assetsMyr, SCALE.MYR) === roundTo(otherMyr, SCALE.MYR) };
  return { units: out, myr };
}

export interface IncomeStatementUnit {
  unit: LedgerAsset;
  income: StatementLine[];
  expenses: StatementLine[];
  /** Income less expenses, in the unit and in MYR. */
  net: { amount: string; myr: string | null };
}

export interface IncomeStatement {
  units: IncomeStatementUnit[];
  /** The MYR books' net result: the P&L's total of the same range. */
  netMyr: string;
}

/**
 * The income statement of a range from its trial balance's movements (the years' closing entries
 * taken out by the caller). Metal income (gold interest) is valued at the range's closing mid.
 */
export function incomeStatement(units: readonly TrialBalanceUnit[], prices: ReadonlyMap<LedgerMetal, string | null>): IncomeStatement {
  const out: IncomeStatementUnit[] = [];
  for (const u of units) {
    const lines = (type: GlType) =>
      byType(u, [type])
        .map((r) => lineOf(r.account, onNormalSide(r.account, r.movements), prices))
        .filter((l) => !new Decimal(l.amount).isZero());
    const income = lines('income');
    const expenses = lines('expense');
    if (income.length === 0 && expenses.length === 0) continue;
    const net = sumOf(income, 'amount')!.minus(sumOf(expenses, 'amount')!);
    const netMyr = myrOf(net, u.unit, prices);
    out.push({ unit: u.unit, income, expenses, net: { amount: roundTo(net, SCALE[u.unit]), myr: netMyr === null ? null : roundTo(netMyr, SCALE.MYR) } });
  }
  return { units: out, netMyr: out.find((u) => u.unit === 'MYR')?.net.amount ?? roundTo('0', SCALE.MYR) };
}
