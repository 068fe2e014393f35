import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import type { OrderNode, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import type { OrderStatus, TimelineAction } from '@aurum/domain/orders/order-status';
import { gramsToOunces } from '@aurum/domain/orders/order-pricing';
import type { PaymentRecord, TradeRecordOrder } from '@aurum/domain/orders/order-views';
import { TRADE_RECORD_STATUSES } from '@aurum/domain/orders/order-views';
import type { FeeAdjustMode } from '@aurum/domain/users/user-enums';
import type { Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';

/**
 * The orders' queries, and nothing else: rows in, rows (or nodes) out. The rules that decide what
 * to write live in the domain (packages/domain/src/orders), the transactions and locks in
 * order-service.ts.
 */

/** An orders row as the database answers it (NUMERIC as decimal strings, timestamps as Date). */
export interface OrderRow {
  id: number;
  execution_id: string;
  user_id: number;
  action: 'BUY' | 'SELL';
  order_type: 'MARKET' | 'LIMIT' | 'OFF_LINE';
  status: OrderStatus;
  symbol: 'XAU/MYR' | 'XAU/USD';
  currency: 'MYR' | 'USD';
  quantity_gram: string;
  limit_price: string | null;
  cost_price: string | null;
  quote_price: string | null;
  myr_price: string | null;
  usd_price: string | null;
  exchange_rate: string | null;
  amount: string | null;
  usd_amount: string | null;
  balance_deducted: string;
  credit_deducted: string;
  gold_reserved: string;
  spread_adjustment: string | null;
  customized_adjustment: string | null;
  user_fee: string | null;
  global_fee: string | null;
  interest_rate_personal: string;
  interest_rate_global: string;
  interest_carried: string;
  interest_from: string | null;
  use_aht_config: boolean;
  source: string | null;
  note: string | null;
  comment: string | null;
  is_custom: boolean;
  good_till_date: string | null;
  created_at: Date;
  created_by: number | null;
  filled_at: Date | null;
  settled_at: Date | null;
  settled_by: number | null;
  interest_start_at: Date | null;
  completed_at: Date | null;
  canceled_at: Date | null;
  canceled_by: number | null;
  reverted_at: Date | null;
  reverted_by: number | null;
  revert_reason: string | null;
  updated_at: Date;
}

/** Columns with dates as yyyy-MM-dd text (the driver would turn a DATE into a local-midnight Date). */
export const ORDER_COLUMNS = `o.id, o.execution_id, o.user_id, o.action, o.order_type, o.status, o.symbol, o.currency, o.quantity_gram,
  o.limit_price, o.cost_price, o.quote_price, o.myr_price, o.usd_price, o.exchange_rate, o.amount, o.usd_amount,
  o.balance_deducted, o.credit_deducted, o.gold_reserved, o.spread_adjustment, o.customized_adjustment, o.user_fee, o.global_fee,
  o.interest_rate_personal, o.interest_rate_global, o.interest_carried, to_char(o.interest_from, 'YYYY-MM-DD') AS interest_from,
  o.use_aht_config, o.source, o.note, o.comment, o.is_custom, to_char(o.good_till_date, 'YYYY-MM-DD') AS good_till_date,
  o.created_at, o.created_by, o.filled_at, o.settled_at, o.settled_by, o.interest_start_at, o.completed_at, o.canceled_at,
  o.canceled_by, o.reverted_at, o.reverted_by, o.revert_reason, o.updated_at`;

export async function findOrder(q: Queryable, id: number, forUpdate = false): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row;
}

/** A new order as it is inserted (status CREATED). */
export interface OrderInsert {
  executionId: string;
  userId: number;
  action: 'BUY' | 'SELL';
  orderType: 'MARKET' | 'LIMIT' | 'OFF_LINE';
  symbol: 'XAU/MYR' | 'XAU/USD';
  currency: 'MYR' | 'USD';
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
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, limit_price, good_till_date,
                         comment, note, source, is_custom, use_aht_config, created_at, created_by, updated_at)
     VALUES ($1, $2, $3, $4, 'CREATED', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15) RETURNING id`,
    [o.executionId, o.userId, o.action, o.orderType, o.symbol, o.currency, o.quantity, o.limitPrice, o.goodTillDate, o.comment, o.note, o.source, o.isCustom, o.useAhtConfig, o.createdAt, o.createdBy],
  );
  return row!.id;
}

/**
 * Changes the status from `seen` to `to` with the given columns, conditionally: false when the
 * order is no longer in `seen` (a concurrent change).
 */
export async function updateOrderStatus(q: Queryable, id: number, seen: OrderStatus, to: OrderStatus, now: Date, sets: Record<string, unknown> = {}): Promise<boolean> {
  const names = Object.keys(sets);
  const assignments = names.map((n, i) => `${n} = $${i + 5}`);
  const updated = await q.query<{ id: number }>(
    `UPDATE orders SET status = $2, updated_at = $3${assignments.length ? ', ' + assignments.join(', ') : ''} WHERE id = $1 AND status = $4 RETURNING id`,
    [id, to, now, seen, ...names.map((n) => sets[n])],
  );
  return updated.length > 0;
}

/** After a payment: the interest carried unpaid and the date interest runs from. */
export async function setInterestState(q: Queryable, id: number, carried: string, from: string, now: Date): Promise<void> {
  await q.query('UPDATE orders SET interest_carried = $2, interest_from = $3, updated_at = $4 WHERE id = $1', [id, carried, from, now]);
}

export async function insertPayment(
  q: Queryable,
  p: { orderId: number; kind: 'MYR' | 'XAU'; amount: string; toInterest: string; toPrincipal: string; paymentDate: string; note: string | null; submittedBy: number | null; createdAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO order_payments (order_id, kind, amount, to_interest, to_principal, payment_date, note, submitted_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.orderId, p.kind, p.amount, p.toInterest, p.toPrincipal, p.paymentDate, p.note, p.submittedBy, p.createdAt],
  );
}

/** Marks the order's payments refunded; answers how many were. */
export async function refundPayments(q: Queryable, orderId: number, now: Date): Promise<number> {
  return (await q.query('UPDATE order_payments SET refunded_at = $2 WHERE order_id = $1 AND refunded_at IS NULL RETURNING id', [orderId, now])).length;
}

interface TimelineRow {
  id: number;
  order_id: number;
  action: TimelineAction;
  date: Date;
  secondary_date: Date | null;
}

export async function addTimeline(
  q: Queryable,
  orderId: number,
  action: TimelineAction,
  date: Date,
  by: number | null,
  secondaryDate: Date | null = null,
): Promise<void> {
  await q.query('INSERT INTO order_timeline (order_id, action, date, secondary_date, created_by) VALUES ($1, $2, $3, $4, $5)', [
    orderId,
    action,
    date,
    secondaryDate,
    by,
  ]);
}

async function timelines(q: Queryable, orderIds: readonly number[]): Promise<Map<number, TimelineEntry[]>> {
  const out = new Map<number, TimelineEntry[]>();
  if (orderIds.length === 0) return out;
  const rows = await q.query<TimelineRow>(
    'SELECT id, order_id, action, date, secondary_date FROM order_timeline WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, id',
    [[...orderIds]],
  );
  for (const r of rows) {
    const list = out.get(r.order_id) ?? [];
    list.push({ id: r.id, action: r.action, date: r.date.toISOString(), secondaryDate: r.secondary_date?.toISOString() ?? null });
    out.set(r.order_id, list);
  }
  return out;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Orders as nodes (SPEC.md §3 "Order", the domain's OrderNode), with their usernames and timelines. */
export async function toNodes(q: Queryable, rows: readonly OrderRow[]): Promise<OrderNode[]> {
  if (rows.length === 0) return [];
  const users = await q.query<{ id: number; username: string }>('SELECT id, username FROM users WHERE id = ANY($1::bigint[])', [
    [...new Set(rows.map((r) => r.user_id))],
  ]);
  const names = new Map(users.map((u) => [u.id, u.username]));
  const lines = await timelines(q, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    executionId: r.execution_id,
    orderType: r.order_type,
    status: r.status,
    action: r.action,
    symbol: r.symbol,
    userId: r.user_id,
    username: names.get(r.user_id) ?? '',
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
    timeline: lines.get(r.id) ?? [],
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
  return q.query<PaymentRow>(
    `SELECT p.id, p.kind, p.amount, p.to_interest AS "toInterest", p.to_principal AS "toPrincipal",
            to_char(p.payment_date, 'YYYY-MM-DD') AS "paymentDate", p.note, a.username AS "submittedBy", p.refunded_at AS "refundedAt"
       FROM order_payments p LEFT JOIN admins a ON a.id = p.submitted_by
      WHERE p.order_id = $1 ORDER BY p.id`,
    [orderId],
  );
}

/** Links a ledger entry to the order that caused it (`purpose`: fill, settle, payment, complete, cancel, revert). */
export async function linkEntry(q: Queryable, orderId: number, entryId: number, purpose: string): Promise<void> {
  await q.query('INSERT INTO order_ledger_entries (order_id, entry_id, purpose) VALUES ($1, $2, $3)', [orderId, entryId, purpose]);
}

/** Every posting of the entries linked to an order, in posting order. */
export async function orderPostings(q: Queryable, orderId: number): Promise<Posting[]> {
  return q.query<Posting>(
    `SELECT p.from_account AS "from", p.to_account AS "to", p.asset, p.amount FROM ledger_postings p
       JOIN order_ledger_entries l ON l.entry_id = p.entry_id WHERE l.order_id = $1 ORDER BY p.id`,
    [orderId],
  );
}

/** A user's trade configuration as the order rules and pricing read it. */
export interface TradeUserRow {
  id: number;
  allowed_action: 'all' | 'buyAndSell' | 'buyOnly' | 'sellOnly' | 'readOnly';
  allowed_pair: 'none' | 'XAU/MYR' | 'XAU/USD';
  interest_rate: string;
  premium: string;
  refinery_fees: string;
  trade_limit: string | null;
  fee_adjust_mode: FeeAdjustMode;
}

export async function findTradeUser(q: Queryable, userId: number): Promise<TradeUserRow | undefined> {
  const [u] = await q.query<TradeUserRow>(
    `SELECT id, allowed_action, allowed_pair, interest_rate, premium, refinery_fees, trade_limit, fee_adjust_mode
       FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return u;
}

