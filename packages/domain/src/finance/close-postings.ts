import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { HOUSE_BOOKS, houseAccount, type HouseBook, type LedgerAsset, type Posting } from '../wallet/ledger.ts';

/**
 * What a close posts of its own (decision 1041), pure: the interest accrued on overdue orders and the
 * revaluation of the metal position and of USD balances, each posted at the day's end and reversed at
 * the next day's start, and the year's closing of income and expense into retained earnings.
 */

/** A balance-sheet book and the income book its movements go to: interest accrued, a revaluation. */
export interface AccrualPair {
  /** The asset the accrual stands in (interest due, a revaluation adjustment). */
  held: HouseBook;
  /** The income it is recognised in. */
  income: HouseBook;
}

/** The pairs a close posts, by what they hold. */
export const CLOSE_ACCRUALS = {
  interestMyr: { held: 'interestDueMyr', income: 'interestMyr' },
  interestXau: { held: 'interestDueXau', income: 'interestXau' },
  revaluationMetal: { held: 'revaluationMetal', income: 'revaluation' },
  revaluationUsd: { held: 'revaluationUsd', income: 'revaluation' },
} as const satisfies Record<string, AccrualPair>;
export type CloseAccrual = keyof typeof CLOSE_ACCRUALS;

const unitOf = (pair: AccrualPair): LedgerAsset => HOUSE_BOOKS[pair.held];

/**
 * The posting that brings what a day's source holds in `pair.held` from `posted` to `target` (both
 * signed, debit-positive: a gain or interest due is positive), or none when they are equal. A rise
 * debits the held book and credits the income; a fall the other way.
 */
export function towardTarget(pair: AccrualPair, posted: Decimal | string, target: Decimal | string): Posting[] {
  const unit = unitOf(pair);
  const delta = new Decimal(roundTo(target, SCALE[unit])).minus(roundTo(posted, SCALE[unit]));
  if (delta.isZero()) return [];
  const held = houseAccount(pair.held);
  const income = houseAccount(pair.income);
  const amount = roundTo(delta.abs(), SCALE[unit]);
  return [delta.gt(0) ? { from: held, to: income, asset: unit, amount } : { from: income, to: held, asset: unit, amount }];
}

/** The income and expense books a year closes, and the retained earnings of each unit they close into. */
export const CLOSED_BY_YEAR: ReadonlyArray<{ book: HouseBook; into: HouseBook }> = [
  { book: 'spread', into: 'retainedMyr' },
  { book: 'fees', into: 'retainedMyr' },
  { book: 'interestMyr', into: 'retainedMyr' },
  { book: 'hedging', into: 'retainedMyr' },
  { book: 'revaluation', into: 'retainedMyr' },
  { book: 'bankCharges', into: 'retainedMyr' },
  { book: 'custodyFees', into: 'retainedMyr' },
  { book: 'refineryCharges', into: 'retainedMyr' },
  { book: 'providerFees', into: 'retainedMyr' },
  { book: 'hedgeFees', into: 'retainedMyr' },
  { book: 'interestXau', into: 'retainedXau' },
];

/**
 * The year's closing entry: every income and expense book emptied into retained earnings of its unit,
 * from its balance at the year's end (the journal's sign: credits minus debits; income is positive,
 * an expense negative). A book already at zero posts nothing.
 */
export function yearClosePostings(balances: ReadonlyMap<HouseBook, string>): Posting[] {
  const out: Posting[] = [];
  for (const { book, into } of CLOSED_BY_YEAR) {
    const unit = HOUSE_BOOKS[book];
    const balance = new Decimal(roundTo(balances.get(book) ?? '0', SCALE[unit]));
    if (balance.isZero()) continue;
    const amount = roundTo(balance.abs(), SCALE[unit]);
    const [from, to] = balance.gt(0) ? [houseAccount(book), houseAccount(into)] : [houseAccount(into), houseAccount(book)];
    out.push({ from, to, asset: unit, amount });
  }
  return out;
}

/** What these postings leave on a claim book's debit side (house and customer books: `from` is their debit), signed. */
export function debitBalanceOf(postings: readonly Posting[], account: string): Decimal {
  let sum = new Decimal(0);
  for (const p of postings) {
    if (p.from === account) sum = sum.plus(p.amount);
    if (p.to === account) sum = sum.minus(p.amount);
  }
  return sum;
}
