import { Decimal, roundTo, SCALE } from '../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../system/metals.ts';
import type { HedgeCurrency, HedgeSide } from './hedge-schemas.ts';

/**
 * The rules of hedges (decision 0843):
 * how far a hedge moves the net position, how much of an order and of a hedge may still be linked,
 * and the spread the house earned on an order a hedge covers.
 */

/** The net position after a hedge: a buy from a provider adds its grams, a sell takes them off (4 decimals). */
export function positionAfter(before: string, side: HedgeSide, quantity: string): string {
  const q = new Decimal(quantity);
  return roundTo(side === 'BUY' ? new Decimal(before).plus(q) : new Decimal(before).minus(q), SCALE.XAU);
}

/** Which side of a hedge covers an order: the house sold metal on a customer's buy and buys it back from a provider. */
export function hedgeSideFor(orderAction: 'BUY' | 'SELL'): HedgeSide {
  return orderAction;
}

/** Order statuses whose metal a hedge may cover: the order has filled and is not undone. */
export const HEDGEABLE_ORDER_STATUSES = ['FILLED', 'PAID', 'SETTLED', 'OVERDUE'] as const;

export type LinkRefusal =
  | { rule: 'orderLimit'; orderId: number; available: string }
  | { rule: 'hedgeLimit'; available: string }
  | { rule: 'orderStatus'; orderId: number; status: string }
  | { rule: 'orderSide'; orderId: number }
  | { rule: 'orderMetal'; orderId: number }
  | { rule: 'hedgeState'; state: string };

export interface LinkOrder {
  id: number;
  action: 'BUY' | 'SELL';
  status: string;
  /** the metal of the order's pair (XAU for XAU/MYR and XAU/USD) */
  metal: string;
  quantity: string;
  /** grams of it linked already to hedges that are not canceled */
  linked: string;
}

export interface LinkHedge {
  side: HedgeSide;
  metal: string;
  state: string;
  quantity: string;
  /** grams of it linked already to orders */
  linked: string;
}

/**
 * Whether these links may be added to the hedge: the hedge is not canceled; each order filled and
 * not undone, of the hedge's metal and side; the grams linked to one order never exceed its
 * quantity (over every hedge not canceled) and a hedge's links never exceed its quantity. The first
 * refusal, or null.
 */
export function linkRefusal(hedge: LinkHedge, orders: ReadonlyMap<number, LinkOrder>, links: ReadonlyArray<{ orderId: number; quantity: string }>): LinkRefusal | null {
  if (hedge.state === 'canceled') return { rule: 'hedgeState', state: hedge.state };
  let hedgeLinked = new Decimal(hedge.linked);
  for (const link of links) {
    const order = orders.get(link.orderId)!;
    if (!(HEDGEABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return { rule: 'orderStatus', orderId: order.id, status: order.status };
    if (order.metal !== hedge.metal) return { rule: 'orderMetal', orderId: order.id };
    if (hedgeSideFor(order.action) !== hedge.side) return { rule: 'orderSide', orderId: order.id };
    const orderLeft = new Decimal(order.quantity).minus(order.linked);
    if (new Decimal(link.quantity).gt(orderLeft)) return { rule: 'orderLimit', orderId: order.id, available: roundTo(Decimal.max(orderLeft, 0), SCALE.XAU) };
    const hedgeLeft = new Decimal(hedge.quantity).minus(hedgeLinked);
    if (new Decimal(link.quantity).gt(hedgeLeft)) return { rule: 'hedgeLimit', available: roundTo(Decimal.max(hedgeLeft, 0), SCALE.XAU) };
    hedgeLinked = hedgeLinked.plus(link.quantity);
  }
  return null;
}

/** The words of a refusal, the context of its 422 answer (the console shows it as is). */
export function linkRefusalText(r: LinkRefusal): string {
  switch (r.rule) {
    case 'orderLimit':
      return `Order ${r.orderId} has only ${r.available} g left to cover.`;
    case 'hedgeLimit':
      return `The hedge has only ${r.available} g left to link.`;
    case 'orderStatus':
      return `Order ${r.orderId} is ${r.status}: only filled orders can be covered.`;
    case 'orderSide':
      return `Order ${r.orderId} is on the other side: a buy hedge covers customer buys, a sell hedge customer sells.`;
    case 'orderMetal':
      return `Order ${r.orderId} is of another metal.`;
    case 'hedgeState':
      return `The hedge is ${r.state}.`;
  }
}

export interface SpreadOrder {
  action: 'BUY' | 'SELL';
  currency: HedgeCurrency;
  /** MYR per gram (XAU/MYR orders) */
  myrPrice: string | null;
  /** USD per troy ounce (XAU/USD orders) */
  usdPrice: string | null;
  /** the USD/MYR rate fixed at the order's fill */
  exchangeRate: string | null;
}

export interface SpreadHedge {
  /** MYR per gram or USD per troy ounce */
  price: string;
  currency: HedgeCurrency;
}

/** A price per gram in the order's currency: USD per ounce is divided by the grams of an ounce; the other currency goes through the order's own exchange rate. */
function perGramIn(currency: HedgeCurrency, price: string, priceCurrency: HedgeCurrency, exchangeRate: string | null): Decimal | null {
  const perGram = priceCurrency === 'USD' ? new Decimal(price).div(GRAMS_PER_TROY_OUNCE) : new Decimal(price);
  if (priceCurrency === currency) return perGram;
  if (exchangeRate === null || new Decimal(exchangeRate).lte(0)) return null;
  return priceCurrency === 'USD' ? perGram.times(exchangeRate) : perGram.div(exchangeRate);
}

/**
 * The spread the house earned on the grams of an order a hedge covers, in the order's currency:
 * per gram, the order's customer price minus the hedge's price on a customer buy (the house sold
 * dear and bought back from the provider), the hedge's price minus the order's on a customer sell;
 * times the linked grams. Prices per ounce are divided by 31.1034768 g; a hedge in the other
 * currency is converted at the order's exchange rate fixed at its fill. Per gram 4 decimals, the
 * total 2; null when the order has no price (not filled) or no rate for a conversion.
 */
export function orderSpread(order: SpreadOrder, hedge: SpreadHedge, grams: string): { perGram: string; total: string } | null {
  const orderPrice = order.currency === 'MYR' ? order.myrPrice : order.usdPrice;
  if (orderPrice === null) return null;
  const mine = perGramIn(order.currency, orderPrice, order.currency, order.exchangeRate)!;
  const theirs = perGramIn(order.currency, hedge.price, hedge.currency, order.exchangeRate);
  if (theirs === null) return null;
  const perGram = order.action === 'BUY' ? mine.minus(theirs) : theirs.minus(mine);
  return { perGram: roundTo(perGram, 4), total: roundTo(perGram.times(grams), SCALE[order.currency]) };
}