export async function userExists(q: Queryable, userId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE id = $1', [userId])).length > 0;
}

/** Usernames of admins by id. */
export async function adminNames(q: Queryable, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((v): v is number => v !== null);
  if (wanted.length === 0) return new Map();
  const rows = await q.query<{ id: number; username: string }>('SELECT id, username FROM admins WHERE id = ANY($1::bigint[])', [wanted]);
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** How many orders have each of the statuses (absent: none). */
export async function countByStatus(q: Queryable, statuses: readonly string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM orders WHERE status = ANY($1::text[]) GROUP BY status', [statuses]);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** A user's trade record (TRADE_RECORD_STATUSES), each order with the principal paid on it (payments not refunded). */
export async function tradeRecord(q: Queryable, userId: number): Promise<TradeRecordOrder[]> {
  return q.query<TradeRecordOrder>(
    `SELECT o.action, o.status, o.amount, o.quantity_gram AS "quantityGram", o.balance_deducted AS "balanceDeducted",
            o.gold_reserved AS "goldReserved",
            coalesce((SELECT sum(p.to_principal) FROM order_payments p WHERE p.order_id = o.id AND p.refunded_at IS NULL), 0)::text AS "principalPaid"
       FROM orders o WHERE o.user_id = $1 AND o.status = ANY($2::text[])`,
    [userId, TRADE_RECORD_STATUSES],
  );
}

/** The legacy order list: by id, user and statuses; newest first, at most 1000. */
export async function legacyList(q: Queryable, f: { orderId: number | null; userId: number | null; statuses: readonly string[] }): Promise<OrderRow[]> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (f.orderId) where.push(`o.id = $${args.push(f.orderId)}`);
  if (f.userId !== null) where.push(`o.user_id = $${args.push(f.userId)}`);
  if (f.statuses.length > 0) where.push(`o.status = ANY($${args.push(f.statuses)}::text[])`);
  return q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.id DESC LIMIT 1000`, args);
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

/** WHERE clauses (on `orders o`) of the filters. */
export function filterSql(f: OrderFilter): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const p = (v: unknown) => `$${args.push(v)}`;
  if (f.userId !== undefined) where.push(`o.user_id = ${p(f.userId)}`);
  if (f.usernamePart !== undefined) {
    const like = `%${f.usernamePart.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`o.user_id IN (SELECT id FROM users WHERE lower(username) LIKE ${p(like)})`);
  }
  if (f.action) where.push(`o.action = ${p(f.action)}`);
  if (f.orderId !== undefined) where.push(`o.id = ${p(f.orderId)}`);
  if (f.statuses) where.push(f.statuses.length === 0 ? 'FALSE' : `o.status = ANY(${p(f.statuses)}::text[])`);
  if (f.orderType) where.push(`o.order_type = ${p(f.orderType)}`);
  if (f.createdFrom) where.push(`o.created_at >= ${p(f.createdFrom)}`);
  if (f.createdBefore) where.push(`o.created_at < ${p(f.createdBefore)}`);
  if (f.filled) where.push(`o.filled_at >= ${p(f.filled.from)} AND o.filled_at < ${p(f.filled.before)}`);
  if (f.goodTill) where.push(`o.good_till_date BETWEEN ${p(f.goodTill.from)}::date AND ${p(f.goodTill.to)}::date`);
  if (f.symbol) where.push(`o.symbol = ${p(f.symbol)}`);
  if (f.currency) where.push(`o.currency = ${p(f.currency)}`);
  if (f.quantity) where.push(`o.quantity_gram = ${p(f.quantity)}::numeric`);
  return { where, args };
}

