import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { feePerGramOf, fillIncome } from '@aurum/domain/finance/fill-income';
import { owedScale } from '@aurum/domain/orders/order-money';
import { recordedCostMid } from '@aurum/domain/orders/order-pricing';
import type { Queryable } from '../../db/db.ts';
import { insertReclassified, ordersWithIncomeBeforeSplit, type IncomeBeforeSplitRow, type ReclassifiedShare } from './order-income-repository.ts';

/**
 * The income the orders earned before the split (decision 1021), as the finance desk's
 * reclassification asks for it: each order's spread and fee by the same rule as a fill today
 * (fillIncome), at the mid its recorded cost gives, and the interest its payments sent to the
 * trading desk.
 */

export interface OrderIncomeShare extends ReclassifiedShare {
  orderId: number;
  action: 'BUY' | 'SELL';
}

export interface IncomeBeforeSplit {
  /** Orders with something to move, ascending id. */
  shares: OrderIncomeShare[];
  /** Orders filled before the split without a cost price or rate to take a mid from: their spread and fee stay in the trading desk. */
  withoutMid: number[];
}

function shareOf(row: IncomeBeforeSplitRow): { share: OrderIncomeShare; hasMid: boolean } {
  const interest = roundTo(row.interest_before_split, owedScale(row.action));
  const zero = { spread: '0.00', fee: '0.00' };
  if (row.amount_before_split === null) return { share: { orderId: row.id, action: row.action, ...zero, interest }, hasMid: true };
  const mid = recordedCostMid({ orderType: row.order_type, currency: row.currency, costPrice: row.cost_price, exchangeRate: row.exchange_rate });
  if (mid === null) return { share: { orderId: row.id, action: row.action, ...zero, interest }, hasMid: false };
  const split = fillIncome({ action: row.action, grams: row.quantity_gram, amount: row.amount_before_split, feePerGram: feePerGramOf(row.user_fee, row.global_fee), mid });
  return { share: { orderId: row.id, action: row.action, spread: split.spread, fee: split.fee, interest }, hasMid: true };
}

const moves = (s: ReclassifiedShare) => !new Decimal(s.spread).isZero() || !new Decimal(s.fee).isZero() || !new Decimal(s.interest).isZero();

/** The orders' income still in the trading desk; only `ids` when given (read again under their locks). */
export async function incomeBeforeSplit(q: Queryable, ids?: readonly number[]): Promise<IncomeBeforeSplit> {
  const shares: OrderIncomeShare[] = [];
  const withoutMid: number[] = [];
  for (const row of await ordersWithIncomeBeforeSplit(q, ids)) {
    const { share, hasMid } = shareOf(row);
    if (!hasMid) withoutMid.push(row.id);
    if (moves(share)) shares.push(share);
  }
  return { shares, withoutMid };
}

/** Records what the reclassification entry moved for each order, so that its cancel or revert gives exactly that back. */
export async function recordReclassified(q: Queryable, entryId: number, shares: readonly OrderIncomeShare[]): Promise<void> {
  await insertReclassified(q, entryId, shares);
}
