import { SCALE, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { orderAmount } from '@aurum/domain/orders/order-money';
import { offlineFillPrices, orderQuote, type OrderQuote, type OrderQuoteInput } from '@aurum/domain/orders/order-pricing';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { Symbol } from '@aurum/domain/system/metals';
import { marketOfSymbol, pairStatus } from '#shared/live/market-status.ts';

/**
 * The live preview of the Create Order screen: the domain's orderQuote at the live Price frame
 * (packages/domain/src/orders/order-pricing.ts), the same functions the server fills an order with
 * (userMyrPerGram, orderAmount, usdAmount), so the preview is what the server will charge
 * (apps/server/src/modules/orders/__tests__/order-preview-agreement.int.test.ts). What only the
 * console decides stays here: whether the pair is open, and when limit orders are offered.
 */
export interface PreviewInput extends OrderQuoteInput {
  price: PriceData | null;
}

export interface OrderPreview extends OrderQuote {
  /** Whether the pair can be traded now (from the live price). */
  available: boolean;
}

export function isAvailable(price: PriceData | null, symbol: Symbol): boolean {
  return price !== null && pairStatus(price, marketOfSymbol(symbol)).available;
}

/**
 * Limit orders may not be placed while the disabledLimit flag is set: while the pair is open only
 * through trading-period mode (SPEC.md §4: outside regular hours the rate is the trading session's
 * final rate, so a limit has no moving market to wait for), or while the pair is closed.
 */
export function disabledLimit(price: PriceData | null, symbol: Symbol): boolean {
  if (!price) return false;
  const status = pairStatus(price, marketOfSymbol(symbol));
  return !status.available || status.reason === 'trading period mode';
}

export function orderPreview(input: PreviewInput): OrderPreview {
  return { available: isAvailable(input.price, input.symbol), ...orderQuote(input) };
}

/**
 * The offline (customised) order's figures: the amount at the final price per gram in the order's
 * currency, and its MYR amount as the server records it (the domain's offlineFillPrices, then
 * orderAmount), with the prices rounded as they are sent (final price 3 decimals, rate 4).
 */
export function offlinePreview(input: { symbol: Symbol; quantity: string; finalPrice: string; exchangeRate: string }): { amount: string | null; myrAmount: string | null; myrPerGram: string | null } {
  const q = input.quantity.trim();
  const f = isDecimalText(input.finalPrice.trim()) ? roundTo(input.finalPrice.trim(), SCALE.pricePerGram) : '';
  const r = isDecimalText(input.exchangeRate.trim()) ? roundTo(input.exchangeRate.trim(), SCALE.exchangeRate) : '';
  if (!isDecimalText(q) || !isDecimalText(f)) return { amount: null, myrAmount: null, myrPerGram: null };
  const amount = orderAmount(f, q);
  if (input.symbol === 'XAU/MYR') return { amount, myrAmount: amount, myrPerGram: f };
  if (!isDecimalText(r)) return { amount, myrAmount: null, myrPerGram: null };
  const prices = offlineFillPrices({ currency: 'USD', costPrice: f, quotePrice: f, exchangeRate: r, finalPrice: f }, '0');
  return { amount, myrAmount: orderAmount(prices.myrPrice, q), myrPerGram: prices.myrPrice };
}