/**
 * A date range (created, filled, good-till) follows the id order, since orders are created in it;
 * PostgreSQL's planner assumes a filter is spread evenly over the id order and, for `ORDER BY id
 * LIMIT n`, would walk the primary key past every earlier order (a month in the middle of a million
 * orders: ~290 ms). With such a range the matching ids are read through their own index in a
 * MATERIALIZED CTE (planned without the LIMIT) and only the page is sorted: at most about the cost
 * of the count the connection runs anyway (bench/orders-connection.ts).
 */
export function hasDateRange(f: OrderFilter): boolean {
  return Boolean(f.createdFrom || f.createdBefore || f.filled || f.goodTill);
}

/** The page's SQL: keyset on id (after/before), size + 1 rows to know whether there are more. */
export function pageQuery(f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null): { text: string; values: unknown[] } {
  const { where, args } = filterSql(f);
  const page = [...where];
  const values = [...args];
  if (after !== null) page.push(`o.id > $${values.push(after)}`);
  if (before !== null) page.push(`o.id < $${values.push(before)}`);
  const cond = page.length ? page.join(' AND ') : 'TRUE';
  const dir = backward ? 'DESC' : 'ASC';
  const limit = `$${values.push(size + 1)}`;
  const text = hasDateRange(f)
    ? `WITH m AS MATERIALIZED (SELECT o.id FROM orders o WHERE ${cond})
       SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id IN (SELECT id FROM m ORDER BY id ${dir} LIMIT ${limit}) ORDER BY o.id ${dir}`
    : `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${cond} ORDER BY o.id ${dir} LIMIT ${limit}`;
  return { text, values };
}

