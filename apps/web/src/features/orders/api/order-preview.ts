import { Decimal, SCALE, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { orderAmount } from '@aurum/domain/orders/order-money';
import type { PriceData } from '@aurum/domain/system/live-messages';
import { GRAMS_PER_TROY_OUNCE, type Symbol } from '@aurum/domain/system/metals';
import type { AdjustSettings } from '@aurum/domain/system/pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { feeAppliesTo, type FeeAdjustMode, type TradeSide } from '@aurum/domain/users/user-enums';

/**
 * The live preview of the Create Order screen (pure, exact decimals): what the order would cost
 * or bring at the live price, or at the limit price, and its fees, computed as the server fills
 * an order (apps/server/src/modules/orders/order-service.ts `livePrices` and `fillOrder`):
 *
 *   MYR/g  = the live customer price (global fees in it) + the user's premium on a buy, - the
 *            user's refinery fees on a sell, when the user's fee-adjust mode names that side;
 *   amount = MYR/g x grams, half-up to 2 decimals (`orderAmount`);
 *   XAU/USD also: USD amount = USD/oz x grams / 31.1034768, half-up to 2 decimals;
 *   fees   = (global + personal) premium (buy) or refinery fees (sell) per gram x grams.
 *
 * The live Price frame carries the customer prices with the global fees (SPEC.md §7); the global
 * fee per gram comes from the metal's adjust settings of the variant that priced it.
 */
export interface PersonalFees {
  premium: string;
  refineryFees: string;
  feeAdjustMode: FeeAdjustMode;
}

export interface PreviewInput {
  side: TradeSide;
  symbol: Symbol;
  orderType: 'MARKET' | 'LIMIT';
  /** Grams as typed (separators already stripped); not a number gives no amounts. */
  quantity: string;
  /** Limit orders: MYR per gram (XAU/MYR) or USD per troy ounce (XAU/USD). */
  limitPrice?: string | null;
  price: PriceData | null;
  /** The gold adjust settings of the variant the price was made with (null until loaded). */
  settings: AdjustSettings | null;
  personal: PersonalFees | null;
}

export interface OrderPreview {
  /** Whether the pair can be traded now (from the live price). */
  available: boolean;
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

const ZERO_FEE = '0.000';

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

/** The user's personal fee per gram on a side (0 when the fee-adjust mode does not name it). */
export function personalFee(personal: PersonalFees | null, side: TradeSide): string {
  if (!personal || !feeAppliesTo(personal.feeAdjustMode, side)) return ZERO_FEE;
  return roundTo(side === 'buy' ? personal.premium : personal.refineryFees, SCALE.pricePerGram);
}

/**
 * The user's live price on a side: MYR per gram with the personal fee (XAU/MYR), or USD per troy
 * ounce (XAU/USD; fees are charged on the MYR side only), as the engine compares limits with it.
 */
export function userLivePrice(price: PriceData | null, symbol: Symbol, side: TradeSide, personal: PersonalFees | null): string | null {
  if (!price) return null;
  if (symbol === 'XAU/USD') return side === 'buy' ? price.usd.buy : price.usd.sell;
  return userMyrPerGram(price, side, personal);
}

function userMyrPerGram(price: PriceData, side: TradeSide, personal: PersonalFees | null): string {
  const fee = personalFee(personal, side);
  const base = new Decimal(side === 'buy' ? price.myr.buy : price.myr.sell);
  return roundTo(side === 'buy' ? base.plus(fee) : base.minus(fee), SCALE.pricePerGram);
}

export function isAvailable(price: PriceData | null, symbol: Symbol): boolean {
  return price !== null && (symbol === 'XAU/USD' ? price.available.usd : price.available.myr);
}

/**
 * Limit orders wait for the price to come to them: a buy limit must be below the user's live
 * price, a sell limit above it (one on the other side would fill at once; use a market order).
 * Answers the live price the limit must be beyond, or null when the limit is fine or cannot be
 * judged yet (no price, not a number).
 */
export function limitOnWrongSide(limit: string, side: TradeSide, live: string | null): string | null {
  if (live === null || !isDecimalText(limit)) return null;
  const l = new Decimal(limit);
  const wrong = side === 'buy' ? l.gte(live) : l.lte(live);
  return wrong ? live : null;
}

/**
 * Limit orders may not be placed while the disabledLimit flag is set: while the pair is open only
 * through trading-period mode (SPEC.md §4: outside regular hours the rate is the trading session's
 * final rate, so a limit has no moving market to wait for), or while the pair is closed.
 */
export function disabledLimit(price: PriceData | null, symbol: Symbol): boolean {
  if (!price) return false;
  if (!isAvailable(price, symbol)) return true;
  return symbol === 'XAU/MYR' && price.reason === 'trading period mode';
}

export function orderPreview(input: PreviewInput): OrderPreview {
  const { side, symbol, orderType, price, settings, personal } = input;
  const buy = side === 'buy';
  const usd = symbol === 'XAU/USD';
  const quantity = input.quantity.trim();
  const grams = isDecimalText(quantity) && new Decimal(quantity).gt(0) ? quantity : null;
  const live = userLivePrice(price, symbol, side, personal);
  const limit = orderType === 'LIMIT' && input.limitPrice && isDecimalText(input.limitPrice.trim()) ? input.limitPrice.trim() : null;
  const atPrice = orderType === 'LIMIT' ? limit : live;

  // MYR per gram charged: live (market) or the limit (XAU/MYR limit); an XAU/USD limit is charged at the MYR price of its fill
  const myrPerGram = orderType === 'LIMIT' ? (usd ? null : limit ? roundTo(limit, SCALE.pricePerGram) : null) : price ? userMyrPerGram(price, side, personal) : null;
  const amount = grams && myrPerGram ? orderAmount(myrPerGram, grams) : null;
  const usdAmount = usd && grams && atPrice ? roundTo(new Decimal(atPrice).times(grams).div(GRAMS_PER_TROY_OUNCE), SCALE.USD) : null;

  const personalPerGram = personalFee(personal, side);
  const globalPerGram = settings ? roundTo(buy ? settings.fee.premium : settings.fee.refineryFees, SCALE.pricePerGram) : null;
  const totalPerGram = globalPerGram === null ? null : roundTo(new Decimal(globalPerGram).plus(personalPerGram), SCALE.pricePerGram);
  const times = (perGram: string | null) => (perGram !== null && grams ? roundTo(new Decimal(perGram).times(grams), SCALE.MYR) : null);

  return {
    available: isAvailable(price, symbol),
    livePrice: live,
    atPrice,
    myrPerGram,
    amount,
    usdAmount,
    feeKind: buy ? 'premium' : 'refineryFees',
    fee: { global: globalPerGram, personal: personalPerGram, total: totalPerGram },
    feeAmount: { global: times(globalPerGram), personal: times(personalPerGram), total: times(totalPerGram) },
  };
}

/**
 * The offline (customised) order's figures: the amount at the final price per gram in the order's
 * currency, and its MYR amount (USD final price x exchange rate) as the server records it.
 */
export function offlinePreview(input: { symbol: Symbol; quantity: string; finalPrice: string; exchangeRate: string }): { amount: string | null; myrAmount: string | null } {
  const q = input.quantity.trim();
  // the prices as they are sent (customizeOrderBody): final price to 3 decimals, exchange rate to 4
  const f = isDecimalText(input.finalPrice.trim()) ? roundTo(input.finalPrice.trim(), SCALE.pricePerGram) : '';
  const r = isDecimalText(input.exchangeRate.trim()) ? roundTo(input.exchangeRate.trim(), SCALE.exchangeRate) : '';
  if (!isDecimalText(q) || !isDecimalText(f)) return { amount: null, myrAmount: null };
  const amount = roundTo(new Decimal(f).times(q), SCALE.MYR);
  if (input.symbol === 'XAU/MYR') return { amount, myrAmount: amount };
  if (!isDecimalText(r)) return { amount, myrAmount: null };
  const myrPerGram = roundTo(new Decimal(f).times(r), SCALE.pricePerGram);
  return { amount, myrAmount: orderAmount(myrPerGram, q) };
}
