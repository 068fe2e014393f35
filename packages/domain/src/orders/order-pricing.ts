import { Decimal, SCALE, isDecimalText, roundTo, scaledInteger, scaledQuotientText } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE, type Symbol } from '../system/metals.ts';
import type { MetalAdjustAnswer } from '../system/system-schemas.ts';
import { feeAppliesTo, type FeeAdjustMode, type TradeSide } from '../users/user-enums.ts';
import { orderAmount, usdAmount } from './order-money.ts';

/**
 * Order pricing (DECISIONS.md §4), one pipeline for the server and the console:
 *
 *   customerPrice   market quote + USD/MYR rate + adjust settings -> the published customer
 *                   prices (the live Price frame; global fees in them);
 *   userMyrPerGram  published price + the user's personal fee -> what this user pays or gets
 *                   (the server fills at it, the Create Order preview shows it);
 *   orderQuote      the preview of an order from a published price (amounts, fees);
 *   fillPricesAtMarket / offlineFillPrices  the prices a fill records.
 */

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

/** A user's personal fees (MYR/g, 3 decimals) and the sides they apply to. */
export interface PersonalFees {
  premium: string;
  refineryFees: string;
  feeAdjustMode: FeeAdjustMode;
}

/** Buy and sell customer prices as published: MYR per gram (3 decimals) and USD per troy ounce (2). The Price frame is one. */
export interface PublishedPrice {
  myr: { buy: string; sell: string };
  usd: { buy: string; sell: string };
}

export interface CustomerPrice extends PublishedPrice {
  /** The USD/MYR rates used: fx + currency adjustment, 4 decimals. */
  effectiveRate: BidAsk;
}

/** What prices an order at a moment (the market service's orderPricing). */
export interface MarketPricing {
  quote: BidAsk;
  fx: BidAsk;
  settings: AdjustSettings;
}

/**
 * Customer prices from a metal quote (USD/oz), the USD/MYR rate and the active adjust settings,
 * exactly as DECISIONS.md §4 (global fees only):
 *   USD buy/oz  = ask + buySpread;   USD sell/oz = bid - sellSpread
 *   MYR buy/g   = USD buy/oz  x (fx ask + adj ask) / 31.1034768 + premium
 *   MYR sell/g  = USD sell/oz x (fx bid + adj bid) / 31.1034768 - refineryFees
 * The only rounding is at the end, half-up: MYR per gram to 3 decimals, USD per ounce to 2, rates to 4.
 */
export function customerPrice(quote: BidAsk, fx: BidAsk, settings: AdjustSettings): CustomerPrice {
  const usdBuy = new Decimal(quote.ask).plus(settings.spread.buySpread);
  const usdSell = new Decimal(quote.bid).minus(settings.spread.sellSpread);
  const rateAsk = new Decimal(fx.ask).plus(settings.currency.ask);
  const rateBid = new Decimal(fx.bid).plus(settings.currency.bid);
  const myrBuy = usdBuy.times(rateAsk).div(GRAMS_PER_TROY_OUNCE).plus(settings.fee.premium);
  const myrSell = usdSell.times(rateBid).div(GRAMS_PER_TROY_OUNCE).minus(settings.fee.refineryFees);
  return {
    usd: { buy: roundTo(usdBuy, SCALE.USD), sell: roundTo(usdSell, SCALE.USD) },
    myr: { buy: roundTo(myrBuy, SCALE.pricePerGram), sell: roundTo(myrSell, SCALE.pricePerGram) },
    effectiveRate: { bid: roundTo(rateBid, SCALE.exchangeRate), ask: roundTo(rateAsk, SCALE.exchangeRate) },
  };
}

/** The adjust settings of a variant from GET adjust/{metal} (or a GlobalSetting message). */
export function settingsOfVariant(answer: MetalAdjustAnswer, variant: 'regular' | 'afterHour'): AdjustSettings {
  const aht = variant === 'afterHour';
  const currency = aht ? answer.ahtCurrency : answer.currency;
  const spread = aht ? answer.ahtSpread : answer.spread;
  const fee = aht ? answer.ahtUserFee : answer.userFee;
  return {
    currency: { bid: currency.bid, ask: currency.ask },
    spread: { buySpread: spread.buySpread, sellSpread: spread.sellSpread },
    fee: { premium: fee.premium, refineryFees: fee.refineryFees, interestRate: fee.interestRate },
  };
}