/** Whether an order matching the filters lies beyond a cursor (`cond` '<=' or '>='). */
export function beyondQuery(f: OrderFilter, cond: '<=' | '>=', id: number): { text: string; values: unknown[] } {
  const { where, args } = filterSql(f);
  const base = where.length ? where.join(' AND ') : 'TRUE';
  const probe = `SELECT o.id FROM orders o WHERE ${base} AND o.id ${cond} $${args.length + 1}`;
  return { text: hasDateRange(f) ? `WITH m AS MATERIALIZED (${probe}) SELECT 1 FROM m LIMIT 1` : `${probe} LIMIT 1`, values: [...args, id] };
}

/** How many orders match the filters. */
export function countQuery(f: OrderFilter): { text: string; values: unknown[] } {
  const { where, args } = filterSql(f);
  return { text: `SELECT count(*)::int AS n FROM orders o WHERE ${where.length ? where.join(' AND ') : 'TRUE'}`, values: args };
}

export async function orderPage(q: Queryable, f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null): Promise<OrderRow[]> {
  const sql = pageQuery(f, size, backward, after, before);
  return q.query<OrderRow>(sql.text, sql.values);
}

export async function anyOrderBeyond(q: Queryable, f: OrderFilter, cond: '<=' | '>=', id: number): Promise<boolean> {
  const sql = beyondQuery(f, cond, id);
  return (await q.query(sql.text, sql.values)).length > 0;
}

export async function countOrders(q: Queryable, f: OrderFilter): Promise<number> {
  const sql = countQuery(f);
  const [row] = await q.query<{ n: number }>(sql.text, sql.values);
  return row!.n;
}
