import { Decimal, SCALE, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { limitAffordable, reserveOnFill, walletAfterFill, type WalletFunds } from '@aurum/domain/orders/order-money';
import type { OrderQuote } from '@aurum/domain/orders/order-pricing';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { TradeSide } from '@aurum/domain/users/user-enums';

/**
 * What the review before an order is placed shows about the customer's money (decision 0751): the
 * wallet now and right after the fill (the domain's reserveOnFill, as the server reserves), or why
 * the customer cannot pay. A limit order reserves when it fills: the review says what its limit
 * would take and refuses only what the server refuses at create (limitAffordable).
 */
export type WalletEffect =
  | { kind: 'fill'; before: WalletFunds; after: WalletFunds }
  | { kind: 'atFill'; before: WalletFunds }
  | { kind: 'cannotPay'; before: WalletFunds; needed: string; unit: 'MYR' | 'XAU' }
  /** An XAU/USD limit is priced in MYR when it fills: nothing to weigh now. */
  | { kind: 'unknown' };

export function walletEffect(input: { side: TradeSide; limit: boolean; quantity: string; myrPerGram: string | null; amount: string | null; wallet: WalletFunds }): WalletEffect {
  const { side, quantity, myrPerGram, amount, wallet } = input;
  if (myrPerGram === null || amount === null || !isDecimalText(quantity)) return { kind: 'unknown' };
  const action = side === 'buy' ? 'BUY' : 'SELL';
  const needed = side === 'buy' ? amount : roundTo(quantity, SCALE.XAU);
  const cannotPay = { kind: 'cannotPay' as const, before: wallet, needed, unit: side === 'buy' ? ('MYR' as const) : ('XAU' as const) };
  if (input.limit) return limitAffordable(action, quantity, myrPerGram, wallet) ? { kind: 'atFill', before: wallet } : cannotPay;
  const reservation = reserveOnFill(action, amount, quantity, myrPerGram, wallet);
  return reservation ? { kind: 'fill', before: wallet, after: walletAfterFill(wallet, reservation) } : cannotPay;
}

/**
 * How an online order's price per gram is made (XAU/MYR, and the MYR side of XAU/USD): the published
 * price of the side, which holds the global fee, and the customer's personal fee on top of a buy or
 * taken off a sell; null before the first price. The fee amount is part of the amount, not added to it.
 */
export function priceMakeUp(price: PriceData | null, side: TradeSide, quote: OrderQuote): { published: string; personal: string; global: string | null; perGram: string } | null {
  if (!price || quote.myrPerGram === null) return null;
  const published = roundTo(side === 'buy' ? price.myr.buy : price.myr.sell, SCALE.pricePerGram);
  return { published, personal: quote.fee.personal, global: quote.fee.global, perGram: quote.myrPerGram };
}

/** Whether the fee's personal part changes the price (a zero personal fee is left off the review). */
export const hasPersonalFee = (personal: string) => !new Decimal(personal).isZero();