const ZERO_FEE = '0.000';

/** The user's personal fee per gram on a side: premium on a buy, refinery fees on a sell; 0 when the fee-adjust mode does not name the side. */
export function personalFee(personal: PersonalFees | null, side: TradeSide): string {
  if (!personal || !feeAppliesTo(personal.feeAdjustMode, side)) return ZERO_FEE;
  return roundTo(side === 'buy' ? personal.premium : personal.refineryFees, SCALE.pricePerGram);
}

/**
 * THE price a user trades at, MYR per gram: the published customer price (global fees in it)
 * plus the user's premium on a buy, minus its refinery fees on a sell, when its fee-adjust mode
 * names that side (DECISIONS.md §4: personal fees add to the global ones). Personal fees have 3
 * decimals, so this equals the formula with one rounding for every price that is not negative
 * (order-pricing.test.ts). The server fills at it; the Create Order preview shows it.
 */
export function userMyrPerGram(price: PublishedPrice, side: TradeSide, personal: PersonalFees | null): string {
  const fee = personalFee(personal, side);
  const base = new Decimal(side === 'buy' ? price.myr.buy : price.myr.sell);
  return roundTo(side === 'buy' ? base.plus(fee) : base.minus(fee), SCALE.pricePerGram);
}

/**
 * The user's live price in the pair's unit, as the engine compares limits with it: MYR per gram
 * with the personal fee (XAU/MYR), or USD per troy ounce (XAU/USD: fees are charged on the MYR side).
 */
export function userLivePrice(price: PublishedPrice, symbol: Symbol, side: TradeSide, personal: PersonalFees | null): string {
  if (symbol === 'XAU/USD') return side === 'buy' ? price.usd.buy : price.usd.sell;
  return userMyrPerGram(price, side, personal);
}

/** The prices a fill records on the order. */
export interface FillPrices {
  costPrice: string | null;
  quotePrice: string | null;
  /** MYR per gram: the order's amount is this x grams. */
  myrPrice: string;
  /** USD per troy ounce. */
  usdPrice: string | null;
  exchangeRate: string | null;
  spreadAdjustment: string | null;
  customizedAdjustment: string | null;
  userFee: string | null;
  globalFee: string | null;
  interestRateGlobal: string;
  /** The market mid the fill's income is split at, MYR per gram (decision 1020); null when no cost was entered. */
  midMyrPerGram: string | null;
}

/**
 * The market mid in MYR per gram (decision 1020): the quote's mid (USD/oz) x the USD/MYR rate's mid
 * (without the currency adjustment, which is the house's) / 31.1034768, at SCALE.midPerGram.
 */
export function marketMidMyrPerGram(quote: BidAsk, fx: BidAsk): string {
  const metal = new Decimal(quote.bid).plus(quote.ask).div(2);
  const rate = new Decimal(fx.bid).plus(fx.ask).div(2);
  return roundTo(metal.times(rate).div(GRAMS_PER_TROY_OUNCE), SCALE.midPerGram);
}

/**
 * The mid of an order whose market mid was not recorded, from the prices it records: an offline
 * order's cost (per gram in its currency, times the exchange rate for USD); a live order's cost
 * price (the ask of a buy, the bid of a sell, USD/oz) x its effective rate / 31.1034768. Null
 * without a cost price or a rate. Decision 1020 (offline fills), 1021 (orders filled before the split).
 */
export function recordedCostMid(o: { orderType: 'MARKET' | 'LIMIT' | 'OFF_LINE'; currency: 'MYR' | 'USD'; costPrice: string | null; exchangeRate: string | null }): string | null {
  if (o.costPrice === null || new Decimal(o.costPrice).lte(0)) return null;
  if (o.orderType === 'OFF_LINE' && o.currency === 'MYR') return roundTo(o.costPrice, SCALE.midPerGram);
  if (o.exchangeRate === null || new Decimal(o.exchangeRate).lte(0)) return null;
  const perGram = new Decimal(o.costPrice).times(o.exchangeRate);
  return roundTo(o.orderType === 'OFF_LINE' ? perGram : perGram.div(GRAMS_PER_TROY_OUNCE), SCALE.midPerGram);
}

const sideOf = (side: 'BUY' | 'SELL'): TradeSide => (side === 'BUY' ? 'buy' : 'sell');

