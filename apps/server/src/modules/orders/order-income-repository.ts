import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * The orders whose income is still in the trading desk's books (filled before the split, or paid
 * interest before the interest books existed) and what the one-time reclassification moved for
 * each of them (decision 1021).
 */

/** An order that earned income under the old rule, with what it recorded to compute it. */
export interface IncomeBeforeSplitRow {
  id: number;
  user_id: number;
  action: 'BUY' | 'SELL';
  order_type: 'MARKET' | 'LIMIT' | 'OFF_LINE';
  currency: 'MYR' | 'USD';
  quantity_gram: string;
  /** The amount of a fill made before the split (null when its fill was split already). */
  amount_before_split: string | null;
  cost_price: string | null;
  exchange_rate: string | null;
  user_fee: string | null;
  global_fee: string | null;
  /** Interest of its payments not refunded whose interest went to the trading desk, in the owed unit. */
  interest_before_split: string;
}

/** Statuses in which an order keeps what its fill posted (a cancel or revert gave it all back). */
const STANDING = ['FILLED', 'SETTLED', 'OVERDUE', 'PAID'] as const;

/**
 * The orders with income still in the trading desk and no reclassification yet, ascending id; only
 * `ids` when given (the same read again under the orders' locks).
 */
export async function ordersWithIncomeBeforeSplit(q: Queryable, ids?: readonly number[]): Promise<IncomeBeforeSplitRow[]> {
  if (ids && ids.length === 0) return [];
  return kysely(q)
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.user_id',
      'o.action',
      'o.order_type',
      'o.currency',
      'o.quantity_gram',
      sql<string | null>`CASE WHEN o.mid_myr_per_gram IS NULL THEN o.amount END`.as('amount_before_split'),
      'o.cost_price',
      'o.exchange_rate',
      'o.user_fee',
      'o.global_fee',
      eb
        .selectFrom('order_payments as p')
        .whereRef('p.order_id', '=', 'o.id')
        .where('p.interest_in_income', '=', false)
        .where('p.refunded_at', 'is', null)
        .select(sql<string>`coalesce(sum(p.to_interest), 0)::text`.as('interest'))
        .as('interest_before_split'),
    ])
    .where('o.status', 'in', STANDING)
    .where('o.amount', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_income_reclassified as r').whereRef('r.order_id', '=', 'o.id').select('r.order_id'))))
    .where((eb) =>
      eb.or([
        eb('o.mid_myr_per_gram', 'is', null),
        eb.exists(eb.selectFrom('order_payments as p').whereRef('p.order_id', '=', 'o.id').where('p.interest_in_income', '=', false).where('p.refunded_at', 'is', null).where('p.to_interest', '>', '0').select('p.id')),
      ]),
    )
    .$if(ids !== undefined, (qb) => qb.where('o.id', 'in', ids!))
    .orderBy('o.id')
    .$castTo<IncomeBeforeSplitRow>()
    .execute();
}

/** An order's share of the reclassification: MYR spread and fee, interest in the owed unit. */
export interface ReclassifiedShare {
  spread: string;
  fee: string;
  interest: string;
}

export async function insertReclassified(q: Queryable, entryId: number, shares: ReadonlyArray<ReclassifiedShare & { orderId: number }>): Promise<void> {
  if (shares.length === 0) return;
  await kysely(q)
    .insertInto('order_income_reclassified')
    .values(shares.map((s) => ({ order_id: s.orderId, entry_id: entryId, spread: s.spread, fee: s.fee, interest: s.interest })))
    .execute();
}

/** What the reclassification moved for an order, or null. */
export async function reclassifiedShare(q: Queryable, orderId: number): Promise<ReclassifiedShare | null> {
  const row = await kysely(q).selectFrom('order_income_reclassified').select(['spread', 'fee', 'interest']).where('order_id', '=', orderId).executeTakeFirst();
  return row ?? null;
}
