import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from './metals.ts';
import { feeAppliesTo, type FeeAdjustMode } from '../users/user-enums.ts';

/** A quote: bid and ask as decimal strings. */
export interface BidAsk {
  bid: string;
  ask: string;
}

/** One variant (regular or after-hour) of a metal's adjust settings (SPEC.md §3, DECISIONS.md §4). */
export interface AdjustSettings {
  /** Added to the USD/MYR bid and ask. */
  currency: BidAsk;
  /** USD per troy ounce. */
  spread: { buySpread: string; sellSpread: string };
  /** premium (MYR/g, on buys), refineryFees (MYR/g, on sells), interestRate (annual fraction). */
  fee: { premium: string; refineryFees: string; interestRate: string };
}

export interface PersonalFees {
  premium: string;
  refineryFees: string;
  feeAdjustMode: FeeAdjustMode;
}

export interface CustomerPrice {
  usd: { buy: string; sell: string }; // USD per troy ounce, 2 decimals
  myr: { buy: string; sell: string }; // MYR per gram, 3 decimals
  /** The USD/MYR rates used: fx + currency adjustment, 4 decimals. */
  effectiveRate: BidAsk;
}

/**
 * Customer prices from a metal quote (USD/oz), the USD/MYR rate and the active adjust settings,
 * exactly as DECISIONS.md §4:
 *   USD buy/oz  = ask + buySpread;   USD sell/oz = bid - sellSpread
 *   MYR buy/g   = USD buy/oz  x (fx ask + adj ask) / 31.1034768 + premium
 *   MYR sell/g  = USD sell/oz x (fx bid + adj bid) / 31.1034768 - refineryFees
 * A user's personal fees add to the global ones on the sides its fee-adjust mode names. The only
 * rounding is at the end, half-up: MYR per gram to 3 decimals, USD per ounce to 2, rates to 4.
 */
export function customerPrice(quote: BidAsk, fx: BidAsk, settings: AdjustSettings, personal?: PersonalFees): CustomerPrice {
  const usdBuy = new Decimal(quote.ask).plus(settings.spread.buySpread);
  const usdSell = new Decimal(quote.bid).minus(settings.spread.sellSpread);
  const rateAsk = new Decimal(fx.ask).plus(settings.currency.ask);
  const rateBid = new Decimal(fx.bid).plus(settings.currency.bid);
  let premium = new Decimal(settings.fee.premium);
  let refinery = new Decimal(settings.fee.refineryFees);
  if (personal && feeAppliesTo(personal.feeAdjustMode, 'buy')) premium = premium.plus(personal.premium);
  if (personal && feeAppliesTo(personal.feeAdjustMode, 'sell')) refinery = refinery.plus(personal.refineryFees);
  const myrBuy = usdBuy.times(rateAsk).div(GRAMS_PER_TROY_OUNCE).plus(premium);
  const myrSell = usdSell.times(rateBid).div(GRAMS_PER_TROY_OUNCE).minus(refinery);
  return {
    usd: { buy: roundTo(usdBuy, SCALE.USD), sell: roundTo(usdSell, SCALE.USD) },
    myr: { buy: roundTo(myrBuy, SCALE.pricePerGram), sell: roundTo(myrSell, SCALE.pricePerGram) },
    effectiveRate: { bid: roundTo(rateBid, SCALE.exchangeRate), ask: roundTo(rateAsk, SCALE.exchangeRate) },
  };
}

/** USD per troy ounce to USD per gram (not rounded: callers round at their named point). */
export function perGram(perOunce: string): string {
  return new Decimal(perOunce).div(GRAMS_PER_TROY_OUNCE).toFixed();
}

export function perOunce(perGramValue: string): string {
  return new Decimal(perGramValue).times(GRAMS_PER_TROY_OUNCE).toFixed();
}

/** Grams to troy ounces, 4 decimals. */
export function gramsToOunces(grams: string): string {
  return roundTo(new Decimal(grams).div(GRAMS_PER_TROY_OUNCE), 4);
}
