import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import type { OrderCurrency, OrderNode, OrderSide, OrderType, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES, type OrderStatus, type TimelineAction } from '@aurum/domain/orders/order-status';
import { gramsToOunces } from '@aurum/domain/orders/order-pricing';
import type { PaymentRecord, TradeRecordOrder } from '@aurum/domain/orders/order-views';
import { TRADE_RECORD_STATUSES } from '@aurum/domain/orders/order-views';
import type { FeeAdjustMode } from '@aurum/domain/users/user-enums';
import type { Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import type { Database, OrdersTable, UsersTable } from '../../db/db-types.ts';
import { mapSlot, slot, statementCache } from '../../db/compiled-statement.ts';
import { asDate, containsPattern, isoDate, kysely } from '../../db/query-builder.ts';

/**
 * The orders' queries, and nothing else: rows in, rows (or nodes) out, built with Kysely
 * (decision 0910). The rules that decide what to write live in
 * the domain (packages/domain/src/orders), the transactions and locks in order-service.ts.
 */

type OrdersWhere = ExpressionBuilder<Database, 'orders'>;
/** A condition on the orders table. */
type OrderCondition = (eb: OrdersWhere) => Expression<SqlBool>;

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
const orderColumns = (eb: OrdersWhere) =>
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
function selectOrders(q: Queryable): ReturnType<typeof selectOrdersOf> {
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

export async function insertPayment(
  q: Queryable,
  p: { orderId: number; kind: 'MYR' | 'XAU'; amount: string; toInterest: string; toPrincipal: string; paymentDate: string; note: string | null; submittedBy: number | null; createdAt: Date },
): Promise<void> {
  await kysely(q)
    .insertInto('order_payments')
    .values({
      order_id: p.orderId,
      kind: p.kind,
      amount: p.amount,
      to_interest: p.toInterest,
      to_principal: p.toPrincipal,
      payment_date: p.paymentDate,
      note: p.note,
      submitted_by: p.submittedBy,
      created_at: p.createdAt,
    })
    .execute();
}

/** Marks the order's payments refunded; answers how many were. */
export async function refundPayments(q: Queryable, orderId: number, now: Date): Promise<number> {
  const result = await kysely(q).updateTable('order_payments').set({ refunded_at: now }).where('order_id', '=', orderId).where('refunded_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
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

/** A payment of an order, with the parts that went to interest and principal and who submitted it. */
export interface PaymentRow extends PaymentRecord {
  kind: 'MYR' | 'XAU';
  toInterest: string;
  toPrincipal: string;
  refundedAt: Date | null;
}

export async function paymentsOf(q: Queryable, orderId: number): Promise<PaymentRow[]> {
  return kysely(q)
    .selectFrom('order_payments as p')
    .leftJoin('admins as a', 'a.id', 'p.submitted_by')
    .select((eb) => [
      'p.id',
      'p.kind',
      'p.amount',
      'p.to_interest as toInterest',
      'p.to_principal as toPrincipal',
      isoDate(eb.ref('p.payment_date')).as('paymentDate'),
      'p.note',
      'a.username as submittedBy',
      'p.refunded_at as refundedAt',
    ])
    .where('p.order_id', '=', orderId)
    .orderBy('p.id')
    .$castTo<PaymentRow>()
    .execute();
}

/** Links a ledger entry to the order that caused it (`purpose`: fill, settle, payment, complete, cancel, revert). */
export async function linkEntry(q: Queryable, orderId: number, entryId: number, purpose: string): Promise<void> {
  await kysely(q).insertInto('order_ledger_entries').values({ order_id: orderId, entry_id: entryId, purpose }).execute();
}

/** Every posting of the entries linked to an order, in posting order. */
export async function orderPostings(q: Queryable, orderId: number): Promise<Posting[]> {
  return kysely(q)
    .selectFrom('ledger_postings as p')
    .innerJoin('order_ledger_entries as l', 'l.entry_id', 'p.entry_id')
    .select(['p.from_account as from', 'p.to_account as to', 'p.asset', 'p.amount'])
    .where('l.order_id', '=', orderId)
    .orderBy('p.id')
    .$castTo<Posting>()
    .execute();
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

export async function userExists(q: Queryable, userId: number): Promise<boolean> {
  return (await kysely(q).selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
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

/**
 * How many orders have each of the statuses (absent: none), from the counters of migration 012
 * (order_status_counts: rows of (status, delta) its triggers add with every change of orders).
 */
export const statusCountsQuery = (q: Queryable, statuses: readonly string[]) =>
  kysely(q)
    .selectFrom('order_status_counts')
    .select((eb) => ['status', eb.cast<number>(eb.fn.sum('delta'), 'bigint').as('n')])
    .where('status', '=', (eb) => eb.fn.any(eb.val([...statuses])))
    .groupBy('status');

export async function countByStatus(q: Queryable, statuses: readonly string[]): Promise<Map<string, number>> {
  return new Map((await statusCountsQuery(q, statuses).execute()).map((r) => [r.status, r.n]));
}

/**
 * Folds the counters' rows into one per status (sum of its deltas; none when it is 0). Only rows
 * this statement sees are deleted and summed: what concurrent transactions add meanwhile stays
 * for the next fold, so the sums never change. Answers how many rows it folded.
 */
export async function foldStatusCounts(q: Queryable): Promise<number> {
  const db = kysely(q);
  const rows = await db
    .with('gone', (d) => d.deleteFrom('order_status_counts').returning(['status', 'delta']))
    .with('kept', (d) =>
      d
        .insertInto('order_status_counts')
        .columns(['status', 'delta'])
        .expression((eb) =>
          eb
            .selectFrom('gone')
            .select((s) => ['gone.status', s.cast<number>(s.fn.sum('gone.delta'), 'bigint').as('delta')])
            .groupBy('gone.status')
            .having((h) => h.fn.sum('gone.delta'), '<>', 0),
        )
        .returning('status'),
    )
    .selectNoFrom((eb) => [eb.selectFrom('gone').select((s) => s.fn.countAll<number>().as('n')).as('folded'), eb.selectFrom('kept').select((s) => s.fn.countAll<number>().as('n')).as('kept')])
    .executeTakeFirstOrThrow();
  return Number(rows.folded ?? 0);
}

/** VACUUMs the counters after a fold that removed rows: PGlite runs no autovacuum. Outside a transaction. */
export async function vacuumStatusCounts(q: Queryable): Promise<void> {
  // VACUUM is a maintenance command the builder has no verb for
  await sql`VACUUM order_status_counts`.execute(kysely(q));
}

/** The counters next to a fresh count(*) per status, in one statement (one snapshot): the statuses where they differ. */
export async function statusCountDrift(q: Queryable): Promise<Array<{ status: string; counted: number; kept: number }>> {
  const rows = await kysely(q)
    .with('counted', (d) => d.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status'))
    .with('kept', (d) => d.selectFrom('order_status_counts').select((eb) => ['status', eb.cast<number>(eb.fn.sum('delta'), 'bigint').as('n')]).groupBy('status'))
    .selectFrom('counted')
    .fullJoin('kept', 'kept.status', 'counted.status')
    .select((eb) => [
      eb.fn.coalesce('counted.status', 'kept.status').as('status'),
      eb.fn.coalesce('counted.n', sql<number>`0`).as('counted'),
      eb.fn.coalesce('kept.n', sql<number>`0`).as('kept'),
    ])
    .where((eb) => eb(eb.fn.coalesce('counted.n', sql<number>`0`), 'is distinct from', eb.fn.coalesce('kept.n', sql<number>`0`)))
    .execute();
  return rows.map((r) => ({ status: r.status!, counted: Number(r.counted), kept: Number(r.kept) }));
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

/** The filters of the orders connection, parsed (order-graphql.ts `connectionFilter`): every value as the table holds it. */
export interface OrderFilter {
  userId?: number;
  /** A lower-case part of the username. */
  usernamePart?: string;
  action?: string;
  orderId?: number;
  /** An empty list matches nothing (a status filter outside the list's mode); absent means any status. */
  statuses?: readonly string[];
  orderType?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  filled?: { from: Date; before: Date };
  goodTill?: { from: string; to: string };
  symbol?: string;
  currency?: string;
  /** Grams, a plain decimal. */
  quantity?: string;
}

/** Whether a filter's value is given (an empty text is not; an empty status list is): one rule for the SQL (matches) and the shape of its cached statement (filterShape). */
const given = (value: unknown): boolean => value !== undefined && value !== '';

/** Whether the filter is at most a status list: its count is then the counters' (statusCountsQuery). */
export function onlyStatuses(f: OrderFilter): boolean {
  return Object.entries(f).every(([key, value]) => key === 'statuses' || !given(value));
}

/** The filters as one condition on `orders` (every filter ANDed; no filter: true). */
export function matches(f: OrderFilter): OrderCondition {
  return (eb) => {
    const all: Array<Expression<SqlBool>> = [];
    if (given(f.userId)) all.push(eb('orders.user_id', '=', f.userId!));
    if (given(f.usernamePart)) {
      // a slot (filterShape) turns into its pattern when bound
      const like = mapSlot(f.usernamePart!, containsPattern);
      all.push(
        eb(
          'orders.user_id',
          'in',
          eb
            .selectFrom('users')
            .select('users.id')
            .where((u) => u(u.fn('lower', ['users.username']), 'like', like)),
        ),
      );
    }
    if (given(f.action)) all.push(eb('orders.action', '=', f.action!));
    if (given(f.orderId)) all.push(eb('orders.id', '=', f.orderId!));
    // the list itself is the one parameter (not spread: it may be a slot)
    if (given(f.statuses)) all.push(eb('orders.status', '=', eb.fn.any(eb.val(f.statuses as string[]))));
    if (given(f.orderType)) all.push(eb('orders.order_type', '=', f.orderType!));
    if (given(f.createdFrom)) all.push(eb('orders.created_at', '>=', f.createdFrom!));
    if (given(f.createdBefore)) all.push(eb('orders.created_at', '<', f.createdBefore!));
    if (given(f.filled)) all.push(eb('orders.filled_at', '>=', f.filled!.from), eb('orders.filled_at', '<', f.filled!.before));
    if (given(f.goodTill)) all.push(eb.between('orders.good_till_date', asDate(f.goodTill!.from), asDate(f.goodTill!.to)));
    if (given(f.symbol)) all.push(eb('orders.symbol', '=', f.symbol!));
    if (given(f.currency)) all.push(eb('orders.currency', '=', f.currency!));
    if (given(f.quantity)) all.push(eb('orders.quantity_gram', '=', f.quantity!));
    return eb.and(all);
  };
}

/**
 * A date range (created, filled, good-till) follows the id order, since orders are created in it;
 * PostgreSQL's planner assumes a filter is spread evenly over the id order and, for `ORDER BY id
 * LIMIT n`, would walk the primary key past every earlier order (a month in the middle of a million
 * orders: ~290 ms). With such a range the matching ids are read through their own index in a
 * MATERIALIZED CTE (planned without the LIMIT) and only the page is sorted
 * (bench/orders-connection.ts).
 */
export function hasDateRange(f: OrderFilter): boolean {
  return given(f.createdFrom) || given(f.createdBefore) || given(f.filled) || given(f.goodTill);
}

/** The page's query: keyset on id (after/before), size + 1 rows to know whether there are more. */
export function pageQuery(q: Queryable, f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null) {
  const dir = backward ? 'desc' : 'asc';
  const cond: OrderCondition = (eb) =>
    eb.and([matches(f)(eb), ...(after !== null ? [eb('orders.id', '>', after)] : []), ...(before !== null ? [eb('orders.id', '<', before)] : [])]);
  const rows = mapSlot(size, (n) => n + 1);
  if (!hasDateRange(f)) return selectOrders(q).where(cond).orderBy('orders.id', dir).limit(rows);
  return kysely(q)
    .with(
      (cte) => cte('m').materialized(),
      (db) => db.selectFrom('orders').select('orders.id').where(cond),
    )
    .selectFrom('orders')
    .select(orderColumns)
    .where('orders.id', 'in', (eb) => eb.selectFrom('m').select('m.id').orderBy('m.id', dir).limit(rows))
    .orderBy('orders.id', dir)
    .$castTo<OrderRow>();
}

/** Whether an order matching the filters lies beyond a cursor (`cond` '<=' or '>='): one id or none. */
export function beyondQuery(q: Queryable, f: OrderFilter, cond: '<=' | '>=', id: number) {
  const probe: OrderCondition = (eb) => eb.and([matches(f)(eb), eb('orders.id', cond, id)]);
  if (!hasDateRange(f)) return kysely(q).selectFrom('orders').select('orders.id').where(probe).limit(1);
  return kysely(q)
    .with(
      (cte) => cte('m').materialized(),
      (db) => db.selectFrom('orders').select('orders.id').where(probe),
    )
    .selectFrom('m')
    .select('m.id')
    .limit(1);
}

/** How many orders match the filters, counting at most `limit` of them. */
export function boundedCountQuery(q: Queryable, f: OrderFilter, limit: number) {
  return kysely(q)
    .selectFrom((db) => db.selectFrom('orders').select('orders.id').where(matches(f)).limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** An instant as JSON text in toISOString()'s form (UTC, milliseconds truncated as the driver's Date is). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An order's timeline as one JSON array (TimelineEntry[], by id), read in the page's own statement:
 * a page of the orders connection is then one round trip instead of two (bench/orders-connection.ts).
 */
const timelineJson = sql<TimelineEntry[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'action', t.action, 'date', ${sql.raw(isoText('t.date'))}, 'secondaryDate', ${sql.raw(isoText('t.secondary_date'))}
  ) ORDER BY t.id), '[]'::json)
  FROM order_timeline t WHERE t.order_id = orders.id)`;

/** A page of orders (pageQuery) with each order's username. */
export async function orderPage(q: Queryable, f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null): Promise<Array<OrderRow & { username: string | null }>> {
  return pageQuery(q, f, size, backward, after, before)
    .select((eb) => eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'orders.user_id').as('username'))
    .execute();
}

/** The highest order id, or null when there is no order (the ceiling of an export). */
export async function maxOrderId(q: Queryable): Promise<number | null> {
  const row = await kysely(q).selectFrom('orders').select((eb) => eb.fn.max('orders.id').as('top')).executeTakeFirst();
  return row?.top ?? null;
}

/** The parts of a connection page after its one statement (connectionRead). */
export interface ConnectionRead {
  rows: Array<OrderRow & { username: string | null; timeline: TimelineEntry[] }>;
  /** All matching orders, counted up to `countLimit` when the filter is more than a status list. */
  total: number;
  /** Whether an order matching the filter lies beyond the `beyond` cursor (false without one). */
  beyond: boolean;
}

/** The values of a connection statement bound at each run (the rest is its shape). */
interface ConnectionBindings {
  f: OrderFilter;
  size: number;
  after: number | null;
  before: number | null;
  countLimit: number;
  beyond: number | null;
}

/**
 * The connection's statements by shape (decision 0430): the
 * filters given, the direction, which cursors: 2 directions x 4 cursor cases x the filter sets the
 * console sends (a handful in practice; the oldest goes beyond the limit).
 */
const connectionStatements = statementCache<ConnectionBindings>(512);
/** The bounded counts run beside a page (connectionRead's concurrentCount), by filter shape. */
const connectionCounts = statementCache<ConnectionBindings>(256);

/**
 * A filter's shape (which filters are given, by name; a date range by its parts) and the same
 * filter with each given value a slot reading it from the filter bound at run time.
 */
export function filterShape(f: OrderFilter): { shape: string; slotted: OrderFilter } {
  const slotted: Record<string, unknown> = {};
  const names: string[] = [];
  for (const key of (Object.keys(f) as Array<keyof OrderFilter>).sort()) {
    const value = f[key];
    if (!given(value)) continue;
    if (typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
      const parts = Object.keys(value).sort();
      slotted[key] = Object.fromEntries(parts.map((part) => [part, slot((b: ConnectionBindings) => (b.f[key] as Record<string, unknown>)[part])]));
      names.push(`${key}(${parts.join(',')})`);
    } else {
      slotted[key] = slot((b: ConnectionBindings) => b.f[key]);
      names.push(key);
    }
  }
  return { shape: names.join(','), slotted: slotted as OrderFilter };
}

/**
 * A page of the orders connection in one statement: the page rows (pageQuery, with username and
 * timeline) joined laterally to one row holding the total (the status counters when the filter is
 * at most a status list, else a count of at most `countLimit` matching orders) and whether an order
 * lies beyond the cursor the page came from. One round trip per page (on PGlite, whose one
 * connection would take the parts in turn, and on PostgreSQL); an empty page still answers its
 * total (the LEFT JOIN keeps the one row).
 */
function connectionQuery(
  q: Queryable,
  f: OrderFilter,
  page: { size: number; backward: boolean; after: number | null; before: number | null },
  countLimit: number | null,
  beyond: { cond: '<=' | '>='; id: number } | null,
) {
  const head = kysely(q)
    .selectNoFrom((eb) => [
      (onlyStatuses(f)
        ? eb
            .selectFrom('order_status_counts')
            .select((c) => c.fn.coalesce(c.cast<number>(c.fn.sum('delta'), 'bigint'), c.lit(0)).as('n'))
            .where('status', '=', (c) => c.fn.any(c.val((f.statuses ?? ORDER_STATUSES) as string[])))
        : countLimit === null
          ? eb.lit(null)
          : boundedCountQuery(q, f, countLimit)
      ).as('total'),
      (beyond === null ? eb.lit(false) : eb.exists(beyondQuery(q, f, beyond.cond, beyond.id))).as('beyond'),
    ])
    .as('h');
  return kysely(q)
    .selectFrom(head)
    .leftJoinLateral(
      () =>
        pageQuery(q, f, page.size, page.backward, page.after, page.before)
          .select((eb) => eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'orders.user_id').as('username'))
          .select(timelineJson.as('timeline'))
          .as('p'),
      (join) => join.onTrue(),
    )
    .select(['h.total', 'h.beyond'])
    .selectAll('p')
    .orderBy('p.id', page.backward ? 'desc' : 'asc');
}

/**
 * A page of the orders connection (connectionQuery), its statement built and compiled once per
 * shape in this process and its values bound at each run.
 */
export async function connectionRead(
  q: Queryable,
  f: OrderFilter,
  page: { size: number; backward: boolean; after: number | null; before: number | null },
  countLimit: number,
  beyond: { cond: '<=' | '>='; id: number } | null,
  options: { concurrentCount?: boolean } = {},
): Promise<ConnectionRead> {
  const { shape, slotted } = filterShape(f);
  // a filter counted by the bounded count, on a pool that runs statements side by side: the count
  // runs beside the page instead of inside its statement (decision 0434)
  const apart = options.concurrentCount === true && !onlyStatuses(f);
  const key = `${shape}|${page.backward ? 'backward' : 'forward'}|${page.after === null ? '' : 'after'}|${page.before === null ? '' : 'before'}|${beyond?.cond ?? ''}|${apart ? 'apart' : 'with-total'}`;
  const counted = apart
    ? connectionCounts.run(q, shape, (c) => boundedCountQuery(c, slotted, slot((b: ConnectionBindings) => b.countLimit)), { f, size: page.size, after: null, before: null, countLimit, beyond: null })
    : null;
  // the count's failure is this read's failure, never an unhandled rejection while the page runs
  counted?.catch(() => undefined);
  const rows = await connectionStatements.run(
    q,
    key,
    (c) =>
      connectionQuery(
        c,
        slotted,
        {
          size: slot((b: ConnectionBindings) => b.size),
          backward: page.backward,
          after: page.after === null ? null : slot((b: ConnectionBindings) => b.after),
          before: page.before === null ? null : slot((b: ConnectionBindings) => b.before),
        },
        apart ? null : slot((b: ConnectionBindings) => b.countLimit),
        beyond === null ? null : { cond: beyond.cond, id: slot((b: ConnectionBindings) => b.beyond!) },
      ),
    { f, size: page.size, after: page.after, before: page.before, countLimit, beyond: beyond?.id ?? null },
  );
  const first = rows[0]!;
  return {
    rows: (first.id === null ? [] : rows) as unknown as ConnectionRead['rows'],
    total: Number(counted ? (await counted)[0]!.n : first.total),
    beyond: Boolean(first.beyond),
  };
}

/** The order engine's batches: the oldest 500 matching orders, handled in ascending user id. */
async function engineBatch(q: Queryable, cond: OrderCondition): Promise<number[]> {
  // handled in ascending user id: the wallet locks each order's savepoint keeps until the batch
  // commits are then taken in the lock order of money-moving transactions
  const rows = await kysely(q)
    .selectFrom((db) => db.selectFrom('orders').select(['orders.id', 'orders.user_id']).where(cond).orderBy('orders.id').limit(500).as('batch'))
    .select('batch.id')
    .orderBy('batch.user_id')
    .orderBy('batch.id')
    .execute();
  return rows.map((r) => r.id);
}

/** GTD orders still waiting once their good-till date (a business date) is before `today`. */
export const expiredGtdBatch = (q: Queryable, today: string) =>
  engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'CREATED'), eb('orders.good_till_date', '<', asDate(today))]));

/** Limit orders still waiting. */
export const waitingLimitBatch = (q: Queryable) => engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'CREATED'), eb('orders.order_type', '=', 'LIMIT')]));

/** XAU/USD orders filled and not yet settled. */
export const usdFilledBatch = (q: Queryable) => engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'FILLED'), eb('orders.symbol', '=', 'XAU/USD')]));

/** SETTLED orders whose interest has started by `now`. */
export const interestStartedBatch = (q: Queryable, now: Date) =>
  engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'SETTLED'), eb('orders.interest_start_at', '<=', now)]));
