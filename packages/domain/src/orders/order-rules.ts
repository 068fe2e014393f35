import { Decimal, SCALE, isDecimalText, roundTo } from '../money/decimal.ts';
import type { Symbol } from '../system/metals.ts';
import { allowsPair, allowsSide, type AllowedAction, type AllowedPair, type TradeSide } from '../users/user-enums.ts';

/** The checks of an order that do not move money (DECISIONS.md §5), pure; the server answers each with its code. */

/** What a user's trade configuration allows. */
export interface TradeRules {
  allowedAction: AllowedAction;
  allowedPair: AllowedPair;
  /** Grams, or null for no limit. */
  tradeLimit: string | null;
}

/**
 * Why an order is refused before any price: under the minimum quantity (400 1001 `quantity` with
 * detail {rule: 'minimumQuantity', value}), a side or pair the user may not trade (422 1200), above
 * its trade limit (422 1203, context 'trade limit: N g').
 */
export type TradeRuleViolation =
  | { rule: 'minimumQuantity'; value: string }
  | { rule: 'allowedAction'; allowed: AllowedAction }
  | { rule: 'allowedPair'; allowed: AllowedPair }
  | { rule: 'tradeLimit'; limit: string };

/** The first rule an order breaks, in the order the server checks them, or null. */
export function tradeRuleViolation(user: TradeRules, side: TradeSide, symbol: Symbol, quantityGrams: string, minGrams: string): TradeRuleViolation | null {
  if (new Decimal(quantityGrams).lt(minGrams)) return { rule: 'minimumQuantity', value: minGrams };
  if (!allowsSide(user.allowedAction, side)) return { rule: 'allowedAction', allowed: user.allowedAction };
  if (!allowsPair(user.allowedPair, symbol)) return { rule: 'allowedPair', allowed: user.allowedPair };
  if (user.tradeLimit !== null && new Decimal(quantityGrams).gt(user.tradeLimit)) return { rule: 'tradeLimit', limit: roundTo(user.tradeLimit, SCALE.XAU) };
  return null;
}

/**
 * Limit orders wait for the price to come to them: a buy limit must be below the user's live
 * price, a sell limit above it (one on the other side would fill at once; use a market order).
 * Answers the live price the limit must be beyond, or null when the limit is fine or cannot be
 * judged yet (no price, not a number). The console holds this rule; the server does not refuse.
 */
export function limitOnWrongSide(limit: string, side: TradeSide, live: string | null): string | null {
  if (live === null || !isDecimalText(limit)) return null;
  const l = new Decimal(limit);
  const wrong = side === 'buy' ? l.gte(live) : l.lte(live);
  return wrong ? live : null;
}

/** A good-till date (yyyy-MM-dd) before today (business date) is refused (400 1001 goodTillDate). */
export function goodTillDateInPast(goodTillDate: string | null | undefined, today: string): boolean {
  return Boolean(goodTillDate) && goodTillDate! < today;
}

/** A payment dated after today (business date) is refused (400 1001 paymentDate). */
export function paymentDateInFuture(paymentDate: string, today: string): boolean {
  return paymentDate > today;
}