/** Live fill prices of a user's order (market orders at create, limit orders when the engine matches them). */
export function fillPricesAtMarket(pricing: MarketPricing, personal: PersonalFees, action: 'BUY' | 'SELL'): { prices: FillPrices; customer: CustomerPrice } {
  const customer = customerPrice(pricing.quote, pricing.fx, pricing.settings);
  const side = sideOf(action);
  const buy = side === 'buy';
  return {
    customer,
    prices: {
      costPrice: buy ? pricing.quote.ask : pricing.quote.bid,
      quotePrice: buy ? customer.usd.buy : customer.usd.sell,
      myrPrice: userMyrPerGram(customer, side, personal),
      usdPrice: buy ? customer.usd.buy : customer.usd.sell,
      exchangeRate: buy ? customer.effectiveRate.ask : customer.effectiveRate.bid,
      spreadAdjustment: buy ? pricing.settings.spread.buySpread : pricing.settings.spread.sellSpread,
      customizedAdjustment: null,
      userFee: feeAppliesTo(personal.feeAdjustMode, side) ? (buy ? personal.premium : personal.refineryFees) : ZERO_FEE,
      globalFee: buy ? pricing.settings.fee.premium : pricing.settings.fee.refineryFees,
      interestRateGlobal: pricing.settings.fee.interestRate,
      midMyrPerGram: marketMidMyrPerGram(pricing.quote, pricing.fx),
    },
  };
}

/** An offline (customised) order's prices as entered: per gram in the order's currency, USD/MYR rate. */
export interface OfflinePriceInput {
  currency: 'MYR' | 'USD';
  costPrice: string;
  quotePrice: string;
  exchangeRate: string;
  finalPrice: string;
}

/**
 * The prices an offline order's fill records: MYR per gram = the final price (MYR), or the final
 * price x the exchange rate (USD), to 3 decimals; USD per troy ounce from it; the customised
 * adjustment is final - quote.
 */
export function offlineFillPrices(o: OfflinePriceInput, interestRateGlobal: string): FillPrices {
  const usd = o.currency === 'USD';
  const final = new Decimal(o.finalPrice);
  return {
    costPrice: o.costPrice,
    quotePrice: o.quotePrice,
    myrPrice: roundTo(usd ? final.times(o.exchangeRate) : final, SCALE.pricePerGram),
    usdPrice: roundTo((usd ? final : final.div(o.exchangeRate)).times(GRAMS_PER_TROY_OUNCE), SCALE.USD),
    exchangeRate: o.exchangeRate,
    spreadAdjustment: null,
    customizedAdjustment: roundTo(final.minus(o.quotePrice), SCALE.pricePerGram),
    userFee: null,
    globalFee: null,
    interestRateGlobal,
    midMyrPerGram: recordedCostMid({ orderType: 'OFF_LINE', currency: o.currency, costPrice: o.costPrice, exchangeRate: o.exchangeRate }),
  };
}

/**
 * A limit price in MYR per gram, to check a limit order's assets at create: the limit itself
 * (XAU/MYR), or USD/oz x the effective rate of its side / 31.1034768 (XAU/USD). Not rounded.
 */
export function limitMyrPerGram(symbol: Symbol, action: 'BUY' | 'SELL', limitPrice: string, effectiveRate: BidAsk): string {
  if (symbol === 'XAU/MYR') return new Decimal(limitPrice).toFixed();
  return new Decimal(limitPrice)
    .times(action === 'BUY' ? effectiveRate.ask : effectiveRate.bid)
    .div(GRAMS_PER_TROY_OUNCE)
    .toFixed();
}

export interface OrderQuoteInput {
  side: TradeSide;
  symbol: Symbol;
  orderType: 'MARKET' | 'LIMIT';
  /** Grams as typed (separators already stripped); not a positive number gives no amounts. */
  quantity: string;
  /** Limit orders: MYR per gram (XAU/MYR) or USD per troy ounce (XAU/USD). */
  limitPrice?: string | null;
  /** The published price (the live Price frame); null before the first. */
  price: PublishedPrice | null;
  /** The gold adjust settings of the variant the price was made with (null until loaded). */
  settings: AdjustSettings | null;
  personal: PersonalFees | null;
}

