import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import type { TreasuryMetal } from '../treasury/treasury-metals.ts';
import { houseAccount, type HouseBook, type Posting } from '../wallet/ledger.ts';
import type { HedgeCurrency, HedgeSide } from './hedge-schemas.ts';

/**
 * A hedge in the journal (decision 1042), pure. A hedge is a trade with an outside provider: the desk
 * buys (or sells) metal there and owes (or is owed) its price. Its entry moves the metal between the
 * desk and the hedge position at the provider, the price between the desk and the provider's
 * account, and the fee to the hedge fees; each order it covers gets the hedge's result against that
 * order's mid (hedgeLinkResult, decision 1030) between the desk and the hedging results. Settling
 * clears the provider's account against the bank; canceling reverses all of it.
 */

const DESK: Record<TreasuryMetal, HouseBook> = { XAU: 'tradingXau', XPT: 'tradingXpt', XAG: 'tradingXag' };
const POSITION: Record<TreasuryMetal, HouseBook> = { XAU: 'hedgeXau', XPT: 'hedgeXpt', XAG: 'hedgeXag' };

/** A USD amount in MYR at a rate, or a MYR amount as it is; USD per troy ounce to MYR per gram when `perOunce`. */
export function hedgeMyr(amount: string, currency: HedgeCurrency, rate: string | null, perOunce: boolean): Decimal | null {
  if (currency === 'MYR') return new Decimal(amount);
  if (rate === null || !new Decimal(rate).gt(0)) return null;
  const usd = perOunce ? new Decimal(amount).div(GRAMS_PER_TROY_OUNCE) : new Decimal(amount);
  return usd.times(rate);
}

export interface HedgeBooking {
  side: HedgeSide;
  metal: TreasuryMetal;
  grams: string;
  /** The price in MYR for its grams, to the sen. */
  costMyr: string;
  /** The fee in MYR, to the sen (0 for none). */
  feeMyr: string;
}

/** The hedge's MYR cost and fee: its price (MYR per gram, or USD per troy ounce at `rate`) times its grams, its fee in MYR; null for a USD hedge without a rate. */
export function hedgeBooking(
  h: { side: HedgeSide; metal: TreasuryMetal; quantity: string; price: string; currency: HedgeCurrency; fee: string },
  rate: string | null,
): HedgeBooking | null {
  const perGram = hedgeMyr(h.price, h.currency, rate, true);
  const fee = hedgeMyr(h.fee, h.currency, rate, false);
  if (perGram === null || fee === null) return null;
  return { side: h.side, metal: h.metal, grams: roundTo(h.quantity, SCALE.XAU), costMyr: roundTo(perGram.times(h.quantity), SCALE.MYR), feeMyr: roundTo(fee, SCALE.MYR) };
}

/**
 * What a hedge gained on the grams of one order it covers, against the order's mid (the spread is
 * already the order's income; decision 1030): a customer buy (the house short, the hedge buys) gains
 * (mid - hedge price) x grams; a customer sell gains (hedge price - mid) x grams. MYR to the sen;
 * null when the order has no mid or a USD hedge no rate (the order's rate at its fill).
 */
export function hedgeLinkResult(
  hedge: { price: string; currency: HedgeCurrency },
  link: { action: 'BUY' | 'SELL'; midMyrPerGram: string | null; grams: string; exchangeRate: string | null },
): string | null {
  if (link.midMyrPerGram === null) return null;
  const price = hedgeMyr(hedge.price, hedge.currency, link.exchangeRate, true);
  if (price === null) return null;
  const perGram = link.action === 'BUY' ? new Decimal(link.midMyrPerGram).minus(price) : price.minus(link.midMyrPerGram);
  return roundTo(perGram.times(link.grams), SCALE.MYR);
}

const positive = (postings: Posting[]) => postings.filter((p) => new Decimal(p.amount).gt(0));

/** The hedge's own entry: its metal, its price and its fee. */
export function hedgePostings(b: HedgeBooking): Posting[] {
  const desk = houseAccount(DESK[b.metal]);
  const position = houseAccount(POSITION[b.metal]);
  const providers = houseAccount('hedgeProviders');
  const trading = houseAccount('tradingMyr');
  const buy = b.side === 'BUY';
  return positive([
    buy ? { from: position, to: desk, asset: b.metal, amount: b.grams } : { from: desk, to: position, asset: b.metal, amount: b.grams },
    buy ? { from: trading, to: providers, asset: 'MYR', amount: b.costMyr } : { from: providers, to: trading, asset: 'MYR', amount: b.costMyr },
    { from: houseAccount('hedgeFees'), to: providers, asset: 'MYR', amount: b.feeMyr },
  ]);
}

/** The result of a hedge on one order it covers (MYR, signed: a gain is positive), between the desk and the hedging results. */
export function hedgeResultPostings(result: string): Posting[] {
  const amount = roundTo(new Decimal(result).abs(), SCALE.MYR);
  if (new Decimal(amount).isZero()) return [];
  const trading = houseAccount('tradingMyr');
  const hedging = houseAccount('hedging');
  return [new Decimal(result).gt(0) ? { from: trading, to: hedging, asset: 'MYR', amount } : { from: hedging, to: trading, asset: 'MYR', amount }];
}

/**
 * A settlement: what the hedge left in the provider's account (the journal's sign, credits minus
 * debits: what the house owes is positive) paid from the bank, or received into it.
 */
export function hedgeSettlementPostings(providerBalance: string): Posting[] {
  const owed = new Decimal(roundTo(providerBalance, SCALE.MYR));
  if (owed.isZero()) return [];
  const amount = roundTo(owed.abs(), SCALE.MYR);
  const providers = houseAccount('hedgeProviders');
  const bank = houseAccount('bank');
  return [owed.gt(0) ? { from: providers, to: bank, asset: 'MYR', amount } : { from: bank, to: providers, asset: 'MYR', amount }];
}

/**
 * The USD a hedge leaves outstanding with its provider until it settles, signed as the house's
 * (a buy owes its price and fee: negative; a sell is owed its price less its fee), and the MYR it was
 * booked at: the FX revaluation compares them with the closing rate.
 */
export function usdOutstanding(h: { side: HedgeSide; quantity: string; price: string; fee: string }): Decimal {
  const price = new Decimal(h.price).div(GRAMS_PER_TROY_OUNCE).times(h.quantity);
  return h.side === 'BUY' ? price.plus(h.fee).neg() : price.minus(h.fee);
}

/** The FX revaluation of USD outstanding booked at `bookedRate`, at the closing `rate`: MYR, signed (a gain is positive), to the sen. */
export function usdRevaluation(usd: Decimal | string, bookedRate: string, rate: string): Decimal {
  return new Decimal(usd).times(new Decimal(rate).minus(bookedRate));
}
