import { Decimal, SCALE, roundTo } from '../money/decimal.ts';

/**
 * What a fill earns the house (decision 1020), pure: the order's MYR amount split into the metal's
 * cost at the market mid, the fee (premium on a buy, refinery fees on a sell; global and personal)
 * and the spread, to the sen. Cost and fee are rounded half-up; the spread is what is left, so the
 * parts always add up to the amount exactly:
 *
 *   buy:  cost + fee + spread = amount   (the customer pays the amount)
 *   sell: amount + fee + spread = cost   (the customer gets the amount; the house keeps the rest)
 *
 * The spread may be negative (a price on the wrong side of the mid): a loss, posted the other way.
 */

export interface FillIncomeInput {
  action: 'BUY' | 'SELL';
  grams: string;
  /** MYR, 2 decimals: what the customer pays (buy) or gets (sell). */
  amount: string;
  /** MYR per gram: the user's and the global fee of the order's side. */
  feePerGram: string;
  /** MYR per gram: the market mid at the fill. */
  mid: string;
}

export interface FillIncome {
  /** The metal at the mid, MYR (2 decimals). */
  cost: string;
  /** MYR (2 decimals, >= 0 for fees >= 0). */
  fee: string;
  /** MYR (2 decimals), may be negative. */
  spread: string;
}

export function fillIncome(i: FillIncomeInput): FillIncome {
  const cost = roundTo(new Decimal(i.mid).times(i.grams), SCALE.MYR);
  const fee = roundTo(new Decimal(i.feePerGram).times(i.grams), SCALE.MYR);
  const margin = i.action === 'BUY' ? new Decimal(i.amount).minus(cost) : new Decimal(cost).minus(i.amount);
  return { cost, fee, spread: roundTo(margin.minus(fee), SCALE.MYR) };
}

/** The fee per gram an order recorded at its fill: its user's and the global one (null columns count 0). */
export function feePerGramOf(userFee: string | null, globalFee: string | null): string {
  return roundTo(new Decimal(userFee ?? 0).plus(globalFee ?? 0), SCALE.pricePerGram);
}
