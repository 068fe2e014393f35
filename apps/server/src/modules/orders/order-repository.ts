import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import type { OrderCurrency, OrderNode, OrderSide, OrderType, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import type { OrderStatus, TimelineAction } from '@aurum/domain/orders/order-status';
import { gramsToOunces } from '@aurum/domain/orders/order-pricing';
import type { TradeRecordOrder } from '@aurum/domain/orders/order-views';
import { TRADE_RECORD_STATUSES } from '@aurum/domain/orders/order-views';
import type { FeeAdjustMode } from '@aurum/domain/users/user-enums';
import type { Queryable } from '../../db/db.ts';
import type { Database, OrdersTable, UsersTable } from '../../db/db-types.ts';
import { isoDate, kysely } from '../../db/query-builder.ts';

/**
 * The orders' rows, timelines, ledger links and the reads of one user's orders: rows in, rows (or
 * nodes) out, built with Kysely (decision 0910). The connection, the counters, the payments and the
 * engine's batches have their own repositories; the rules that decide what to write live in the
 * domain (packages/domain/src/orders), the transactions and locks in the orders' services.
 */

export type OrdersWhere = ExpressionBuilder<Database, 'orders'>;
/** A condition on the orders table. */
export type OrderCondition = (eb: OrdersWhere) => Expression<SqlBool>;

/** The pair of an order. */
export type OrderSymbol = 'XAU/MYR' | 'XAU/USD';

/**
 * An orders row as the database answers it (NUMERIC as decimal strings, timestamps as Date), the
 * text columns the CHECK lists hold narrowed to their values and the dates as yyyy-MM-dd.
 */
export type OrderRow = Omit<Selectable<OrdersTable>, 'action' | 'order_type' | 'status' | 'symbol' | 'currency' | 'interest_from' | 'good_till_date'> & {
  action: OrderSide;
  order_type: OrderType;
  status: OrderStatus;
  symbol: OrderSymbol;
  currency: OrderCurrency;
  /** yyyy-MM-dd */
  interest_from: string | null;
  /** yyyy-MM-dd */
  good_till_date: string | null;
};

/** Every column of an order, dates as yyyy-MM-dd text (the drivers would read a DATE as a Date at midnight). */
export const orderColumns = (eb: OrdersWhere) =>
  [
    'orders.id',
    'orders.execution_id',
    'orders.user_id',
    'orders.action',
    'orders.order_type',
    'orders.status',
    'orders.symbol',
    'orders.currency',
    'orders.quantity_gram',
    'orders.limit_price',
    'orders.cost_price',
    'orders.quote_price',
    'orders.myr_price',
    'orders.usd_price',
    'orders.exchange_rate',
    'orders.amount',
    'orders.usd_amount',
    'orders.balance_deducted',
    'orders.credit_deducted',
    'orders.gold_reserved',
    'orders.spread_adjustment',
    'orders.customized_adjustment',
    'orders.user_fee',
    'orders.global_fee',
    'orders.mid_myr_per_gram',
    'orders.interest_rate_personal',
    'orders.interest_rate_global',
    'orders.interest_carried',
    isoDate(eb.ref('orders.interest_from')).as('interest_from'),
    'orders.use_aht_config',
    'orders.source',
    'orders.note',
    'orders.comment',
    'orders.is_custom',
    isoDate(eb.ref('orders.good_till_date')).as('good_till_date'),
    'orders.created_at',
    'orders.created_by',
    'orders.filled_at',
    'orders.settled_at',
    'orders.settled_by',
    'orders.interest_start_at',
    'orders.completed_at',
    'orders.canceled_at',
    'orders.canceled_by',
    'orders.reverted_at',
    'orders.reverted_by',
    'orders.revert_reason',
    'orders.updated_at',
  ] as const;

const selectOrdersOf = (q: Queryable) => kysely(q).selectFrom('orders').select(orderColumns).$castTo<OrderRow>();
/** Kysely's builders are immutable: the column list is parsed once per Queryable, not per query (bench/orders-connection.ts --profile). */
const selectOrdersBuilt = new WeakMap<Queryable, ReturnType<typeof selectOrdersOf>>();

/** The orders matching a condition, as OrderRows (the CHECK lists narrow the text columns). */
export function selectOrders(q: Queryable): ReturnType<typeof selectOrdersOf> {
  let built = selectOrdersBuilt.get(q);
  if (!built) {
    built = selectOrdersOf(q);
    selectOrdersBuilt.set(q, built);
  }
  return built;
}

export async function findOrder(q: Queryable, id: number, forUpdate = false): Promise<OrderRow | undefined> {
  return selectOrders(q)
    .where('orders.id', '=', id)
    .$if(forUpdate, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** A new order as it is inserted (status CREATED). */
export interface OrderInsert {
  executionId: string;
  userId: number;
  action: OrderSide;
  orderType: OrderType;
  symbol: OrderSymbol;
  currency: OrderCurrency;
  quantity: string;
  limitPrice: string | null;
  goodTillDate: string | null;
  comment: string | null;
  note: string | null;
  source: string | null;
  isCustom: boolean;
  useAhtConfig: boolean;
  createdAt: Date;
  createdBy: number | null;
}

export async function insertOrderRow(q: Queryable, o: OrderInsert): Promise<number> {
  const row = await kysely(q)
    .insertInto('orders')
    .values({
      execution_id: o.executionId,
      user_id: o.userId,
      action: o.action,
      order_type: o.orderType,
      status: 'CREATED',
      symbol: o.symbol,
      currency: o.currency,
      quantity_gram: o.quantity,
      limit_price: o.limitPrice,
      good_till_date: o.goodTillDate,
      comment: o.comment,
      note: o.note,
      source: o.source,
      is_custom: o.isCustom,
      use_aht_config: o.useAhtConfig,
      created_at: o.createdAt,
      created_by: o.createdBy,
      updated_at: o.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The columns a status change sets besides the status (fill prices, settle and cancel stamps...). */
export type OrderChanges = Omit<Updateable<OrdersTable>, 'id' | 'status' | 'updated_at'>;

/**
 * Changes the status from `seen` to `to` with the given columns, conditionally: false when the
 * order is no longer in `seen` (a concurrent change).
 */
export async function updateOrderStatus(q: Queryable, id: number, seen: OrderStatus, to: OrderStatus, now: Date, sets: OrderChanges = {}): Promise<boolean> {
  const updated = await kysely(q)
    .updateTable('orders')
    .set({ ...sets, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', seen)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** After a payment: the interest carried unpaid and the date interest runs from. */
export async function setInterestState(q: Queryable, id: number, carried: string, from: string, now: Date): Promise<void> {
  await kysely(q).updateTable('orders').set({ interest_carried: carried, interest_from: from, updated_at: now }).where('id', '=', id).execute();
}

export async function addTimeline(q: Queryable, orderId: number, action: TimelineAction, date: Date, by: number | null, secondaryDate: Date | null = null): Promise<void> {
  await kysely(q).insertInto('order_timeline').values({ order_id: orderId, action, date, secondary_date: secondaryDate, created_by: by }).execute();
}

/** The timeline rows of some orders, by order then id (what a page of nodes reads). */
export const timelineQuery = (q: Queryable, orderIds: readonly number[]) =>
  kysely(q)
    .selectFrom('order_timeline')
    .select(['id', 'order_id', 'action', 'date', 'secondary_date'])
    .where('order_id', '=', (eb) => eb.fn.any(eb.val([...orderIds])))
    .orderBy('order_id')
    .orderBy('id');

async function timelines(q: Queryable, orderIds: readonly number[]): Promise<Map<number, TimelineEntry[]>> {
  const out = new Map<number, TimelineEntry[]>();
  if (orderIds.length === 0) return out;
  for (const r of await timelineQuery(q, orderIds).execute()) {
    const list = out.get(r.order_id) ?? [];
    list.push({ id: r.id, action: r.action as TimelineAction, date: r.date.toISOString(), secondaryDate: r.secondary_date?.toISOString() ?? null });
    out.set(r.order_id, list);
  }
  return out;
}

/** Usernames of users by id. */
async function usernames(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await kysely(q)
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .execute();
  return new Map(rows.map((u) => [u.id, u.username]));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An order's fields as a node without its timeline (the list's columns; the CSV export's rows). */
export function orderFields(r: OrderRow, username: string): Omit<OrderNode, 'timeline'> {
  return {
    id: r.id,
    executionId: r.execution_id,
    orderType: r.order_type,
    status: r.status,
    action: r.action,
    symbol: r.symbol,
    userId: r.user_id,
    username,
    currency: r.currency,
    quantityGram: roundTo(r.quantity_gram, SCALE.XAU),
    quantityOz: gramsToOunces(r.quantity_gram),
    costPrice: r.cost_price,
    quotePrice: r.quote_price,
    myrPrice: r.myr_price,
    usdPrice: r.usd_price === null ? null : roundTo(r.usd_price, SCALE.USD),
    exchangeRate: r.exchange_rate,
    limitPrice: r.limit_price,
    amount: r.amount,
    createdAt: r.created_at.toISOString(),
    filledAt: iso(r.filled_at),
    settledAt: iso(r.settled_at),
    interestStartAt: iso(r.interest_start_at),
    completedAt: iso(r.completed_at),
    goodTillDate: r.good_till_date,
    goodTilDate: r.good_till_date,
    creditDeducted: r.credit_deducted,
    balanceDeducted: r.balance_deducted,
    goldReserved: roundTo(r.gold_reserved, SCALE.XAU),
    spreadAdjustment: r.spread_adjustment,
    customizedAdjustment: r.customized_adjustment,
    userFee: r.user_fee,
    globalFee: r.global_fee,
    source: r.source,
    note: r.note,
    comment: r.comment,
    isCustom: r.is_custom,
  };
}

/** Orders as nodes (SPEC.md §3 "Order", the domain's OrderNode), with their usernames and timelines. */
export async function toNodes(q: Queryable, rows: ReadonlyArray<OrderRow & { username?: string | null; timeline?: TimelineEntry[] }>): Promise<OrderNode[]> {
  if (rows.length === 0) return [];
  // a page read with its usernames and timelines (connectionRead) needs no second query for them
  const unnamed = rows.filter((r) => r.username === undefined);
  const names = unnamed.length > 0 ? await usernames(q, [...new Set(unnamed.map((r) => r.user_id))]) : new Map<number, string>();
  const untimed = rows.filter((r) => r.timeline === undefined);
  const lines = untimed.length > 0 ? await timelines(q, untimed.map((r) => r.id)) : new Map<number, TimelineEntry[]>();
  return rows.map((r) => ({
    ...orderFields(r, (r.username === undefined ? names.get(r.user_id) : r.username) ?? ''),
    timeline: r.timeline ?? lines.get(r.id) ?? [],
  }));
}

export async function toNode(q: Queryable, row: OrderRow): Promise<OrderNode> {
  return (await toNodes(q, [row]))[0]!;
}

/** Links a ledger entry to the order that caused it (`purpose`: fill, settle, payment, complete, cancel, revert). */
export async function linkEntry(q: Queryable, orderId: number, entryId: number, purpose: string): Promise<void> {
  await kysely(q).insertInto('order_ledger_entries').values({ order_id: orderId, entry_id: entryId, purpose }).execute();
}

/** The journal entries linked to an order, in entry order. */
export async function orderEntryIds(q: Queryable, orderId: number): Promise<number[]> {
  const rows = await kysely(q).selectFrom('order_ledger_entries').select('entry_id').where('order_id', '=', orderId).orderBy('entry_id').execute();
  return rows.map((r) => Number(r.entry_id));
}

/** A user's trade configuration as the order rules and pricing read it. */
export type TradeUserRow = Pick<Selectable<UsersTable>, 'id' | 'interest_rate' | 'premium' | 'refinery_fees' | 'trade_limit'> & {
  allowed_action: 'all' | 'buyAndSell' | 'buyOnly' | 'sellOnly' | 'readOnly';
  allowed_pair: 'none' | OrderSymbol;
  fee_adjust_mode: FeeAdjustMode;
};

export async function findTradeUser(q: Queryable, userId: number): Promise<TradeUserRow | undefined> {
  return kysely(q)
    .selectFrom('users')
    .select(['id', 'allowed_action', 'allowed_pair', 'interest_rate', 'premium', 'refinery_fees', 'trade_limit', 'fee_adjust_mode'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .$castTo<TradeUserRow>()
    .executeTakeFirst();
}

/** Usernames of admins by id. */
export async function adminNames(q: Queryable, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((v): v is number => v !== null);
  if (wanted.length === 0) return new Map();
  const rows = await kysely(q)
    .selectFrom('admins')
    .select(['id', 'username'])
    .where('id', '=', (eb) => eb.fn.any(eb.val(wanted)))
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** A user's trade record (TRADE_RECORD_STATUSES), each order with the principal paid on it (payments not refunded). */
export async function tradeRecord(q: Queryable, userId: number): Promise<TradeRecordOrder[]> {
  return kysely(q)
    .selectFrom('orders as o')
    .select((eb) => [
      'o.action',
      'o.status',
      'o.amount',
      'o.quantity_gram as quantityGram',
      'o.balance_deducted as balanceDeducted',
      'o.gold_reserved as goldReserved',
      eb
        .cast<string>(
          eb.fn.coalesce(
            eb
              .selectFrom('order_payments as p')
              .select((p) => p.fn.sum<string>('p.to_principal').as('paid'))
              .whereRef('p.order_id', '=', 'o.id')
              .where('p.refunded_at', 'is', null),
            sql<string>`0`,
          ),
          'text',
        )
        .as('principalPaid'),
    ])
    .where('o.user_id', '=', userId)
    .where('o.status', '=', (eb) => eb.fn.any(eb.val([...TRADE_RECORD_STATUSES])))
    .$castTo<TradeRecordOrder>()
    .execute();
}

/** The legacy order list: by id, user and statuses; newest first, at most 1000. */
export async function legacyList(q: Queryable, f: { orderId: number | null; userId: number | null; statuses: readonly string[] }): Promise<OrderRow[]> {
  return selectOrders(q)
    .$if(Boolean(f.orderId), (qb) => qb.where('orders.id', '=', f.orderId!))
    .$if(f.userId !== null, (qb) => qb.where('orders.user_id', '=', f.userId!))
    .$if(f.statuses.length > 0, (qb) => qb.where('orders.status', '=', (eb) => eb.fn.any(eb.val([...f.statuses]))))
    .orderBy('orders.id', 'desc')
    .limit(1000)
    .execute();
}

/** The highest order id, or null when there is no order (the ceiling of an export). */
export async function maxOrderId(q: Queryable): Promise<number | null> {
  const row = await kysely(q).selectFrom('orders').select((eb) => eb.fn.max('orders.id').as('top')).executeTakeFirst();
  return row?.top ?? null;
}

/**
 * The orders that accrue interest (SETTLED, OVERDUE), with what the money rules read of them and the
 * parts of their payments not refunded, summed: one statement of a few columns, since a close reads
 * every one of them (tens of thousands at a dealer's size).
 */
export async function accruingOrders(q: Queryable) {
  const k = kysely(q);
  const paid = k
    .selectFrom('order_payments as p')
    .innerJoin('orders as po', 'po.id', 'p.order_id')
    .where('po.status', 'in', ['SETTLED', 'OVERDUE'])
    .where('p.refunded_at', 'is', null)
    .select(['p.order_id', sql<string>`sum(p.to_interest)::text`.as('to_interest'), sql<string>`sum(p.to_principal)::text`.as('to_principal')])
    .groupBy('p.order_id');
  return k
    .selectFrom('orders as o')
    .leftJoin(paid.as('paid'), 'paid.order_id', 'o.id')
    .where('o.status', 'in', ['SETTLED', 'OVERDUE'])
    .select((eb) => [
      'o.id',
      'o.action',
      'o.status',
      'o.quantity_gram',
      'o.amount',
      'o.balance_deducted',
      'o.gold_reserved',
      'o.interest_rate_personal',
      'o.interest_rate_global',
      'o.interest_carried',
      isoDate(eb.ref('o.interest_from')).as('interest_from'),
      sql<string>`coalesce(paid.to_interest, '0')`.as('to_interest'),
      sql<string>`coalesce(paid.to_principal, '0')`.as('to_principal'),
    ])
    .$narrowType<{ action: 'BUY' | 'SELL'; status: 'SETTLED' | 'OVERDUE' }>()
    .execute();
}
