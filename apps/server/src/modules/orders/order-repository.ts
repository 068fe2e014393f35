import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import type { OrderNode, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import type { OrderStatus, TimelineAction } from '@aurum/domain/orders/order-status';
import { gramsToOunces } from '@aurum/domain/system/pricing';
import type { Queryable } from '../../db/db.ts';

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

/** Orders as nodes (SPEC.md §3 "Order"), with their usernames and timelines. */
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

export interface PaymentRow {
  id: number;
  kind: 'MYR' | 'XAU';
  amount: string;
  to_interest: string;
  to_principal: string;
  payment_date: string;
  note: string | null;
  submitted_by: string | null;
  refunded_at: Date | null;
}

export async function paymentsOf(q: Queryable, orderId: number): Promise<PaymentRow[]> {
  return q.query<PaymentRow>(
    `SELECT p.id, p.kind, p.amount, p.to_interest, p.to_principal, to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date, p.note,
            a.username AS submitted_by, p.refunded_at
       FROM order_payments p LEFT JOIN admins a ON a.id = p.submitted_by
      WHERE p.order_id = $1 ORDER BY p.id`,
    [orderId],
  );
}

export const sum = (values: readonly string[], scale: number) => roundTo(values.reduce((s, v) => s.plus(v), new Decimal(0)), scale);
