import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { MyrRateData, PriceData } from '@aurum/domain/system/live-messages';
import { customerPrice, type AdjustSettings, type BidAsk, type CustomerPrice } from '@aurum/domain/orders/order-pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';

export type Variant = 'regular' | 'afterHour';

/** One variant of a metal's adjust answer, in the shape the domain's pricing takes. */
export function settingsOf(answer: MetalAdjustAnswer, variant: Variant): AdjustSettings {
  const currency = variant === 'regular' ? answer.currency : answer.ahtCurrency;
  const spread = variant === 'regular' ? answer.spread : answer.ahtSpread;
  const fee = variant === 'regular' ? answer.userFee : answer.ahtUserFee;
  return { currency: { bid: currency.bid, ask: currency.ask }, spread, fee };
}

/**
 * The gold quote (USD/oz) behind a live Price: the socket sends customer prices, which are the
 * quote with the spread of the variant that priced it (DECISIONS.md §4: buy = ask + buySpread,
 * sell = bid - sellSpread), so the quote is ask = buy - buySpread, bid = sell + sellSpread.
 */
export function quoteFromPrice(price: Pick<PriceData, 'usd' | 'variant'>, goldAdjust: MetalAdjustAnswer): BidAsk {
  const spread = settingsOf(goldAdjust, price.variant).spread;
  return {
    bid: roundTo(new Decimal(price.usd.sell).plus(spread.sellSpread), 2),
    ask: roundTo(new Decimal(price.usd.buy).minus(spread.buySpread), 2),
  };
}

/** The live USD/MYR rate as a bid/ask pair. */
export function fxFromRate(rate: Pick<MyrRateData, 'bidPrice' | 'askPrice'>): BidAsk {
  return { bid: rate.bidPrice, ask: rate.askPrice };
}

/**
 * Buy and sell price of a variant with the domain's customerPrice, from the live gold quote and
 * USD/MYR rate; null without them.
 */
export function variantPrice(quote: BidAsk | null, fx: BidAsk | null, answer: MetalAdjustAnswer, variant: Variant): CustomerPrice | null {
  if (!quote || !fx) return null;
  return customerPrice(quote, fx, settingsOf(answer, variant));
}

/** Effective exchange rate of a variant: the base rate plus its currency adjustment, 4 decimals. */
export function effectiveRate(fx: BidAsk | null, answer: MetalAdjustAnswer, variant: Variant): BidAsk | null {
  if (!fx) return null;
  const adj = settingsOf(answer, variant).currency;
  return { bid: roundTo(new Decimal(fx.bid).plus(adj.bid), 4), ask: roundTo(new Decimal(fx.ask).plus(adj.ask), 4) };
}
