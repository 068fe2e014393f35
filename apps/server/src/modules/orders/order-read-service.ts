import type { OrderDetail, OrderNode, OrderSummary, PaymentView, RevertedDetail } from '@aurum/domain/orders/order-schemas';
import { owedAt as owedOf, totalOwed } from '@aurum/domain/orders/order-money';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { detailFigures, orderSummary, paymentViewOf } from '@aurum/domain/orders/order-views';
import { notFound } from '../../http/app-error.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { orderHedges } from '../hedges/hedge-service.ts';
import { userEverExisted } from '../users/user-service.ts';
import { accruingOrders, adminNames, findOrder, legacyList, maxOrderId, orderFields, toNode, toNodes, tradeRecord, type OrderRow } from './order-repository.ts';
import { countByStatus } from './order-counts-repository.ts';
import { connectionRead, onlyStatuses, orderPage, type OrderFilter } from './order-connection-repository.ts';
import { moneyOf, owedAt } from './order-life-cycle-service.ts';

/**
 * The orders' reads: an order's detail, payment view and what it owes, the counts per status, a
 * user's summary, the legacy list, the connection's pages and the CSV export's batches. They change
 * nothing and take no lock.
 */

/** An order or 404. */
async function orderOr404(q: Queryable, orderId: number): Promise<OrderRow> {
  const row = await findOrder(q, orderId);
  if (!row) throw notFound('order');
  return row;
}

/** The payment view of SPEC.md §3 at a date (today when not given). */
export async function paymentView(q: Queryable, row: OrderRow, date: string): Promise<PaymentView> {
  const owed = await owedAt(q, row, date);
  return paymentViewOf(moneyOf(row), owed, owed.payments);
}

export async function paymentViewOfOrder(q: Queryable, orderId: number, today: string): Promise<PaymentView> {
  return paymentView(q, await orderOr404(q, orderId), today);
}

/** order/total_owed: what an order owes at a payment date, interest included. */
export async function totalOwedAt(q: Queryable, orderId: number, paymentDate: string): Promise<{ kind: 'myr' | 'xau'; value: string }> {
  const row = await orderOr404(q, orderId);
  return totalOwed(row, await owedAt(q, row, paymentDate));
}

/**
 * The interest due at the end of a business date and not yet paid, summed over every order that
 * accrues it: MYR on buys, gold grams on sells (what a close accrues, decision 1041).
 */
export async function interestAccruedOn(q: Queryable, date: string): Promise<{ myr: string; xau: string }> {
  let myr = new Decimal(0);
  let xau = new Decimal(0);
  for (const o of await accruingOrders(q)) {
    const due = owedOf(moneyOf(o), [{ toInterest: o.to_interest, toPrincipal: o.to_principal }], date).due;
    if (o.action === 'BUY') myr = myr.plus(due);
    else xau = xau.plus(due);
  }
  return { myr: roundTo(myr, SCALE.MYR), xau: roundTo(xau, SCALE.XAU) };
}

export async function revertedDetail(q: Queryable, orderId: number): Promise<RevertedDetail> {
  const row = await orderOr404(q, orderId);
  const names = await adminNames(q, [row.reverted_by]);
  return { executor: row.reverted_by ? (names.get(row.reverted_by) ?? null) : null, executedAt: row.reverted_at?.toISOString() ?? null, reason: row.revert_reason };
}

/** How many orders have each status asked (every status when none), in the order asked. */
export async function statusCounts(q: Queryable, statuses: readonly string[]): Promise<Array<{ status: string; count: number }>> {
  const wanted = statuses.length > 0 ? [...new Set(statuses)] : [...ORDER_STATUSES];
  const counts = await countByStatus(q, wanted);
  return wanted.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
}

export async function userOrderSummary(q: Queryable, userId: number): Promise<OrderSummary> {
  if (!(await userEverExisted(q, userId))) throw notFound('user');
  return orderSummary(await tradeRecord(q, userId));
}

export async function legacyOrders(q: Queryable, f: { orderId: number | null; userId: number | null; statuses: readonly string[] }): Promise<OrderNode[]> {
  return toNodes(q, await legacyList(q, f));
}