export interface OrderQuote {
  /** The user's live price: MYR per gram (XAU/MYR) or USD per troy ounce (XAU/USD); null before the first price. */
  livePrice: string | null;
  /** The price the amount is computed at (the limit for a limit order), in the pair's unit. */
  atPrice: string | null;
  /** MYR per gram the order is charged or paid at (null for an XAU/USD limit: priced when it fills). */
  myrPerGram: string | null;
  /** MYR amount (2 decimals). */
  amount: string | null;
  /** USD amount for XAU/USD (2 decimals). */
  usdAmount: string | null;
  /** Which fee applies: premium on a buy, refinery fees on a sell. */
  feeKind: 'premium' | 'refineryFees';
  /** Fee per gram, MYR, 3 decimals. */
  fee: { global: string | null; personal: string; total: string | null };
  /** Fee amount, MYR, 2 decimals. */
  feeAmount: { global: string | null; personal: string | null; total: string | null };
}

/**
 * What an online order would cost or bring at a published price (market: the user's live price;
 * limit: the limit), computed as the server fills it: MYR/g by userMyrPerGram, amount by
 * orderAmount, the USD amount by usdAmount; the fees (global + personal) per gram x grams.
 */
export function orderQuote(input: OrderQuoteInput): OrderQuote {
  const { side, symbol, orderType, price, settings, personal } = input;
  const buy = side === 'buy';
  const usd = symbol === 'XAU/USD';
  const quantity = input.quantity.trim();
  const grams = isDecimalText(quantity) && new Decimal(quantity).gt(0) ? quantity : null;
  const live = price ? userLivePrice(price, symbol, side, personal) : null;
  const limit = orderType === 'LIMIT' && input.limitPrice && isDecimalText(input.limitPrice.trim()) ? input.limitPrice.trim() : null;
  const atPrice = orderType === 'LIMIT' ? limit : live;

  // MYR per gram charged: live (market) or the limit (XAU/MYR limit); an XAU/USD limit is charged at the MYR price of its fill
  const myrPerGram = orderType === 'LIMIT' ? (usd ? null : limit ? roundTo(limit, SCALE.pricePerGram) : null) : price ? userMyrPerGram(price, side, personal) : null;
  const amount = grams && myrPerGram ? orderAmount(myrPerGram, grams) : null;
  const usdAmountAt = usd && grams && atPrice ? usdAmount(atPrice, grams) : null;

  const personalPerGram = personalFee(personal, side);
  const globalPerGram = settings ? roundTo(buy ? settings.fee.premium : settings.fee.refineryFees, SCALE.pricePerGram) : null;
  const totalPerGram = globalPerGram === null ? null : roundTo(new Decimal(globalPerGram).plus(personalPerGram), SCALE.pricePerGram);
  const times = (perGram: string | null) => (perGram !== null && grams ? roundTo(new Decimal(perGram).times(grams), SCALE.MYR) : null);

  return {
    livePrice: live,
    atPrice,
    myrPerGram,
    amount,
    usdAmount: usdAmountAt,
    feeKind: buy ? 'premium' : 'refineryFees',
    fee: { global: globalPerGram, personal: personalPerGram, total: totalPerGram },
    feeAmount: { global: times(globalPerGram), personal: times(personalPerGram), total: times(totalPerGram) },
  };
}

/** USD per troy ounce to USD per gram (not rounded: callers round at their named point). */
export function perGram(perOunce: string): string {
  return new Decimal(perOunce).div(GRAMS_PER_TROY_OUNCE).toFixed();
}

export function perOunce(perGramValue: string): string {
  return new Decimal(perGramValue).times(GRAMS_PER_TROY_OUNCE).toFixed();
}

const OUNCE = scaledInteger(GRAMS_PER_TROY_OUNCE);
const OUNCE_PLACES = 4;

/**
 * Grams to troy ounces, 4 decimals, rounded half-up (away from zero). A plain decimal text (as
 * NUMERIC columns read: every row of the orders list) is divided exactly in integers, which answers
 * what the 50-digit decimal division and roundTo answer at a fraction of the cost
 * (bench/orders-connection.ts --profile); anything else goes through Decimal.
 */
export function gramsToOunces(grams: string): string {
  if (!isDecimalText(grams)) return roundTo(new Decimal(grams).div(GRAMS_PER_TROY_OUNCE), OUNCE_PLACES);
  const { units, places, negative } = scaledInteger(grams);
  // ounces x 10^4 = grams x 10^4 / 31.1034768, as integers
  return scaledQuotientText(units * 10n ** BigInt(OUNCE.places + OUNCE_PLACES), OUNCE.units * 10n ** BigInt(places), OUNCE_PLACES, negative);
}
