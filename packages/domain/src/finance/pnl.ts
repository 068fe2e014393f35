import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { businessDatesBetween } from '../system/business-time.ts';
import type { TreasuryMetal } from '../treasury/treasury-metals.ts';
import { myrPerGramAt, type PricedPoint } from '../treasury/treasury-books.ts';
import type { UserCategory } from '../users/user-enums.ts';
import { PNL_MAX_DAYS, type PnlAnswer, type PnlGroup, type PnlRow, type PnlTotals } from './pnl-schemas.ts';

/**
 * The dealer's P&L assembled from facts (decisions 1030, 1045): each fact is one amount of one column
 * on one business day, attributed to a metal and a customer category (or neither). The server reads
 * the facts (the income and expense books' postings, orders filled and undone); this sums them.
 */

export const PNL_COLUMNS = ['volumeGrams', 'volumeMyr', 'spread', 'fees', 'interest', 'interestXauGrams', 'hedges', 'revaluation', 'expenses'] as const;
export type PnlColumn = (typeof PNL_COLUMNS)[number];

/** The MYR columns the total adds up. */
export const PNL_TOTAL_COLUMNS = ['spread', 'fees', 'interest', 'hedges', 'revaluation', 'expenses'] as const satisfies readonly PnlColumn[];

const GRAM_COLUMNS: ReadonlySet<PnlColumn> = new Set(['volumeGrams', 'interestXauGrams']);
const scaleOf = (c: PnlColumn | 'total') => (c !== 'total' && GRAM_COLUMNS.has(c) ? SCALE.XAU : SCALE.MYR);

export interface PnlFact {
  date: string;
  metal: TreasuryMetal | null;
  category: UserCategory | null;
  column: PnlColumn;
  amount: string;
}

/** A day's period: the day itself, or its month (yyyy-MM). */
export function periodOf(date: string, groupBy: PnlGroup): string {
  return groupBy === 'day' ? date : date.slice(0, 7);
}

/** Every business date from `from` to `to`, both included: at most PNL_MAX_DAYS (a longer range throws). */
export function datesOf(from: string, to: string): string[] {
  return businessDatesBetween(from, to, PNL_MAX_DAYS);
}

/** Every period of a range, in order. */
export function periodsOf(from: string, to: string, groupBy: PnlGroup): string[] {
  return [...new Set(datesOf(from, to).map((d) => periodOf(d, groupBy)))];
}

type Sums = Record<PnlColumn, Decimal>;
const zeroSums = (): Sums => Object.fromEntries(PNL_COLUMNS.map((c) => [c, new Decimal(0)])) as Sums;

function figures(s: Sums): PnlTotals {
  const total = PNL_TOTAL_COLUMNS.reduce((t, c) => t.plus(s[c]), new Decimal(0));
  const out = Object.fromEntries(PNL_COLUMNS.map((c) => [c, roundTo(s[c], scaleOf(c))])) as Record<PnlColumn, string>;
  return { ...out, total: roundTo(total, scaleOf('total')) };
}

/**
 * Sums the facts per period x metal x category (rows in that order, null metal or category last),
 * per period (every period of the range) and over the range. Facts outside the range are ignored.
 */
export function assemblePnl(
  query: { from: string; to: string; groupBy: PnlGroup },
  facts: readonly PnlFact[],
  revaluedThrough: string | null = null,
): PnlAnswer {
  const rows = new Map<string, { period: string; metal: TreasuryMetal | null; category: UserCategory | null; sums: Sums }>();
  const perPeriod = new Map(periodsOf(query.from, query.to, query.groupBy).map((p) => [p, zeroSums()]));
  const totals = zeroSums();
  for (const f of facts) {
    if (f.date < query.from || f.date > query.to) continue;
    const period = periodOf(f.date, query.groupBy);
    const key = JSON.stringify([period, f.metal, f.category]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { period, metal: f.metal, category: f.category, sums: zeroSums() }));
    row.sums[f.column] = row.sums[f.column].plus(f.amount);
    const p = perPeriod.get(period)!;
    p[f.column] = p[f.column].plus(f.amount);
    totals[f.column] = totals[f.column].plus(f.amount);
  }
  const last = (v: string | null) => v ?? '\uffff';
  const ordered: PnlRow[] = [...rows.values()]
    .sort((a, b) => a.period.localeCompare(b.period) || last(a.metal).localeCompare(last(b.metal)) || last(a.category).localeCompare(last(b.category)))
    .map((r) => ({ period: r.period, metal: r.metal, category: r.category, ...figures(r.sums) }));
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    periods: [...perPeriod].map(([period, s]) => ({ period, total: figures(s).total })),
    rows: ordered,
    totals: figures(totals),
    revaluedThrough,
  };
}

/** A point of the treasury's history: the net position (grams), its value in MYR and the mids it was valued at (decision 1043). */
export type PositionPoint = PricedPoint;

/** MYR per gram a point was valued at; null when it has no price. */
export function pointPrice(p: PositionPoint | null): Decimal | null {
  const price = p ? myrPerGramAt(p) : null;
  return price === null ? null : new Decimal(price);
}

/**
 * A day's revaluation of one metal: the net position held at the day's start x (the closing price
 * - the opening price), to the sen. Zero when nothing was held; null when something was held but a
 * price is missing at either end (the answer lists the day as unpriced).
 */
export function revaluationOfDay(open: PositionPoint | null, close: PositionPoint | null): string | null {
  if (!open || new Decimal(open.net).isZero()) return roundTo(new Decimal(0), SCALE.MYR);
  const from = pointPrice(open);
  const to = pointPrice(close);
  if (from === null || to === null) return null;
  return roundTo(new Decimal(open.net).times(to.minus(from)), SCALE.MYR);
}
