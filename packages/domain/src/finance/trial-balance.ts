import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { LEDGER_ASSETS, type LedgerAsset } from '../wallet/ledger.ts';
import { CHART_OF_ACCOUNTS, creditMinusDebitOf, debitAndCredit, glAccount, glAccountOf, type GlAccount } from './chart-of-accounts.ts';

/**
 * The trial balance of a period, pure: per GL account its opening, its debits and credits in the
 * period and its closing, each balance shown on its debit or its credit side; per unit the totals,
 * which balance (debits equal credits) because every posting debits one account and credits another
 * of the same unit.
 */

/** What the journal holds of one GL account, as the server sums it. */
export interface GlFigures {
  code: string;
  /** Credits minus debits before the period (the journal's sign: what the house owes is positive). */
  opening: string;
  /** The period's debits and credits (each >= 0). */
  debits: string;
  credits: string;
}

/**
 * The journal summed as the ledger answers it (ledger-read-service `sumsByBook`): per pair of journal
 * accounts (or kinds of book), what moved from one to the other before the period (`earlier`) and in
 * it (`within`); a row without `to` is a snapshot's balance of one book in the journal's own sign.
 */
export interface JournalSum {
  from: string;
  to: string | null;
  earlier: string;
  within: string;
}

/** The figures of every GL account the sums touch: each posting on its debit and credit side as the chart reads it (decision 1040). */
export function glFiguresOf(sums: readonly JournalSum[]): GlFigures[] {
  const byCode = new Map<string, { opening: Decimal; debits: Decimal; credits: Decimal }>();
  const at = (journalAccount: string) => {
    const gl = glAccountOf(journalAccount);
    if (!gl) throw new Error(`journal account ${journalAccount} has no GL account`);
    let f = byCode.get(gl.code);
    if (!f) byCode.set(gl.code, (f = { opening: new Decimal(0), debits: new Decimal(0), credits: new Decimal(0) }));
    return f;
  };
  for (const r of sums) {
    if (r.to === null) {
      at(r.from).opening = at(r.from).opening.plus(creditMinusDebitOf(r.from, r.earlier));
      continue;
    }
    const { debit, credit } = debitAndCredit({ from: r.from, to: r.to });
    at(debit).opening = at(debit).opening.minus(r.earlier);
    at(credit).opening = at(credit).opening.plus(r.earlier);
    at(debit).debits = at(debit).debits.plus(r.within);
    at(credit).credits = at(credit).credits.plus(r.within);
  }
  return [...byCode].map(([code, f]) => ({ code, opening: f.opening.toFixed(), debits: f.debits.toFixed(), credits: f.credits.toFixed() }));
}

/** Each journal account's (or kind of book's) balance before the period, in the journal's own sign: what postings brought in minus what they took out. */
export function journalBalancesOf(sums: readonly JournalSum[]): Map<string, string> {
  const out = new Map<string, Decimal>();
  const add = (account: string, v: Decimal) => out.set(account, (out.get(account) ?? new Decimal(0)).plus(v));
  for (const r of sums) {
    if (r.to === null) {
      add(r.from, new Decimal(r.earlier));
      continue;
    }
    add(r.from, new Decimal(r.earlier).neg());
    add(r.to, new Decimal(r.earlier));
  }
  return new Map([...out].map(([k, v]) => [k, v.toFixed()]));
}

/** A balance on its side: a debit balance is the house's (an asset's), a credit balance what it owes or has earned. */
export interface Sided {
  debit: string;
  credit: string;
}

export interface TrialBalanceRow {
  account: GlAccount;
  opening: Sided;
  movements: Sided;
  closing: Sided;
}

export interface TrialBalanceUnit {
  unit: LedgerAsset;
  rows: TrialBalanceRow[];
  /** The sums of each column over the unit's rows. */
  totals: { opening: Sided; movements: Sided; closing: Sided };
  /** Whether every column's debits equal its credits. */
  balanced: boolean;
}

/** A signed balance (credit-positive) on its side, at the unit's scale. */
export function sided(creditMinusDebit: Decimal | string, unit: LedgerAsset): Sided {
  const v = new Decimal(creditMinusDebit);
  const zero = roundTo('0', SCALE[unit]);
  return v.lt(0) ? { debit: roundTo(v.neg(), SCALE[unit]), credit: zero } : { debit: zero, credit: roundTo(v, SCALE[unit]) };
}

const add = (a: Sided, b: Sided, unit: LedgerAsset): Sided => ({
  debit: roundTo(new Decimal(a.debit).plus(b.debit), SCALE[unit]),
  credit: roundTo(new Decimal(a.credit).plus(b.credit), SCALE[unit]),
});

/**
 * The trial balance, one block per unit, every GL account of the chart in code order (an account the
 * journal never touched shows zeros). Figures for a code outside the chart are an error: the server
 * maps every journal account through `glAccountOf`.
 */
export function trialBalance(figures: readonly GlFigures[]): TrialBalanceUnit[] {
  const byCode = new Map<string, GlFigures>();
  for (const f of figures) {
    if (!glAccount(f.code)) throw new Error(`no GL account ${f.code}`);
    const seen = byCode.get(f.code);
    byCode.set(
      f.code,
      seen
        ? { code: f.code, opening: new Decimal(seen.opening).plus(f.opening).toFixed(), debits: new Decimal(seen.debits).plus(f.debits).toFixed(), credits: new Decimal(seen.credits).plus(f.credits).toFixed() }
        : f,
    );
  }
  // every unit balances on its own
  return LEDGER_ASSETS.map((unit) => {
    const rows = CHART_OF_ACCOUNTS.filter((a) => a.unit === unit).map((account): TrialBalanceRow => {
      const f = byCode.get(account.code) ?? { code: account.code, opening: '0', debits: '0', credits: '0' };
      const scale = SCALE[unit];
      return {
        account,
        opening: sided(f.opening, unit),
        movements: { debit: roundTo(f.debits, scale), credit: roundTo(f.credits, scale) },
        closing: sided(new Decimal(f.opening).plus(f.credits).minus(f.debits), unit),
      };
    });
    const zero = sided('0', unit);
    const totals = rows.reduce(
      (t, r) => ({ opening: add(t.opening, r.opening, unit), movements: add(t.movements, r.movements, unit), closing: add(t.closing, r.closing, unit) }),
      { opening: zero, movements: zero, closing: zero },
    );
    const even = (s: Sided) => new Decimal(s.debit).eq(s.credit);
    return { unit, rows, totals, balanced: even(totals.opening) && even(totals.movements) && even(totals.closing) };
  });
}