/** The admin detail of SPEC.md §3. Left null: what the order does not record (the other side's spread, an outside provider's quantity). */
export async function orderDetail(q: Queryable, orderId: number, today: string): Promise<OrderDetail> {
  const row = await orderOr404(q, orderId);
  const node = await toNode(q, row);
  const view = await paymentView(q, row, today);
  const names = await adminNames(q, [row.created_by, row.reverted_by]);
  const nameOf = (adminId: number | null) => (adminId === null ? null : (names.get(adminId) ?? null));
  const buy = row.action === 'BUY';
  const figures = detailFigures(
    {
      action: row.action,
      isCustom: row.is_custom,
      currency: row.currency,
      quantityGram: row.quantity_gram,
      myrPrice: row.myr_price,
      usdPrice: row.usd_price,
      costPrice: row.cost_price,
      exchangeRate: row.exchange_rate,
      balanceDeducted: row.balance_deducted,
      goldReserved: row.gold_reserved,
    },
    view,
  );
  return {
    order: node,
    id: row.id,
    username: node.username,
    type: row.is_custom ? 'offline' : 'online',
    orderType: row.is_custom ? 'offline' : row.order_type === 'LIMIT' ? 'limit' : 'market',
    action: buy ? 'buy' : 'sell',
    pair: row.symbol,
    status: row.status,
    quantity: { gram: node.quantityGram, oz: node.quantityOz },
    price: { ...figures.price, limit: row.limit_price },
    spread: { buy: buy ? row.spread_adjustment : null, sell: buy ? null : row.spread_adjustment },
    exchangeRate: row.exchange_rate,
    interest: view.interestTotal,
    interestRate: view.interestRate,
    premium: buy ? { personal: row.user_fee, global: row.global_fee } : null,
    refineryFees: buy ? null : { personal: row.user_fee, global: row.global_fee },
    totalAmount: row.amount,
    amountPaid: figures.amountPaid,
    amountUnpaid: figures.amountUnpaid,
    quantityPaid: figures.quantityPaid,
    quantityUnpaid: figures.quantityUnpaid,
    amountOwed: figures.amountOwed,
    expiration: { type: row.good_till_date ? 'GTD' : 'GTC', date: row.good_till_date },
    paymentDate: view.payments.at(-1)?.paymentMadeAt ?? null,
    settledAt: node.settledAt,
    settlementAmount: row.settled_at ? row.amount : null,
    costAmount: figures.costAmount,
    averagePrice: row.myr_price,
    adminNote: row.note,
    userComment: row.comment,
    revertReason: row.revert_reason,
    revertedExecutor: nameOf(row.reverted_by),
    revertedAt: row.reverted_at?.toISOString() ?? null,
    createdAt: node.createdAt,
    createdBy: nameOf(row.created_by),
    timeline: node.timeline,
    external: row.is_custom ? { source: row.source, price: row.cost_price, quantity: node.quantityGram } : null,
    hedges: await orderHedges(q, { id: row.id, action: row.action, currency: row.currency, myrPrice: row.myr_price, usdPrice: row.usd_price, exchangeRate: row.exchange_rate }),
    payment: view,
  };
}

/** One page of the orders connection: keyset on id (after/before), the page size, whether there is more on each side, the count. */
export interface ConnectionPage {
  size: number;
  backward: boolean;
  after: number | null;
  before: number | null;
}

/** Beyond this many matching orders, an arbitrary filter's total reads "10,000+" (decision 0421). */
export const COUNT_BOUND = 10_000;

export async function ordersConnection(q: Queryable, filter: OrderFilter, page: ConnectionPage) {
  // the other direction: is there anything beyond the cursor we came from?
  const from = page.backward ? page.before : page.after;
  // page, total and "beyond" in one statement (one round trip); on a PostgreSQL pool a bounded count
  // runs beside it on another connection (PGlite has one connection: one statement is quickest)
  const concurrentCount = 'driver' in q && (q as Db).driver === 'postgres';
  const read = await connectionRead(q, filter, page, COUNT_BOUND + 1, from === null ? null : { cond: page.backward ? '>=' : '<=', id: from }, { concurrentCount });
  const total = onlyStatuses(filter) || read.total <= COUNT_BOUND ? { count: read.total, lowerBound: false } : { count: COUNT_BOUND, lowerBound: true };
  const more = read.rows.length > page.size;
  const pageRows = read.rows.slice(0, page.size);
  if (page.backward) pageRows.reverse();
  const hasNextPage = page.backward ? read.beyond : more;
  const hasPreviousPage = page.backward ? more : read.beyond;
  return { nodes: await toNodes(q, pageRows), hasNextPage, hasPreviousPage, totalCount: total.count, totalIsLowerBound: total.lowerBound };
}

/**
 * The orders matching a filter, by id ascending in keyset batches (the connection's order and
 * query), as the connection's nodes without their timelines: the CSV export's rows. A batch is read
 * when the previous one has been taken; orders created after the first read are left out (an id
 * ceiling), so the file is the list as of its start.
 */
export async function* orderExportBatches(q: Queryable, filter: OrderFilter, batch: number): AsyncGenerator<ReadonlyArray<Omit<OrderNode, 'timeline'>>> {
  const top = await maxOrderId(q);
  if (top === null) return;
  let after: number | null = null;
  for (;;) {
    // the connection's forward page (orderPage reads one more than asked: a full batch is `batch`
    // rows); the ceiling is applied here, not in the query, so the page keeps its index plan
    const rows = await orderPage(q, filter, batch - 1, false, after, null);
    const kept = rows.filter((r) => r.id <= top);
    if (kept.length > 0) yield kept.map((r) => orderFields(r, r.username ?? ''));
    if (rows.length < batch || kept.length < rows.length) return;
    after = rows[rows.length - 1]!.id;
  }
}
